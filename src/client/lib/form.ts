/**
 * The one form pattern (issue 17, decision 043): react-hook-form validated by the shared zod schemas, errors shown
 * on submit and cleared as the field is edited (never re-judged while typing), focus on the first field in error;
 * a server's refusal lands on the field it is about, through serverErrorToForm.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from './api-client';

/** Options every form passes to useForm. */
export const FORM_OPTIONS = {
  mode: 'onSubmit',
  reValidateMode: 'onSubmit',
  shouldFocusError: true,
} as const;

export interface ServerErrorMapping<T extends FieldValues> {
  /** The field each server error code is about. */
  fields?: Partial<Record<string, Path<T>>>;
  /** Where any other error goes; the form's root error when not given. */
  otherwise?: Path<T>;
  /** Which server errors' own messages are for the user; by default every 4xx answer. */
  isKnown?: (error: ApiRequestError) => boolean;
  /** A code's text when it is not the server's message (e.g. SPEC §8's taken-with-no-suggestion text). */
  messages?: Partial<Record<string, (error: ApiRequestError) => string>>;
  /** The text of any other failure (5xx, network): SPEC's 'Failed to …'. */
  fallback: string;
}

/**
 * Puts a failed request's error on the form, on the field the code is about (focused) or the root error, and
 * returns what it says and whether it is the server's own word. The form shows it; it is never also toasted
 * (decision 067).
 */
export function serverErrorToForm<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  error: unknown,
  mapping: ServerErrorMapping<T>,
): { message: string; known: boolean } {
  const known =
    error instanceof ApiRequestError &&
    error.fromServer &&
    (mapping.isKnown ? mapping.isKnown(error) : error.status < 500);
  const code = error instanceof ApiRequestError ? error.code : '';
  const message = !known ? mapping.fallback : (mapping.messages?.[code]?.(error) ?? error.message);
  const field = (known ? mapping.fields?.[code] : undefined) ?? mapping.otherwise;
  if (field === undefined) form.setError('root.server', { type: code, message });
  else form.setError(field, { type: code, message }, { shouldFocus: true });
  return { message, known };
}
