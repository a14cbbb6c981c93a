import { useEffect, useRef, useState } from 'react';
import {
  GUEST_DONE_MS,
  GUEST_SEND_VIBRATION_MS,
  SENT_CONFIRMATION_MS,
} from '../../../../shared/constants';
import type { GuestRequestState, GuestTableResponse } from '../../../../shared/schemas';
import type { RequestType } from '../../../../shared/rules';
import type { TableRef } from '../../../../shared/paths';
import { guestAgoText, guestButtonLabel, guestText } from '../../../../shared/i18n/guest';
import type { I18n } from '../../../../shared/i18n/i18n';
import type { Locale } from '../../../../shared/i18n/locales';
import { ApiRequestError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { safeColor } from '../../../../shared/color';
import { useOnline } from '../../../lib/pwa';
import { useThemeColor } from '../../../lib/use-theme-color';
import { useNow } from '../../../lib/use-now';
import { sendGuestRequest } from '../api/guest-api';
import { useGuestTableState, useGuestTableStore } from '../api/guest-table-store';
import { useCooldown } from '../api/use-cooldown';
import { useGuestLive } from '../api/use-guest-live';
import type { GuestButtonState } from '../components/guest-request-button';
import { GuestSkeleton } from '../components/guest-skeleton';
import type { GuestRequestStatus } from '../components/guest-request-status';
import {
  ALL_IDLE,
  GuestTableView,
  statusOfOpen,
  type ButtonStates,
} from '../components/guest-table-view';
import { TableNotFound } from '../components/table-not-found';
import { takeEarlyPress } from '../lib/early-press';

/**
 * SPEC §2 guest page /table/{restaurantId}/{tableId}: public, no sign-in. main.tsx renders it straight from the
 * URL, without the router, zod or any staff code (no toasts, no QR library), so it loads fast on a guest's phone
 * (decision 016).
 */
/** The page's language and what the language switcher calls (issue 15; guest-app.tsx holds the state). */
export interface GuestLanguage {
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
}

export function GuestTablePage({
  restaurantId,
  tableId,
  language,
}: TableRef & { language: GuestLanguage }) {
  const i18n = useI18n();
  const store = useGuestTableStore();
  const guestTable = useGuestTableState();
  const online = useOnline();

  // Issue 5: without network (the service worker served this page) say so; the data loads once it is back.
  if (guestTable.status === 'pending' && !online) return <GuestOffline />;
  if (guestTable.status === 'pending') return <GuestSkeleton />;
  if (guestTable.status === 'error') {
    const notFound = guestTable.error instanceof ApiRequestError && guestTable.error.status === 404;
    if (notFound) return <TableNotFound />;
    const unreachable =
      guestTable.error instanceof ApiRequestError && guestTable.error.status === 0;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-canvas px-6 text-center">
        <p role="alert" className="text-ink-soft">
          {unreachable
            ? guestText(i18n, 'guest.offline')
            : guestText(
                i18n,
                isUnavailable(guestTable.error) ? 'guest.serviceUnavailable' : 'guest.loadFailed',
              )}
        </p>
        <button
          type="button"
          onClick={() => void store.load()}
          className="min-h-12 rounded-control bg-ink px-5 font-semibold text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ink focus-visible:ring-offset-2"
        >
          {guestText(i18n, 'guest.tryAgain')}
        </button>
      </main>
    );
  }
  return (
    <GuestTable
      restaurantId={restaurantId}
      tableId={tableId}
      data={guestTable.data}
      language={language}
    />
  );
}

/** The server answered 503: its database is away for a moment (decision 027). */
const isUnavailable = (error: unknown) => error instanceof ApiRequestError && error.status === 503;

/** Why a press failed, in the guest's words (SPEC §8 'Failed to send request.' in English). */
function sendFailure(i18n: I18n, error: unknown): string {
  if (isUnavailable(error)) return guestText(i18n, 'guest.callUnavailable');
  if (error instanceof ApiRequestError && error.status === 429)
    return guestText(i18n, 'guest.tooManyRequests');
  return guestText(i18n, 'guest.sendFailed');
}

function GuestOffline() {
  const i18n = useI18n();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-canvas px-6 text-center">
      <p role="alert" className="max-w-sm text-lg font-medium text-ink-soft">
        {guestText(i18n, 'guest.offline')}
      </p>
    </main>
  );
}

