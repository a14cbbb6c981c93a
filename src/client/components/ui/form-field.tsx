import {
  useId,
  useImperativeHandle,
  useRef,
  type ComponentProps,
  type ReactNode,
  type Ref,
} from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../lib/i18n';

const INPUT_CLASS =
  'min-h-12 w-full rounded-control border bg-white px-3 text-base text-ink placeholder:text-subtle ' +
  'focus-visible:outline-none focus-visible:ring-2 disabled:bg-sunken disabled:text-muted';

export function inputClass(invalid: boolean): string {
  return `${INPUT_CLASS} ${
    invalid
      ? 'border-danger-600 focus-visible:border-danger-700 focus-visible:ring-danger-600/40'
      : 'border-faint focus-visible:border-brand-600 focus-visible:ring-brand-600/40'
  }`;
}

/** An inline error, announced when it appears (SPEC §5 messages shown next to their field). */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-danger-700">
      {children}
    </p>
  );
}

type InputProps = Omit<
  ComponentProps<'input'>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'form'
>;

export interface FormFieldProps<T extends FieldValues, O> extends InputProps {
  /** The react-hook-form the field belongs to; its value is a string. */
  form: UseFormReturn<T, unknown, O>;
  name: Path<T>;
  label: string;
  /** Help text under the input; the input is described by it. */
  hint?: ReactNode;
  /** Content after the input on the same row (a colour picker, a submit button). */
  addon?: ReactNode;
  /** Content under the input, after hint and error (e.g. suggestion buttons). */
  footer?: ReactNode;
  /**
   * The most characters the value may have. Never enforced by cutting (no `maxLength`: a paste is never cut
   * silently): a counter appears as the value nears it, and an error once it is over (issue 13).
   */
  limit?: number;
  /** Another ref to the input (e.g. a dialog's first focus). */
  inputRef?: Ref<HTMLInputElement>;
  /** What typing stores, when not the text as typed (e.g. a colour without spaces). */
  transform?: (value: string) => string;
  /** Told of every value typed, after the form has it (e.g. the login ID that follows the name). */
  onValueChange?: (value: string) => void;
  /**
   * The id of an element that shows this field's error instead of the field itself (the sign-in forms' one message
   * under both fields); `invalid` marks the field too when that message is the form's, not the field's.
   */
  errorShownAt?: string;
  invalid?: boolean;
  /** Classes of the row holding the input and its addon. */
  rowClassName?: string;
}

/** The counter shows from this share of the limit on. */
const COUNTER_FROM = 0.8;

/**
 * The one field of every form (issue 17): label, 48 px input with a visible focus ring, hint, character limit and
 * error, wired up by id. Errors appear on submit and go away as soon as the field is edited; a value over its limit
 * is said to be so while typing.
 */
export function FormField<T extends FieldValues, O>({
  form,
  name,
  label,
  hint,
  addon,
  footer,
  limit,
  inputRef,
  transform,
  onValueChange,
  errorShownAt,
  invalid = false,
  rowClassName = 'flex items-center gap-2',
  className = '',
  id: givenId,
  ...inputProps
}: FormFieldProps<T, O>) {
  const { field, fieldState } = useController({ control: form.control, name });
  const i18n = useI18n();
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const value = typeof field.value === 'string' ? field.value : '';
  const length = value.trim().length;
  const showCount = limit !== undefined && length >= limit * COUNTER_FROM;
  const error =
    fieldState.error?.message ??
    (limit !== undefined && length > limit
      ? appText(i18n, 'app.console.tooLong', { limit })
      : null);
  const shownHere = error !== null && errorShownAt === undefined;
  const describedBy = [
    hint ? hintId : null,
    showCount ? countId : null,
    shownHere ? errorId : null,
    errorShownAt !== undefined && (error !== null || invalid) ? errorShownAt : null,
  ]
    .filter(Boolean)
    .join(' ');
  const isInvalid = error !== null || invalid;

  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(inputRef, () => input.current as HTMLInputElement);
  function setRefs(element: HTMLInputElement | null) {
    field.ref(element);
    input.current = element;
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        {label}
      </label>
      <div className={rowClassName}>
        <input
          {...inputProps}
          id={id}
          ref={setRefs}
          name={field.name}
          value={value}
          onBlur={field.onBlur}
          onChange={(event) => {
            const next = transform ? transform(event.target.value) : event.target.value;
            field.onChange(next);
            if (fieldState.error) form.clearErrors(name);
            onValueChange?.(next);
          }}
          aria-invalid={isInvalid ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClass(isInvalid)} ${className}`}
        />
        {addon}
      </div>
      {hint && (
        <div id={hintId} className="text-sm text-body">
          {hint}
        </div>
      )}
      {showCount && (
        <p
          id={countId}
          className={`text-sm tabular-nums ${length > limit ? 'font-semibold text-danger-700' : 'text-body'}`}
        >
          {appText(i18n, 'app.console.characterCount', { length, limit })}
        </p>
      )}
      {shownHere && <FieldError id={errorId}>{error}</FieldError>}
      {footer}
    </div>
  );
}
