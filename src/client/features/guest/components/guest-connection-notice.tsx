import { guestText } from '@shared/i18n/guest';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';

/** The service cannot be reached (issue 29 item 1): the page says so and what happens to the guest's press. */
export interface GuestConnection {
  /** The label of the press waiting to be delivered; null: none (the page came from this phone's cache). */
  waitingLabel: string | null;
  /** Try now instead of waiting for the next try. */
  onRetryNow: () => void;
}

/**
 * Inline, never a browser dialog: what cannot be reached, what becomes of the press, and that the page is trying
 * again by itself (a visible "Trying again…" with a spinner), with a button to try at once. A polite status: said
 * once when it appears, not on every try.
 */
export function GuestConnectionNotice({ connection }: { connection: GuestConnection }) {
  const i18n = useI18n();
  return (
    <section
      role="status"
      data-guest-connection={connection.waitingLabel === null ? 'unreachable' : 'retrying'}
      className="rounded-panel border-2 border-warning-300 bg-warning-50 p-4 text-warning-950 shadow-sm"
    >
      <p className="text-lg font-bold">{guestText(i18n, 'guest.unreachable')}</p>
      <p className="mt-1 text-sm">
        {connection.waitingLabel === null
          ? guestText(i18n, 'guest.unreachableHint')
          : guestText(i18n, 'guest.pressWaiting', { label: connection.waitingLabel })}
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <Spinner className="size-4" />
          {guestText(i18n, 'guest.tryingAgain')}
        </p>
        <button
          type="button"
          onClick={connection.onRetryNow}
          className="min-h-11 rounded-control border border-warning-300 bg-white px-4 text-sm font-semibold text-ink shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ink focus-visible:ring-offset-2"
        >
          {guestText(i18n, 'guest.tryAgain')}
        </button>
      </div>
    </section>
  );
}
