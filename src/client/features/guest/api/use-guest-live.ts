import { useEffect, useRef } from 'react';
import { GUEST_GONE_CLOSE } from '@shared/constants';
import type { GuestRequestState, PublicLiveEvent } from '@shared/schemas';
import { LiveClient, publicTableLiveUrl } from '../../../lib/live-client';
import { applyTableRequest } from './guest-api';
import { parsePublicLiveEvent } from './guest-responses';
import { useGuestTableStore } from './guest-table-store';

/**
 * Issue 3: an open guest page follows its restaurant's branding live (name, colours, logo, review link); issue 12:
 * and its own table's request (sent → on the way → done), over the table's public, read-only channel. It is only a
 * fast path: the page works without it, the client reconnects with backoff when it drops, and after a reconnect
 * the page refetches whatever changed while it was away. `onTableRequest` hears every change of the table's
 * requests, after the cached table data has taken it in.
 */
export function useGuestLive(
  restaurantId: string,
  tableId: string,
  onTableRequest?: (request: GuestRequestState) => void,
  /**
   * A connection is open (`first`: the page's first; what happened before it is fetched by the caller, the
   * re-check). Any connection also means the service answers again.
   */
  onConnected?: (first: boolean) => void,
): void {
  const store = useGuestTableStore();
  const listener = useRef(onTableRequest);
  const connected = useRef(onConnected);
  useEffect(() => {
    listener.current = onTableRequest;
    connected.current = onConnected;
  });
  useEffect(() => {
    if (!restaurantId || typeof WebSocket === 'undefined') return;
    let connectedBefore = false;
    const client = new LiveClient<PublicLiveEvent>({
      url: publicTableLiveUrl(window.location, restaurantId, tableId),
      parse: parsePublicLiveEvent,
      finalCloseCodes: [GUEST_GONE_CLOSE],
      onEvent: (event) => {
        if (event.type === 'table.request') {
          store.update((current) => applyTableRequest(current, event.request) ?? current);
          listener.current?.(event.request);
          return;
        }
        if (event.restaurant.id !== restaurantId) return;
        store.update((current) => ({ ...current, restaurant: event.restaurant }));
      },
      onOpen: () => {
        if (connectedBefore) void store.load();
        connected.current?.(!connectedBefore);
        connectedBefore = true;
      },
      onDisconnect: () => undefined,
      onStatusChange: () => undefined,
    });
    client.start();
    return () => client.stop();
  }, [store, restaurantId, tableId]);
}
