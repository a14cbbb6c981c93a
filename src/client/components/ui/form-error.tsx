/**
 * A form's own error (a sign-in refusal, issue 12; any refusal not about one field, issue 26): it stays until the next attempt, fields point at it with
 * aria-describedby, and it is announced once when it appears (role="alert").
 */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <p
      id={id}
      role="alert"
      className={
        message === null
          ? 'sr-only'
          : 'rounded-control border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800'
      }
    >
      {message}
    </p>
  );
}
