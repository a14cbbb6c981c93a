import { useId, useState } from 'react';
import { loginIdError, normalizeLoginId } from '@shared/fields';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLoginIdAvailability } from '../api/staff-api';

type Availability = ReturnType<typeof useLoginIdAvailability>;

const AVAILABILITY_DEBOUNCE_MS = 400;

/** A login ID the server would accept the shape of (so worth asking about), or null. */
function checkableLoginId(loginId: string): string | null {
  return loginIdError(loginId) === null ? loginId : null;
}

/**
 * The login ID field's check as the admin types (Add Staff and the edit dialog): asked once typing pauses, with
 * the server's 409 suggestions (SPEC §8) kept while that ID is in the field. `own`: the member's current login ID,
 * never reported as taken.
 */
export function useLoginIdCheck(typed: string, own: string | null = null) {
  const loginId = normalizeLoginId(typed);
  const [rejected, setRejected] = useState<{ loginId: string; suggestions: string[] } | null>(null);
  const candidate = loginId === own ? null : checkableLoginId(loginId);
  const toCheck = useDebouncedValue(candidate, AVAILABILITY_DEBOUNCE_MS);
  const availability = useLoginIdAvailability(toCheck);
  const checkIsCurrent = toCheck !== null && toCheck === loginId;
  const checked = checkIsCurrent ? availability.data : undefined;
  const taken =
    rejected !== null && rejected.loginId === loginId
      ? rejected.suggestions
      : checked && !checked.available
        ? checked.suggestions
        : null;
  return {
    checked,
    checking: checkIsCurrent && availability.isFetching,
    taken,
    reject: (id: string, suggestions: string[]) => setRejected({ loginId: id, suggestions }),
  };
}

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