function GuestTable({
  restaurantId,
  tableId,
  data,
  language,
}: {
  restaurantId: string;
  tableId: string;
  data: GuestTableResponse;
  language: GuestLanguage;
}) {
  const i18n = useI18n();
  const { restaurant, table } = data;
  const primary = safeColor(restaurant.primaryColor);
  useThemeColor(primary);
  const store = useGuestTableStore();

  const [cooldown, setCooldown, recheck] = useCooldown(
    restaurantId,
    tableId,
    data.cooldownRemainingSeconds,
  );
  const [states, setStates] = useState<ButtonStates>(ALL_IDLE);
  const sentTimers = useRef(new Map<RequestType, number>());
  const now = useNow(1000);
  // Issue 12: "Done ✓" for a while after the table's request was completed (until `now`, which ticks each second,
  // passes it), then only the buttons again.
  const [done, setDone] = useState<{ status: GuestRequestStatus; until: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // Issue 3: branding saved by the admin shows here without a reload; issue 12: so does the table's request.
  // Opened just as another phone pressed, the page may have missed that event: the first connection re-checks.
  useGuestLive(restaurantId, tableId, onTableRequest, recheck);
  function onTableRequest(request: GuestRequestState) {
    const label = guestButtonLabel(i18n, request.type);
    switch (request.status) {
      case 'pending':
        // Pressed here or on another phone at the table: the cool-down now runs for everyone at the table.
        recheck();
        return;
      case 'acknowledged':
        setAnnouncement(
          `${label}: ${request.takenBy ? guestText(i18n, 'guest.serverOnTheWay', { name: request.takenBy }) : guestText(i18n, 'guest.someoneOnTheWay')}`,
        );
        return;
      case 'completed':
        setDone({
          status: { kind: 'done', type: request.type, createdAt: request.createdAt, takenBy: null },
          until: Date.now() + GUEST_DONE_MS,
        });
        setAnnouncement(`${label}: ${guestText(i18n, 'guest.done')}`);
        return;
      case 'dismissed':
        return;
    }
  }

  // Said once when pressing is possible again (not every second of the countdown), and the refusal is over.
  const coolingDown = cooldown > 0;
  const wasCoolingDown = useRef(coolingDown);
  useEffect(() => {
    if (wasCoolingDown.current && !coolingDown) {
      setAnnouncement(guestText(i18n, 'guest.announceReady'));
      setNotice(null);
    }
    wasCoolingDown.current = coolingDown;
  }, [coolingDown, i18n]);

  useEffect(() => {
    const timers = sentTimers.current;
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, []);

  // A tap on the server-drawn page before the app took it over (decision 017) is sent now.
  useEffect(() => {
    const early = takeEarlyPress();
    if (early) void send(early);
    // Once, on mount: `send` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setState = (type: RequestType, state: GuestButtonState) =>
    setStates((current) => ({ ...current, [type]: state }));

  /** Why this press is ignored: the table's request is already in (which one, how long ago) and the wait. */
  function refusedNotice(seconds: number): string {
    const open = data.openRequests[0];
    return open
      ? guestText(i18n, 'guest.alreadyIn', {
          label: guestButtonLabel(i18n, open.type),
          ago: guestAgoText(i18n, Date.now() - open.createdAt),
          seconds,
        })
      : guestText(i18n, 'guest.cooldownActive', { seconds });
  }

  async function send(type: RequestType) {
    // SPEC §5: during the cool-down, or while this button is sending, a press is ignored; issue 12 says why.
    if (states[type] === 'pending') return;
    if (cooldown > 0) {
      setNotice(refusedNotice(cooldown));
      return;
    }
    window.clearTimeout(sentTimers.current.get(type));
    setState(type, 'pending');
    setNotice(null);
    try {
      const result = await sendGuestRequest(restaurantId, tableId, type);
      navigator.vibrate?.(GUEST_SEND_VIBRATION_MS);
      setCooldown(result.cooldownRemainingSeconds);
      setState(type, 'sent');
      setDone(null);
      setAnnouncement(
        guestText(i18n, 'guest.announceSent', {
          label: guestButtonLabel(i18n, type),
          seconds: result.cooldownRemainingSeconds,
        }),
      );
      // The status card shows the request at once, whether or not the live channel is up.
      recheck();
      sentTimers.current.set(
        type,
        window.setTimeout(() => setState(type, 'idle'), SENT_CONFIRMATION_MS),
      );
    } catch (error) {
      setState(type, 'idle');
      if (error instanceof ApiRequestError && error.code === 'cooldown') {
        // Another guest at this table was quicker: say the wait in the guest's language (the server's words are
        // English), and fetch the table's state in case the live channel has not brought it.
        setCooldown(error.retryAfterSeconds ?? 0);
        setNotice(
          guestText(i18n, 'guest.cooldownActive', { seconds: error.retryAfterSeconds ?? 0 }),
        );
        void store.load();
        return;
      }
      // SPEC §8: the message, or 'Failed to send request.', in a browser alert; the cool-down resets to 0. While the
      // database is away (503, decision 027) the guest is told plainly that staff were not called.
      setCooldown(0);
      window.alert(sendFailure(i18n, error));
    }
  }

  const showDone = done !== null && now < done.until;
  return (
    <GuestTableView
      restaurant={restaurant}
      tableNumber={table.number}
      states={states}
      cooldown={cooldown}
      onPress={(type) => void send(type)}
      status={statusOfOpen(data.openRequests) ?? (showDone ? done.status : null)}
      now={now}
      notice={notice}
      announcement={announcement}
      locale={language.locale}
      onLocaleChange={language.onLocaleChange}
    />
  );
}
