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
}

/** A labelled input with a 48 px touch target, a visible focus ring, and its hint and error wired up by id. */
export function FormField({
  label,
  hint,
  error,
  addon,
  footer,
  className = '',
  id: givenId,
  ...inputProps
}: FormFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClass(Boolean(error))} ${className}`}
          {...inputProps}
        />
        {addon}
      </div>
      {hint && (
        <div id={hintId} className="text-sm text-slate-700">
          {hint}
        </div>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {footer}
    </div>
  );
}
