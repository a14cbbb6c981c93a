import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  requestResponseSchema,
  requestsResponseSchema,
  type RequestsResponse,
} from '../../../../shared/schemas';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { upsertRequest } from './requests-cache';

/** Live events keep this list current; the slow poll only refreshes the server-computed 'overdue' flags. */
const OVERDUE_REFRESH_MS = 60_000;

export function useRequests(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.requests(restaurantId ?? ''),
    queryFn: () =>
      api.get(
        `/api/restaurants/${encodeURIComponent(restaurantId ?? '')}/requests`,
        requestsResponseSchema,
      ),
    enabled: restaurantId !== null,
    refetchInterval: OVERDUE_REFRESH_MS,
  });
}

/** SPEC §4: pending → completed when a server presses Complete. */
export function useCompleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      api.post(
        `/api/requests/${encodeURIComponent(requestId)}/complete`,
        {},
        requestResponseSchema,
      ),
    onSuccess: ({ request }) => {
      queryClient.setQueryData<RequestsResponse>(queryKeys.requests(request.restaurantId), (data) =>
        upsertRequest(data, request),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(request.restaurantId) });
    },
  });
}
