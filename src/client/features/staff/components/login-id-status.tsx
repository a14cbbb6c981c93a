import { useId } from 'react';
import { appText } from '../../../../shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import type { useLoginIdAvailability } from '../api/staff-api';

type Availability = ReturnType<typeof useLoginIdAvailability>;

/** The login ID's hint: its rule, then whether the server says it is free (asked once typing pauses). */
export function LoginIdHint({
  showStatus,
  checking,
  checked,
}: {
  /** False while the field shows an error: the error says it all. */
  showStatus: boolean;
  checking: boolean;
  checked: Availability['data'];
}) {
  const i18n = useI18n();
  return (
    <>
      <span>{appText(i18n, 'app.admin.staff.loginIdHint')}</span>
      {showStatus && (
        <span aria-live="polite" className="block">
          {checking && !checked ? (
            appText(i18n, 'app.admin.staff.checking')
          ) : checked?.available ? (
            <span className="font-medium text-success-800">
              {appText(i18n, 'app.admin.staff.loginIdFree')}
            </span>
          ) : checked && !checked.available ? (
            <span className="font-medium text-warning-900">
              {appText(
                i18n,
                checked.suggestions.length > 0
                  ? 'app.admin.staff.loginIdTaken'
                  : 'app.admin.staff.noSuggestions',
              )}
            </span>
          ) : null}
        </span>
      )}
    </>
  );
}

/** SPEC §2/§8: up to 3 free login IDs offered when the one typed is taken; picking one fills the field. */
export function LoginIdSuggestions({
  suggestions,
  onPick,
}: {
  suggestions: string[] | null;
  onPick: (suggestion: string) => void;
}) {
  const i18n = useI18n();
  const labelId = useId();
  if (suggestions === null || suggestions.length === 0) return null;
  return (
    <div role="group" aria-labelledby={labelId} className="mt-1">
      <p id={labelId} className="text-sm font-medium text-ink-soft">
        {appText(i18n, 'app.admin.staff.suggestions')}
      </p>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {suggestions.map((suggestion) => (
          <button
            key={suggestion}
            type="button"
            onClick={() => onPick(suggestion)}
            className="min-h-11 rounded-full border border-brand-300 bg-brand-50 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            {suggestion}
          </button>
        ))}
      </div>
    </div>
  );
}
