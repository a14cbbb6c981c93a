import { HEX_COLOR } from '../../../../shared/rules';
import { FormField } from '../../../components/ui/form-field';

export interface ColorFieldProps {
  label: string;
  name: string;
  value: string;
  /** The colour the picker shows while the text is not a valid #RRGGBB. */
  fallback: string;
  error?: string | null;
  onChange: (value: string) => void;
}

/**
 * SPEC §5 Settings: the colour as #RRGGBB text, with the browser's colour picker beside it bound to the same value.
 * The text is the source of truth; the picker follows it whenever it is valid.
 */
export function ColorField({ label, name, value, fallback, error, onChange }: ColorFieldProps) {
  const valid = HEX_COLOR.test(value);
  return (
    <FormField
      label={label}
      name={name}
      autoComplete="off"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={7}
      placeholder="#RRGGBB"
      required
      hint="Format #RRGGBB"
      className="font-mono uppercase"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value.trim())}
      addon={
        <input
          type="color"
          aria-label={`${label} picker`}
          value={(valid ? value : fallback).toLowerCase()}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          className="h-12 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-400 bg-white p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        />
      }
    />
  );
}
