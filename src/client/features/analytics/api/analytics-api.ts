import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '@shared/analytics';
import { call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';
import { queryKeys } from '../../../lib/query-keys';

/** One period of figures (issue 13); no date: today in the restaurant's zone, decided by the server. */
export function useAnalytics(
  restaurantId: string | null,
  period: AnalyticsPeriod,
  date: string | null,
) {
  return useQuery({
    queryKey: [...queryKeys.analytics(restaurantId ?? ''), period, date ?? 'today'],
    queryFn: () =>
      call(api('getAnalytics'), {
        params: { restaurantId: restaurantId ?? '' },
        query: { period, ...(date ? { date } : {}) },
      }),
    enabled: restaurantId !== null,
    // Switching periods keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}
