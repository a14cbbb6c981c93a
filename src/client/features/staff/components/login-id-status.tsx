import { useId } from 'react';
import { MSG } from '../../../../shared/messages';
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
  return (
    <>
      <span>Suggested from the name. At least 3 characters.</span>
      {showStatus && (
        <span aria-live="polite" className="block">
          {checking && !checked ? (
            'Checking availability…'
          ) : checked?.available ? (
            <span className="font-medium text-success-800">✓ This Login ID is available</span>
          ) : checked && !checked.available ? (
            <span className="font-medium text-warning-900">
              {checked.suggestions.length > 0 ? MSG.loginIdTaken : MSG.noLoginIdSuggestions}
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
  const labelId = useId();
  if (suggestions === null || suggestions.length === 0) return null;
  return (
    <div role="group" aria-labelledby={labelId} className="mt-1">
      <p id={labelId} className="text-sm font-medium text-ink-soft">
        Suggested login IDs
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
