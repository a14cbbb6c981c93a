import { useId, type ComponentProps } from 'react';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
}

/** A labelled input with a large touch target and a visible focus ring. */
export function TextField({ label, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        className={`min-h-12 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-blue-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40 aria-invalid:border-red-600 ${className}`}
        {...inputProps}
      />
    </div>
  );
}
