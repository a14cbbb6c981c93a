import { useQuery } from '@tanstack/react-query';
import { dashboardResponseSchema } from '../../../../shared/schemas';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Active Servers counts sign-ins, which send no live event: refresh the figures at this pace as well. */
const DASHBOARD_REFRESH_MS = 60_000;

/** SPEC §9: today's requests are counted from the viewer's local midnight. */
export function localMidnight(now: number): number {
  const date = new Date(now);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/**
 * SPEC §2 'Restaurant Overview' figures, computed by the server. Request and table live events invalidate the
 * dashboard prefix (app/live-provider.tsx), so the cards follow guests and servers as they act.
 */
export function useDashboard(restaurantId: string | null, since: number) {
  return useQuery({
    queryKey: queryKeys.dashboardSince(restaurantId ?? '', since),
    queryFn: () =>
      api.get(
        `/api/restaurants/${encodeURIComponent(restaurantId ?? '')}/dashboard?since=${since}`,
        dashboardResponseSchema,
      ),
    enabled: restaurantId !== null,
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 0,
  });
}

/** SPEC §9: minutes rounded to one decimal; '—' while no request has been completed. */
export function formatResponseMinutes(minutes: number | null): string {
  return minutes === null ? '—' : minutes.toFixed(1);
}
