/**
 * A form's own error, in the form (issues 12 and 26, decision 067): what no single field is about — a sign-in
 * refused, a save that failed. It stays until the next attempt, fields may point at it with aria-describedby, and it
 * is announced once when it appears (an element with role="alert" is announced as it is inserted). Never also
 * toasted. Nothing is rendered while there is no error, so a page holds no empty alert.
 */
export function FormError({ id, message }: { id?: string; message: string | null }) {
  if (message === null) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-control border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800"
    >
      {message}
    </p>
  );
}
