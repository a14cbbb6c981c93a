import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MSG } from '../../shared/messages';
import type { LiveEvent, RequestsResponse, Restaurant } from '../../shared/schemas';
import { clearSession, useSession } from '../features/auth/api/session-api';
import { useActiveRestaurant } from '../features/restaurants/components/active-restaurant-provider';
import { fetchRequests } from '../features/requests/api/requests-api';
import { isOpen, newlyPending, upsertRequest } from '../features/requests/api/requests-cache';
import { removeTable, upsertTable, type TablesResponse } from '../features/tables/api/tables-cache';
import { LiveClient, liveUrl, type LiveStatus } from '../lib/live-client';
import { parseLiveEvent } from '../lib/live-events';
import { LiveStatusContext } from '../lib/live-status';
import { startSoundAlerts } from '../lib/sound';
import { queryKeys } from '../lib/query-keys';
import { announceNewRequest, forgetNewRequests } from './new-requests-toast';
import { paths } from '../../shared/paths';

/** Apply one live event to the cached queries ('session.ended' is handled by the provider). */
function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'hello':
      return;
    case 'request.created':
    case 'request.updated': {
      const { request } = event;
      // Issue 12: a taken request stays with who took it; a completed or dismissed one leaves the open list on
      // every console at once, and enters today's history.
      queryClient.setQueryData<RequestsResponse>(queryKeys.requests(request.restaurantId), (data) =>
        upsertRequest(data, request),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(request.restaurantId) });
      if (!isOpen(request))
        void queryClient.invalidateQueries({
          queryKey: queryKeys.requestHistory(request.restaurantId),
        });
      return;
    }
    case 'table.changed': {
      const { table } = event;
      queryClient.setQueryData<TablesResponse>(queryKeys.tables(table.restaurantId), (data) =>
        upsertTable(data, table),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(table.restaurantId) });
      return;
    }
    case 'table.deleted':
      queryClient.setQueryData<TablesResponse>(queryKeys.tables(event.restaurantId), (data) =>
        removeTable(data, event.tableId),
      );
      // Requests of a deleted table lose their table number.
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests(event.restaurantId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(event.restaurantId) });
      return;
    case 'restaurant.updated':
      queryClient.setQueryData<{ restaurant: Restaurant }>(
        queryKeys.restaurant(event.restaurant.id),
        { restaurant: event.restaurant },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownedRestaurants });
      return;
    case 'restaurant.deleted':
      queryClient.removeQueries({ queryKey: queryKeys.restaurantScope(event.restaurantId) });
      // The user's restaurant list (admin) or restaurant (server) changed with it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownedRestaurants });
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      return;
    case 'session.ended':
    case 'resync':
      return;
  }
}

/** Alerted request ids kept to tell a resync's finds from live alerts (cleared past this many). */
const ALERTED_MEMORY = 1_000;

/** What the console knew of a restaurant's requests when its live channel went away. */
interface GapBaseline {
  restaurantId: string;
  requests: RequestsResponse | undefined;
}

function gapBaseline(queryClient: QueryClient, restaurantId: string | null): GapBaseline | null {
  if (restaurantId === null) return null;
  return {
    restaurantId,
    requests: queryClient.getQueryData<RequestsResponse>(queryKeys.requests(restaurantId)),
  };
}

/**
 * Decision 027: refetch everything after a gap — the socket reconnected, or the server's own live channel was away
 * ({type:'resync'}) — and alert a server to the pending requests the refetch found that the console did not know,
 * exactly as to a live request.created (SPEC §8). The server's list is fetched even when no screen shows it, so the
 * next gap has something to compare with; it is kept (gcTime) for that reason.
 *
 * The comparison is with what the console knew when the channel went away (`baseline`), never with the cache at
 * reconnect time: coming back online, TanStack Query refetches stale queries by itself (refetchOnReconnect), often
 * before the socket is open, and a phone that was offline longer than the staleTime would otherwise find nothing new
 * and never alert (found by CI; tests/e2e/console-resync.spec.ts keeps the console offline past the staleTime).
 */
