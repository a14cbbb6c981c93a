import { goToSignIn } from '../lib/sign-in-handoff';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { appText } from '@shared/i18n/app';
import type { LiveEvent, RequestsResponse } from '@shared/schemas';
import { clearSession, useSession } from '../lib/session-api';
import { useActiveRestaurant } from '../lib/active-restaurant-provider';
import { forgetRestaurant, publishRestaurant } from '../lib/restaurants-api';
import { refetchRequestsAfterGap } from '../features/requests/api/requests-api';
import {
  cachedRequests,
  newlyPending,
  writeRequest,
} from '../features/requests/api/requests-cache';
import { dropTable, writeTable } from '../features/tables/api/tables-cache';
import { LiveClient, liveUrl, type LiveStatus } from '../lib/live-client';
import { parseLiveEvent } from '../lib/live-events';
import { LiveLostAtContext, LiveStatusContext } from '../lib/live-status';
import { startSoundAlerts } from '../lib/sound';
import { queryKeys } from '../lib/query-keys';
import { useI18n } from '../lib/i18n';
import { announceNewRequest, forgetNewRequests } from './new-requests-toast';
import { call } from '../lib/api-client';
import { api } from '../lib/api-ref';

/**
 * Apply one live event to the cached queries through the writers of the feature that owns each cache — the same
 * ones its own actions use ('session.ended' and 'resync' are handled by the provider).
 */
function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  // Every restaurant at a glance (decision 085) follows the calls and consoles of all the owner's restaurants;
  // only a mounted overview refetches.
  if (event.type !== 'hello' && event.type !== 'session.ended' && event.type !== 'resync')
    void queryClient.invalidateQueries({ queryKey: queryKeys.restaurantsOverview });
  switch (event.type) {
    case 'hello':
      return;
    case 'request.created':
    case 'request.updated':
      return writeRequest(queryClient, event.request);
    case 'table.changed':
      return writeTable(queryClient, event.table);
    case 'table.deleted':
      return dropTable(queryClient, event.restaurantId, event.tableId);
    case 'restaurant.updated':
      return publishRestaurant(queryClient, event.restaurant);
    case 'restaurant.deleted':
      void forgetRestaurant(queryClient, event.restaurantId);
      return;
    case 'presence.changed':
      // A server's console opened or closed: Active Servers and Server Status change (decision 044).
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(event.restaurantId) });
      return;
    case 'shift.changed':
      // Someone's shift or a hand-over changed (decision 095): the shift control, and what moved, refetch.
      void queryClient.invalidateQueries({ queryKey: queryKeys.shiftState(event.restaurantId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.shiftHistory(event.restaurantId) });
      // A hand-over's offerer is not told of the requests that left them (no longer theirs to see): refetch.
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests(event.restaurantId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tables(event.restaurantId) });
      return;
    case 'session.ended':
    case 'resync':
      return;
  }
}

/**
 * Decision 091: this device has shown the call's alert (rendered in the open console). Best effort: a receipt lost
 * only means the call is offered to the other servers too.
 */
function confirmShown(requestId: string): void {
  void call(api('confirmAlertShown'), { params: { requestId } }).catch(() => undefined);
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
  return { restaurantId, requests: cachedRequests(queryClient, restaurantId) };
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
  const before =
    restaurantId === null
      ? undefined
      : baseline?.restaurantId === restaurantId
        ? baseline.requests
        : cachedRequests(queryClient, restaurantId);
  await queryClient.invalidateQueries();
  if (restaurantId === null || !alertNew) return;
  const after = await refetchRequestsAfterGap(queryClient, restaurantId);
  for (const request of newlyPending(before, after)) {
    // A live request.created that arrived during the refetch was alerted already.
    if (alerted.has(request.id)) continue;
    remember(alerted, request.id);
    announceNewRequest(request);
    confirmShown(request.id);
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
  const [status, setStatus] = useState<LiveStatus>('closed');
  const [lostAt, setLostAt] = useState<number | null>(null);
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
  // The session-ended toast is said in the language of the moment, without reopening the socket.
  const i18n = useI18n();
  const i18nRef = useRef(i18n);
  useEffect(() => {
    i18nRef.current = i18n;
  }, [i18n]);

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
    let opened = false;
    const client = new LiveClient({
      url: liveUrl(window.location),
      parse: parseLiveEvent,
      onStatusChange: (next) => {
        setStatus(next);
        if (next === 'open') {
          opened = true;
          setLostAt(null);
        } else if (opened) setLostAt((at) => at ?? Date.now());
      },
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
          goToSignIn({ kind: 'info', text: appText(i18nRef.current, 'app.console.notSignedIn') });
          return;
        }
        if (event.type === 'resync') return sync();
        applyLiveEvent(queryClient, event);
        // SPEC §1/§2: servers get the new-request alert; the server only sends them their own tables' requests.
        if (event.type === 'request.created' && event.request.status === 'pending' && isServer) {
          remember(alerted.current, event.request.id);
          announceNewRequest(event.request);
          confirmShown(event.request.id);
        }
        // Decision 091: a call re-routed to this server (nobody confirmed it in time) alerts as a late one; an
        // owner's console confirms the calls that reached the admin.
        if (event.type === 'request.updated' && event.request.status === 'pending') {
          const { request } = event;
          if (isServer && request.reach !== 'routed' && !alerted.current.has(request.id)) {
            remember(alerted.current, request.id);
            announceNewRequest(request, true);
            confirmShown(request.id);
          } else if (isAdmin && request.reach === 'admin') {
            confirmShown(request.id);
          }
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
  }, [userId, isServer, isAdmin, queryClient]);

  // An admin's restaurant created (or chosen) after the socket opened is not in its default rooms: ask for it.
  useEffect(() => {
    if (isAdmin && restaurantId !== null) clientRef.current?.subscribe(restaurantId);
  }, [isAdmin, restaurantId, userId]);

  return (
    <LiveStatusContext value={userId === null ? 'closed' : status}>
      <LiveLostAtContext value={userId === null ? null : lostAt}>{children}</LiveLostAtContext>
    </LiveStatusContext>
  );
}
