/**
 * The restaurant's tables and servers as several features read them (decision 077: the console shows who covers
 * which table, the Tables screen assigns servers). One query each, shared through its key; the features' own
 * actions stay in their feature.
 */
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { api } from './api-ref';
import { queryKeys } from './query-keys';

export function useTables(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.tables(restaurantId ?? ''),
    queryFn: () => call(api('listTables'), { params: { restaurantId: restaurantId ?? '' } }),
    enabled: restaurantId !== null,
    select: (data) => data.tables,
  });
}

/** SPEC §2 'Staff Members': the servers of the restaurant, PIN and password ones alike. */
export function useStaff(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.staff(restaurantId ?? ''),
    queryFn: () => call(api('listStaff'), { params: { restaurantId: restaurantId ?? '' } }),
    enabled: restaurantId !== null,
    select: (data) => data.staff,
  });
}
