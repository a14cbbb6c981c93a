/** The multipart field the logo upload takes (its only part); the client fills it without loading the table's schemas. */
export const LOGO_FIELD = 'logo';
