import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsResponseSchema, type AnalyticsPeriod } from '../../../../shared/analytics';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One period of figures (issue 13); no date: today in the restaurant's zone, decided by the server. */
export function useAnalytics(
  restaurantId: string | null,
  period: AnalyticsPeriod,
  date: string | null,
) {
  const query = new URLSearchParams({ period });
  if (date) query.set('date', date);
  return useQuery({
    queryKey: [...queryKeys.analytics(restaurantId ?? ''), period, date ?? 'today'],
    queryFn: () =>
      api.get(
        `/api/restaurants/${encodeURIComponent(restaurantId ?? '')}/analytics?${query.toString()}`,
        analyticsResponseSchema,
      ),
    enabled: restaurantId !== null,
    // Switching periods keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}
