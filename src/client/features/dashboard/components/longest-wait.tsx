import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { useNow } from '../../../lib/use-now';
import { formatWait } from '../api/dashboard-api';

/** The figure ticks every second between live updates. */
const TICK_MS = 1_000;

/**
 * "Longest wait" (decision 063): the oldest open request's age as the server measured it, plus the time since that
 * answer arrived on this device — so a clock that is off on the device changes nothing.
 */
export function LongestWait({
  seconds,
  receivedAt,
}: {
  /** Age of the oldest open request when the answer was made; null when nobody waits. */
  seconds: number | null;
  /** When the answer arrived here (Date.now() of this device). */
  receivedAt: number;
}) {
  const i18n = useI18n();
  const now = useNow(TICK_MS);
  if (seconds === null)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{appText(i18n, 'app.dashboard.nobodyWaiting')}</span>
      </>
    );
  const elapsed = Math.max(0, Math.floor((now - receivedAt) / 1000));
  return <>{formatWait(seconds + elapsed, i18n)}</>;
}
