import type { ReactNode } from 'react';
import { enabledTypes, type RequestKind } from '@shared/request-types';
import { guestButtonLabel, guestText } from '@shared/i18n/guest';
import type { Locale } from '@shared/i18n/locales';
import type { I18n } from '@shared/i18n/i18n';
import { I18nContext, useI18n } from '../../../lib/i18n';
import type { GuestRequestState, PublicRestaurant, UsualWaits } from '@shared/schemas';
import { safeColor } from '@shared/color';
import { GuestHeader } from './guest-header';
import { GuestRequestButton, type GuestButtonState } from './guest-request-button';
import { GuestConnectionNotice, type GuestConnection } from './guest-connection-notice';
import {
  GuestRequestStatusCard,
  type GuestRequestStatus,
  type OwnRequestActions,
} from './guest-request-status';
import { GuestRequestExtras, NO_EXTRAS, type GuestExtras } from './guest-request-extras';
import { ReviewButton } from './review-button';

/** Each button's state by its type; a type not in it is idle. */
export type ButtonStates = Partial<Record<RequestKind, GuestButtonState>>;
export const ALL_IDLE: ButtonStates = {};

export interface GuestTableViewProps {
  restaurant: PublicRestaurant;
  tableNumber: string;
  states: ButtonStates;
  /** Seconds left of the table's cool-down; the buttons are disabled while it runs. */
  cooldown: number;
  /** A press is on its way (sent, or waiting for the service): the other buttons wait too. Absent: none. */
  sending?: boolean;
  /** The service cannot be reached (issue 29): what the page says about it. Absent or null: it can. */
  connection?: GuestConnection | null;
  onPress: (type: RequestKind) => void;
  /** The table's request as it stands (issue 12), or null: nothing open. */
  status: GuestRequestStatus | null;
  /** What this phone may do to that request, when this phone pressed it (decision 071). Absent: nothing. */
  own?: OwnRequestActions | null;
  /**
   * "Did you get what you needed?" or the rating after the bill (decisions 082, 083), drawn below the status card;
   * only ever in the browser, for the phone that pressed (the server-drawn page has none).
   */
  feedback?: ReactNode;
  /** The note and the allergy / urgent flag for the next press (decision 070), and what changes them. */
  extras?: GuestExtras;
  onNoteChange?: (note: string) => void;
  onUrgentChange?: (urgent: boolean) => void;
  /** The time the status's "sent … ago" counts to. */
  now: number;
  /**
   * Outside the restaurant's opening hours (decision 100): the buttons are off and the page says why, before anyone
   * presses.
   */
  closed?: boolean;
  /** Why a press was refused (the table's request is already in, which one, the wait); null: nothing to say. */
  notice: string | null;
  /** Said once to a screen reader: sent, on the way, done, pressing possible again (issue 12 item 9). */
  announcement: string;
  /** The page's language (issue 15), and what the language switcher calls with the guest's choice. */
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
}

/**
 * The table's newest open request, as the status card shows it, with what the guest sent with it and the usual
 * wait for its type at this hour (decision 071); null when none is open.
 */
export function statusOfOpen(
  open: readonly GuestRequestState[],
  usualWaits: UsualWaits = {},
): GuestRequestStatus | null {
  const newest = open[0];
  if (!newest) return null;
  return {
    kind: newest.status === 'acknowledged' ? 'taken' : 'sent',
    type: newest.type,
    createdAt: newest.createdAt,
    takenBy: newest.takenBy,
    id: newest.id,
    note: newest.note,
    urgent: newest.urgent,
    billMethod: newest.billMethod,
    usualWaitMinutes: usualWaits[newest.type],
  };
}

/** The view in `i18n`'s language, as the server renders it (decision 017; the browser's GuestApp provides its own). */
export function GuestTableViewIn({ i18n, ...props }: GuestTableViewProps & { i18n: I18n }) {
  return (
    <I18nContext value={i18n}>
      <GuestTableView {...props} />
    </I18nContext>
  );
}

/**
 * SPEC §2 guest page, as it looks: header, the four buttons, the cool-down line, the review link and the footer.
 * Pure (no effects, no browser APIs), so the server renders the same markup into the page's HTML (decision 017)
 * and the browser paints the page before any script has run.
 */
export function GuestTableView({
  restaurant,
  tableNumber,
  states,
  cooldown,
  closed = false,
  sending = false,
  connection = null,
  onPress,
  status,
  own = null,
  feedback = null,
  extras = NO_EXTRAS,
  onNoteChange = () => undefined,
  onUrgentChange = () => undefined,
  now,
  notice,
  announcement,
  locale,
  onLocaleChange,
}: GuestTableViewProps) {
  const i18n = useI18n();
  const primary = safeColor(restaurant.primaryColor);
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden bg-canvas">
      {restaurant.logoUrl && (
        // SPEC §2: the logo is also used as a faint background.
        <img
          src={restaurant.logoUrl}
          alt=""
          aria-hidden="true"
          className="pointer-events-none fixed inset-0 m-auto w-3/4 max-w-md object-contain opacity-5"
        />
      )}
      <GuestHeader
        restaurant={restaurant}
        tableNumber={tableNumber}
        locale={locale}
        onLocaleChange={onLocaleChange}
      />

      <main className="relative mx-auto flex w-full max-w-lg flex-1 flex-col gap-6 px-4 py-6">
        {connection && <GuestConnectionNotice connection={connection} />}
        {status && (
          <GuestRequestStatusCard status={status} now={now} own={own} restaurant={restaurant} />
        )}
        {feedback}
        {closed && (
          <p
            role="status"
            className="rounded-card border border-line-strong bg-white p-3 text-center text-sm font-medium text-ink"
          >
            {guestText(i18n, 'guest.closed')}
          </p>
        )}
        <div className="grid grid-cols-2 gap-4">
          {/* SPEC's four the restaurant shows, then its own (decision 087), in the guest's language. */}
          {enabledTypes(restaurant.requestTypes).map((type) => (
            <GuestRequestButton
              key={type}
              type={type}
              requestTypes={restaurant.requestTypes}
              label={guestButtonLabel(i18n, type, restaurant)}
              state={states[type] ?? 'idle'}
              disabled={cooldown > 0 || sending || closed}
              color={primary}
              onPress={onPress}
            />
          ))}
        </div>

        {notice && (
          <p
            role="status"
            className="rounded-card border border-line-strong bg-white p-3 text-center text-sm font-medium text-ink"
          >
            {notice}
          </p>
        )}
        {/* Shown, not announced: a countdown in a live region was read out every second (issue 12 item 9). The
            page's one countdown (issue 28 item 5): no other text carries the seconds. */}
        <p className="min-h-6 text-center text-sm font-medium text-body">
          {cooldown > 0 ? guestText(i18n, 'guest.cooldown', { seconds: cooldown }) : ''}
        </p>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <GuestRequestExtras
          extras={extras}
          onNoteChange={onNoteChange}
          onUrgentChange={onUrgentChange}
        />

        {restaurant.reviewUrl && <ReviewButton reviewUrl={restaurant.reviewUrl} color={primary} />}
      </main>

      <footer className="relative py-6 text-center text-xs text-muted">
        {guestText(i18n, 'guest.poweredBy')}
      </footer>
    </div>
  );
}
