import { useEffect, useRef, useState } from 'react';
import { GUEST_SEND_VIBRATION_MS, SENT_CONFIRMATION_MS } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { GuestTableResponse } from '../../../../shared/schemas';
import type { RequestType } from '../../../../shared/rules';
import type { TableRef } from '../../../app/paths';
import { ApiRequestError, messageFrom } from '../../../lib/api-client';
import { safeColor } from '../../../lib/color';
import { useOnline } from '../../../lib/pwa';
import { useThemeColor } from '../../../lib/use-theme-color';
import { sendGuestRequest, useGuestTable } from '../api/guest-api';
import { useCooldown } from '../api/use-cooldown';
import { useGuestLive } from '../api/use-guest-live';
import type { GuestButtonState } from '../components/guest-request-button';
import { GuestSkeleton } from '../components/guest-skeleton';
import { ALL_IDLE, GuestTableView, type ButtonStates } from '../components/guest-table-view';
import { TableNotFound } from '../components/table-not-found';
import { takeEarlyPress } from '../lib/early-press';

/**
 * SPEC §2 guest page /table/{restaurantId}/{tableId}: public, no sign-in. main.tsx renders it straight from the
 * URL, without the router, zod or any staff code (no toasts, no QR library), so it loads fast on a guest's phone
 * (decision 016).
 */
export function GuestTablePage({ restaurantId, tableId }: TableRef) {
  const guestTable = useGuestTable(restaurantId, tableId);
  const online = useOnline();

  // Issue 5: without network (the service worker served this page) say so; the data loads once it is back.
  if (guestTable.isPending && !online) return <GuestOffline />;
  if (guestTable.isPending) return <GuestSkeleton />;
  if (guestTable.isError) {
    const notFound = guestTable.error instanceof ApiRequestError && guestTable.error.status === 404;
    if (notFound) return <TableNotFound />;
    const unreachable =
      guestTable.error instanceof ApiRequestError && guestTable.error.status === 0;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center">
        <p role="alert" className="text-slate-800">
          {unreachable ? MSG.guestOffline : MSG.loadRestaurantFailed}
        </p>
        <button
          type="button"
          onClick={() => void guestTable.refetch()}
          className="min-h-12 rounded-lg bg-slate-900 px-5 font-semibold text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:ring-offset-2"
        >
          Try again
        </button>
      </main>
    );
  }
  return <GuestTable restaurantId={restaurantId} tableId={tableId} data={guestTable.data} />;
}

function GuestOffline() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center">
      <p role="alert" className="max-w-sm text-lg font-medium text-slate-800">
        {MSG.guestOffline}
      </p>
    </main>
  );
}

function GuestTable({
  restaurantId,
  tableId,
  data,
}: {
  restaurantId: string;
  tableId: string;
  data: GuestTableResponse;
}) {
  const { restaurant, table } = data;
  const primary = safeColor(restaurant.primaryColor);
  useThemeColor(primary);
  // Issue 3: branding saved by the admin shows here without a reload.
  useGuestLive(restaurantId, tableId);

  const [cooldown, setCooldown] = useCooldown(restaurantId, tableId, data.cooldownRemainingSeconds);
  const [states, setStates] = useState<ButtonStates>(ALL_IDLE);
  const sentTimers = useRef(new Map<RequestType, number>());

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

  async function send(type: RequestType) {
    // SPEC §5: during the cool-down, or while this button is sending, a press is ignored.
    if (cooldown > 0 || states[type] === 'pending') return;
    window.clearTimeout(sentTimers.current.get(type));
    setState(type, 'pending');
    try {
      const result = await sendGuestRequest(restaurantId, tableId, type);
      navigator.vibrate?.(GUEST_SEND_VIBRATION_MS);
      setCooldown(result.cooldownRemainingSeconds);
      setState(type, 'sent');
      sentTimers.current.set(
        type,
        window.setTimeout(() => setState(type, 'idle'), SENT_CONFIRMATION_MS),
      );
    } catch (error) {
      setState(type, 'idle');
      if (error instanceof ApiRequestError && error.code === 'cooldown') {
        // Another guest at this table was quicker: just show the remaining cool-down.
        setCooldown(error.retryAfterSeconds ?? 0);
        return;
      }
      // SPEC §8: the message, or 'Failed to send request.', in a browser alert; the cool-down resets to 0.
      setCooldown(0);
      window.alert(messageFrom(error, MSG.guestSendFailed));
    }
  }

  return (
    <GuestTableView
      restaurant={restaurant}
      tableNumber={table.number}
      states={states}
      cooldown={cooldown}
      onPress={(type) => void send(type)}
    />
  );
}
