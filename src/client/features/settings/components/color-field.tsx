import {
  useWatch,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { appText } from '@shared/i18n/app';
import { HEX_COLOR } from '@shared/rules';
import { FormField } from '../../../components/ui/form-field';
import { useI18n } from '../../../lib/i18n';

/** The notation the field takes, the same in every language (not a text to translate). */
const HEX_PATTERN = '#RRGGBB';

export interface ColorFieldProps<T extends FieldValues, O> {
  form: UseFormReturn<T, unknown, O>;
  name: Path<T>;
  label: string;
  /** The colour the picker shows while the text is not a valid #RRGGBB. */
  fallback: string;
}

/**
 * SPEC §5 Settings: the colour as #RRGGBB text, with the browser's colour picker beside it bound to the same value.
 * The text is the source of truth; the picker follows it whenever it is valid.
 */
export function ColorField<T extends FieldValues, O>({
  form,
  name,
  label,
  fallback,
}: ColorFieldProps<T, O>) {
  const i18n = useI18n();
  const value: unknown = useWatch({ control: form.control, name });
  const valid = typeof value === 'string' && HEX_COLOR.test(value);
  return (
    <FormField
      form={form}
      name={name}
      label={label}
      autoComplete="off"
      // #RRGGBB reads left to right in every script (Arabic would show the '#' at the end).
      dir="ltr"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={7}
      placeholder={HEX_PATTERN}
      required
      hint={appText(i18n, 'app.settings.colorHint')}
      className="font-mono uppercase"
      transform={(text) => text.trim()}
      addon={
        <input
          type="color"
          aria-label={appText(i18n, 'app.settings.colorPicker', { label })}
          value={(valid ? value : fallback).toLowerCase()}
          onChange={(event) => {
            form.setValue(name, event.target.value.toUpperCase() as PathValue<T, Path<T>>);
            form.clearErrors(name);
          }}
          className="h-12 w-14 shrink-0 cursor-pointer rounded-control border border-faint bg-white p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        />
      }
    />
  );
}
