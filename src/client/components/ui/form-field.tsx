import { useId, type ComponentProps, type ReactNode } from 'react';

export const INPUT_CLASS =
  'min-h-12 w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 ' +
  'focus-visible:outline-none focus-visible:ring-2 disabled:bg-slate-100 disabled:text-slate-600';

export function inputClass(invalid: boolean): string {
  return `${INPUT_CLASS} ${
    invalid
      ? 'border-red-600 focus-visible:border-red-700 focus-visible:ring-red-600/40'
      : 'border-slate-400 focus-visible:border-blue-600 focus-visible:ring-blue-600/40'
  }`;
}

/** An inline error, announced when it appears (SPEC §5 messages shown next to their field). */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

export interface FormFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Help text under the input; the input is described by it. */
  hint?: ReactNode;
  /** An error under the input (role=alert); the input is marked invalid and described by it. */
  error?: string | null;
  /** Content after the input on the same row (e.g. a colour picker). */
  addon?: ReactNode;
  /** Content under the input, after hint and error (e.g. suggestion buttons). */
  footer?: ReactNode;
  /**
   * The most characters the value may have. Never enforced by cutting (no `maxLength`: a paste is never cut
   * silently): a counter appears as the value nears it, and an error once it is over (issue 13).
   */
  limit?: number;
}

/** The counter shows from this share of the limit on. */
const COUNTER_FROM = 0.8;

/** The error for a value over its limit (the forms refuse to submit it; the server refuses it too). */
export function tooLongError(value: string, limit: number): string | null {
  return value.trim().length > limit ? `Use at most ${limit} characters.` : null;
}

/** A labelled input with a 48 px touch target, a visible focus ring, and its hint and error wired up by id. */
export function FormField({
  label,
  hint,
  error,
  addon,
  footer,
  limit,
  className = '',
  id: givenId,
  ...inputProps
}: FormFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const length = typeof inputProps.value === 'string' ? inputProps.value.trim().length : 0;
  const showCount = limit !== undefined && length >= limit * COUNTER_FROM;
  const shownError =
    error ??
    (limit !== undefined && typeof inputProps.value === 'string'
      ? tooLongError(inputProps.value, limit)
      : null);
  const describedBy = [
    hint ? hintId : null,
    showCount ? countId : null,
    shownError ? errorId : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClass(Boolean(shownError))} ${className}`}
          {...inputProps}
        />
        {addon}
      </div>
      {hint && (
        <div id={hintId} className="text-sm text-slate-700">
          {hint}
        </div>
      )}
      {showCount && (
        <p
          id={countId}
          className={`text-sm tabular-nums ${length > limit ? 'font-semibold text-red-700' : 'text-slate-700'}`}
        >
          {length} / {limit} characters
        </p>
      )}
      {shownError && <FieldError id={errorId}>{shownError}</FieldError>}
      {footer}
    </div>
  );
}
