import type { RequestKind } from '@shared/request-types';
import type { PublicRestaurant } from '@shared/schemas';
import type { BillMethod } from '@shared/schemas';
import { guestAgoText, guestButtonLabel, guestText } from '@shared/i18n/guest';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';
import { GuestIcon, GuestTypeIcon } from './guest-icons';

/** Where the table's request is, as the guest page shows it (issue 12): sent → on the way → done. */
export interface GuestRequestStatus {
  kind: 'sent' | 'taken' | 'done';
  type: RequestKind;
  createdAt: number;
  /** The taker's first name; null: not taken yet, or the restaurant does not show names. */
  takenBy: string | null;
  /** The request (absent on "Done"), and what the guest sent with it (decisions 070, 071). */
  id?: string;
  note?: string | null;
  urgent?: boolean;
  billMethod?: BillMethod | null;
  /** The restaurant's usual wait for this type at this hour, in minutes (decision 071); absent: too little data. */
  usualWaitMinutes?: number | undefined;
}

/** What this phone may do to the request it pressed (decision 071); null: another phone's, or not known yet. */
export interface OwnRequestActions {
  onCancel: () => void;
  onBillMethod: (method: BillMethod) => void;
  /** A change is on its way. */
  busy: boolean;
}

const BILL_METHODS: readonly BillMethod[] = ['card', 'cash'];

/**
 * The table's open request, in one card above the buttons. Not a live region: the "sent 45 s ago" line ticks,
 * and a screen reader must not hear it every second; the page announces each change once (guest-table-page.tsx).
 * The guest's note is drawn as text, never as HTML.
 */
export function GuestRequestStatusCard({
  status,
  now,
  own = null,
  restaurant,
}: {
  status: GuestRequestStatus;
  now: number;
  own?: OwnRequestActions | null;
  /** Names the restaurant's own buttons (decision 087). */
  restaurant: Pick<PublicRestaurant, 'requestTypes' | 'guestLanguage'>;
}) {
  const i18n = useI18n();
  const label = guestButtonLabel(i18n, status.type, restaurant);
  const tone =
    status.kind === 'sent'
      ? 'border-warning-300 bg-warning-50 text-warning-950'
      : 'border-success-300 bg-success-50 text-success-950';
  const open = status.kind !== 'done';
  const chooseBill = open && own !== null && status.type === 'bill';
  const canCancel = status.kind === 'sent' && own !== null;
  return (
    <section
      aria-label={guestText(i18n, 'guest.yourRequest')}
      data-request-status={status.kind}
      className={`flex flex-col gap-3 rounded-panel border-2 p-4 shadow-sm ${tone}`}
    >
      <div className="flex items-center gap-3">
        <span className="shrink-0">
          {status.kind === 'sent' ? (
            <GuestTypeIcon
              type={status.type}
              requestTypes={restaurant.requestTypes}
              className="size-8"
            />
          ) : (
            <GuestIcon name="sent" className="size-8" />
          )}
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
          {status.kind === 'sent' && status.usualWaitMinutes !== undefined && (
            <p className="mt-1 flex items-center gap-1 text-sm font-medium" data-usual-wait>
              <GuestIcon name="clock" className="size-4 shrink-0" />
              {guestText(i18n, 'guest.usualWait', { minutes: status.usualWaitMinutes })}
            </p>
          )}
        </div>
      </div>
      {open && (status.urgent || status.note) && (
        <div className="flex flex-col gap-1 text-sm">
          {status.urgent && (
            <p className="inline-flex items-center gap-1.5 self-start rounded-full bg-urgent-700 px-2.5 py-0.5 font-semibold text-white">
              <GuestIcon name="urgent" className="size-4 shrink-0" />
              {guestText(i18n, 'guest.urgent.label')}
            </p>
          )}
          {status.note && (
            <p dir="auto" className="break-words font-medium">
              {guestText(i18n, 'guest.yourNote', { note: status.note })}
            </p>
          )}
        </div>
      )}
      {chooseBill && (
        <div role="group" aria-labelledby="guest-bill-question" className="flex flex-col gap-2">
          <p id="guest-bill-question" className="text-sm font-semibold">
            {guestText(i18n, 'guest.bill.question')}
          </p>
          <div className="grid grid-cols-2 gap-2">
            {BILL_METHODS.map((method) => {
              const chosen = status.billMethod === method;
              return (
                <button
                  key={method}
                  type="button"
                  aria-pressed={chosen}
                  aria-disabled={own.busy || undefined}
                  data-bill-method={method}
                  onClick={() => {
                    if (!own.busy) own.onBillMethod(method);
                  }}
                  className={`flex min-h-12 items-center justify-center gap-2 rounded-control border-2 px-3 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ink focus-visible:ring-offset-2 ${
                    chosen
                      ? 'border-ink bg-ink text-white'
                      : 'border-line-strong bg-white text-ink hover:bg-sunken'
                  }`}
                >
                  <GuestIcon name={method} className="size-5 shrink-0" />
                  {guestText(i18n, method === 'card' ? 'guest.bill.card' : 'guest.bill.cash')}
                  {chosen && <GuestIcon name="sent" className="size-4 shrink-0" />}
                </button>
              );
            })}
          </div>
        </div>
      )}
      {canCancel && (
        <button
          type="button"
          onClick={() => {
            if (!own.busy) own.onCancel();
          }}
          aria-disabled={own.busy || undefined}
          className="inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-control border border-line-strong bg-white px-4 text-sm font-semibold text-ink hover:bg-sunken focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ink focus-visible:ring-offset-2"
        >
          {own.busy && <Spinner className="size-4" />}
          {guestText(i18n, 'guest.cancel')}
        </button>
      )}
    </section>
  );
}
