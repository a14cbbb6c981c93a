import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { NEW_REQUEST_VIBRATION, TOAST_MS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { requestTypeTitle } from '../../shared/rules';
import type { LiveEvent, RequestsResponse, Restaurant, ServiceRequest } from '../../shared/schemas';
import { clearSession, useSession } from '../features/auth/api/session-api';
import { useActiveRestaurant } from '../features/restaurants/components/active-restaurant-provider';
import { upsertRequest } from '../features/requests/api/requests-cache';
import { removeTable, upsertTable, type TablesResponse } from '../features/tables/api/tables-cache';
import { LiveClient, liveUrl, type LiveStatus } from '../lib/live-client';
import { parseLiveEvent } from '../lib/live-events';
import { LiveStatusContext } from '../lib/live-status';
import { armSoundOnFirstInteraction, playChime } from '../lib/sound';
import { queryKeys } from '../lib/query-keys';
import { paths } from './paths';

/** SPEC §8: 'New Request from Table {number}' (the table id when unknown) plus the type title, 5 s, vibration. */
function announceNewRequest(request: ServiceRequest): void {
  toast.info(
    <div>
      <p className="font-semibold">{MSG.newRequestFrom(request.tableNumber ?? request.tableId)}</p>
      <p>{requestTypeTitle(request.type)}</p>
    </div>,
    { autoClose: TOAST_MS },
  );
  navigator.vibrate?.([...NEW_REQUEST_VIBRATION]);
  playChime();
}

/** Apply one live event to the cached queries ('session.ended' is handled by the provider). */
function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'hello':
      return;
    case 'request.created':
    case 'request.updated': {
      const { request } = event;
      queryClient.setQueryData<RequestsResponse>(queryKeys.requests(request.restaurantId), (data) =>
        upsertRequest(data, request),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(request.restaurantId) });
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
      return;
  }
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

  useEffect(() => {
    if (userId === null) return;
    armSoundOnFirstInteraction();
    const client = new LiveClient({
      url: liveUrl(window.location),
      parse: parseLiveEvent,
      onStatusChange: setStatus,
      onOpen: () => void queryClient.invalidateQueries(),
      // A closed channel may mean the session is gone: ask the API rather than wait for an event.
      onDisconnect: () => void queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      onEvent: (event) => {
        if (event.type === 'session.ended') {
          clearSession(queryClient);
          toast.info(MSG.notSignedIn);
          void navigate(paths.login, { replace: true });
          return;
        }
        applyLiveEvent(queryClient, event);
        // SPEC §1/§2: servers get the new-request alert; the server only sends them their own tables' requests.
        if (event.type === 'request.created' && event.request.status === 'pending' && isServer) {
          announceNewRequest(event.request);
        }
      },
    });
    client.start();
    clientRef.current = client;
    return () => {
      clientRef.current = null;
      client.stop();
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
