import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { GUEST_GONE_CLOSE } from '../../../../shared/constants';
import type { GuestTableResponse, PublicLiveEvent } from '../../../../shared/schemas';
import { LiveClient, publicLiveUrl } from '../../../lib/live-client';
import { parsePublicLiveEvent } from './guest-responses';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Issue 3: an open guest page follows its restaurant's branding live (name, colours, logo, review link) over the
 * public, read-only channel. It is only a fast path: the page works without it, the client reconnects with
 * backoff when it drops, and after a reconnect the page refetches whatever changed while it was away.
 */
export function useGuestLive(restaurantId: string, tableId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!restaurantId || typeof WebSocket === 'undefined') return;
    const queryKey = queryKeys.guestTable(restaurantId, tableId);
    let connectedBefore = false;
    const client = new LiveClient<PublicLiveEvent>({
      url: publicLiveUrl(window.location, restaurantId),
      parse: parsePublicLiveEvent,
      finalCloseCodes: [GUEST_GONE_CLOSE],
      onEvent: (event) => {
        if (event.restaurant.id !== restaurantId) return;
        queryClient.setQueryData<GuestTableResponse>(queryKey, (current) =>
          current ? { ...current, restaurant: event.restaurant } : current,
        );
      },
      onOpen: () => {
        if (connectedBefore) void queryClient.invalidateQueries({ queryKey });
        connectedBefore = true;
      },
      onDisconnect: () => undefined,
      onStatusChange: () => undefined,
    });
    client.start();
    return () => client.stop();
  }, [queryClient, restaurantId, tableId]);
}