async function resync(
  queryClient: QueryClient,
  restaurantId: string | null,
  baseline: GapBaseline | null,
  alertNew: boolean,
  alerted: Set<string>,
): Promise<void> {
  const key = restaurantId === null ? null : queryKeys.requests(restaurantId);
  const before =
    key === null
      ? undefined
      : baseline?.restaurantId === restaurantId
        ? baseline.requests
        : queryClient.getQueryData<RequestsResponse>(key);
  await queryClient.invalidateQueries();
  if (key === null || restaurantId === null || !alertNew) return;
  // Fresh if the invalidation just refetched it (its screen is open), fetched now otherwise.
  const after = await queryClient.fetchQuery({
    queryKey: key,
    queryFn: () => fetchRequests(restaurantId),
    staleTime: 1_000,
    gcTime: Infinity,
  });
  for (const request of newlyPending(before, after)) {
    // A live request.created that arrived during the refetch was alerted already.
    if (alerted.has(request.id)) continue;
    remember(alerted, request.id);
    announceNewRequest(request);
  }
}

function remember(alerted: Set<string>, id: string): void {
  if (alerted.size >= ALERTED_MEMORY) alerted.clear();
  alerted.add(id);
}

/**
 * SPEC §4 live data: while a user is signed in, the staff screens follow their restaurant live; when the user is
 * cleared the subscription ends. Every (re)connect refetches everything, so nothing missed in a gap is lost.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [status, setStatus] = useState<LiveStatus>('closed');
  const clientRef = useRef<LiveClient | null>(null);
  const { restaurantId } = useActiveRestaurant();
  const isAdmin = user?.role === 'admin';
  // The live channel carries restaurant events for staff (SPEC §4); a super admin has no restaurant to follow.
  const userId = user && user.role !== 'super_admin' ? user.id : null;
  const isServer = user?.role === 'server';
  // Read by the socket's callbacks, which outlive a render (the socket is not reopened for these).
  const restaurantRef = useRef(restaurantId);
  const alerted = useRef(new Set<string>());
  // Set when the channel goes away, used and cleared by the resync after it is back.
  const baseline = useRef<GapBaseline | null>(null);
  useEffect(() => {
    restaurantRef.current = restaurantId;
  }, [restaurantId]);

  useEffect(() => {
    if (userId === null) return;
    const stopSound = startSoundAlerts();
    const sync = () => {
      const before = baseline.current ?? gapBaseline(queryClient, restaurantRef.current);
      baseline.current = null;
      void resync(queryClient, restaurantRef.current, before, isServer, alerted.current).catch(
        () => undefined, // the screens' own queries show a failed load
      );
    };
    const client = new LiveClient({
      url: liveUrl(window.location),
      parse: parseLiveEvent,
      onStatusChange: setStatus,
      onOpen: sync,
      onDisconnect: () => {
        // The first drop of a gap sets what the console knew; failed reconnects keep it.
        baseline.current ??= gapBaseline(queryClient, restaurantRef.current);
        // A closed channel may mean the session is gone: ask the API rather than wait for an event.
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      },
      onEvent: (event) => {
        if (event.type === 'session.ended') {
          clearSession(queryClient);
          toast.info(MSG.notSignedIn);
          void navigate(paths.login, { replace: true });
          return;
        }
        if (event.type === 'resync') return sync();
        applyLiveEvent(queryClient, event);
        // SPEC §1/§2: servers get the new-request alert; the server only sends them their own tables' requests.
        if (event.type === 'request.created' && event.request.status === 'pending' && isServer) {
          remember(alerted.current, event.request.id);
          announceNewRequest(event.request);
        }
      },
    });
    client.start();
    clientRef.current = client;
    return () => {
      clientRef.current = null;
      client.stop();
      stopSound();
      forgetNewRequests();
    };
  }, [userId, isServer, queryClient, navigate]);

  // An admin's restaurant created (or chosen) after the socket opened is not in its default rooms: ask for it.
  useEffect(() => {
    if (isAdmin && restaurantId !== null) clientRef.current?.subscribe(restaurantId);
  }, [isAdmin, restaurantId, userId]);

  return (
    <LiveStatusContext value={userId === null ? 'closed' : status}>{children}</LiveStatusContext>
  );
}
