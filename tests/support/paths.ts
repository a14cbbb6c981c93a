import path from 'node:path';

export const TMP = path.resolve(import.meta.dirname, '../../.tmp');
export const TEMPLATE_DUMP = path.join(TMP, 'pglite-template.tar');
export const TEMPLATE_DB = 'ts_template';

/** The maintenance database on the same server, for CREATE/DROP DATABASE. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}
