import type { RequestType } from '../../../../shared/rules';
import { guestAgoText, guestButtonLabel, guestText } from '../../../../shared/i18n/guest';
import { useI18n } from '../../../lib/i18n';
import { GuestIcon } from './guest-icons';

/** Where the table's request is, as the guest page shows it (issue 12): sent → on the way → done. */
export interface GuestRequestStatus {
  kind: 'sent' | 'taken' | 'done';
  type: RequestType;
  createdAt: number;
  /** The taker's first name; null: not taken yet, or the restaurant does not show names. */
  takenBy: string | null;
}

/**
 * The table's open request, in one card above the buttons. Not a live region: the "sent 45 s ago" line ticks,
 * and a screen reader must not hear it every second; the page announces each change once (guest-table-page.tsx).
 */
export function GuestRequestStatusCard({
  status,
  now,
}: {
  status: GuestRequestStatus;
  now: number;
}) {
  const i18n = useI18n();
  const label = guestButtonLabel(i18n, status.type);
  const tone =
    status.kind === 'sent'
      ? 'border-warning-300 bg-warning-50 text-warning-950'
      : 'border-success-300 bg-success-50 text-success-950';
  return (
    <section
      aria-label={guestText(i18n, 'guest.yourRequest')}
      data-request-status={status.kind}
      className={`flex items-center gap-3 rounded-panel border-2 p-4 shadow-sm ${tone}`}
    >
      <span className="shrink-0">
        <GuestIcon name={status.kind === 'sent' ? status.type : 'sent'} className="size-8" />
      </span>
      <div className="min-w-0">
        <p className="text-lg font-bold">
          {status.kind === 'sent'
            ? label
            : status.kind === 'taken'
              ? status.takenBy
                ? guestText(i18n, 'guest.serverOnTheWay', { name: status.takenBy })
                : guestText(i18n, 'guest.someoneOnTheWay')
              : guestText(i18n, 'guest.done')}
        </p>
        <p className="text-sm">
          {status.kind === 'sent' ? (
            <>
              {/* The server drew this with its own clock: the browser's may differ by a second. */}
              <span suppressHydrationWarning>
                {guestText(i18n, 'guest.sentAgo', {
                  ago: guestAgoText(i18n, now - status.createdAt),
                })}
              </span>
              {' · '}
              {guestText(i18n, 'guest.waiting')}
            </>
          ) : (
            label
          )}
        </p>
      </div>
    </section>
  );
}
