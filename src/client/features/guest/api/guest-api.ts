import { useQuery } from '@tanstack/react-query';
import type { RequestType } from '../../../../shared/rules';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { guestCooldownResponse, guestRequestResponse, guestTableResponse } from './guest-responses';

function tablePath(restaurantId: string, tableId: string): string {
  return `/api/public/restaurants/${encodeURIComponent(restaurantId)}/tables/${encodeURIComponent(tableId)}`;
}

/** The public table page data; 404 when the restaurant or table is missing or do not belong together. */
export function useGuestTable(restaurantId: string, tableId: string) {
  return useQuery({
    queryKey: queryKeys.guestTable(restaurantId, tableId),
    queryFn: () => api.get(tablePath(restaurantId, tableId), guestTableResponse),
  });
}

export async function fetchCooldown(restaurantId: string, tableId: string): Promise<number> {
  const { cooldownRemainingSeconds } = await api.get(
    `${tablePath(restaurantId, tableId)}/cooldown`,
    guestCooldownResponse,
  );
  return cooldownRemainingSeconds;
}

export function sendGuestRequest(restaurantId: string, tableId: string, type: RequestType) {
  return api.post(`${tablePath(restaurantId, tableId)}/requests`, { type }, guestRequestResponse);
}
