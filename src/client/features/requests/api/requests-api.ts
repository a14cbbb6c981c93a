import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { RequestsResponse } from '@shared/schemas';
import { ApiRequestError, call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';
import { queryKeys } from '../../../lib/query-keys';
import { writeRequest } from './requests-cache';

/** Live events keep this list current; the slow poll only refreshes the server-computed 'overdue' flags. */
const OVERDUE_REFRESH_MS = 60_000;

/**
 * GET the restaurant's open and recently completed requests (the console's list, and its resync): every page of
 * the open list, following the server's cursor, so no open request is ever left out (issue 25, decision 054).
 */
async function fetchRequests(restaurantId: string): Promise<RequestsResponse> {
  const params = { restaurantId };
  const first = await call(api('listRequests'), { params });
  const pending = [...first.pending];
  let cursor = first.nextCursor;
  while (cursor !== null) {
    const next = await call(api('listRequests'), { params, query: { cursor } });
    pending.push(...next.pending);
    cursor = next.nextCursor;
  }
  return { ...first, pending, pendingTotal: pending.length, nextCursor: null };
}

/**
 * Decision 027: after a gap in the live channel, the restaurant's requests fresh from the server — from the cache if
 * the invalidation just refetched them (their screen is open), fetched now otherwise — and kept (gcTime) even when
 * no screen shows them, so the next gap has something to compare with.
 */
export function refetchRequestsAfterGap(
  queryClient: QueryClient,
  restaurantId: string,
): Promise<RequestsResponse> {
  return queryClient.fetchQuery({
    queryKey: queryKeys.requests(restaurantId),
    queryFn: () => fetchRequests(restaurantId),
    staleTime: 1_000,
    gcTime: Infinity,
  });
}

export function useRequests(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.requests(restaurantId ?? ''),
    queryFn: () => fetchRequests(restaurantId ?? ''),
    enabled: restaurantId !== null,
    refetchInterval: OVERDUE_REFRESH_MS,
  });
}

/**
 * A staff action on a request (docs/decisions/028): SPEC §4 Complete, issue 12's "On my way" (acknowledge) and
 * Dismiss. The answer goes into the cached list at once (the live event that follows changes nothing more); a 409
 * (someone else was quicker) refetches the list, so the card shows who took it.
 */
const ACTIONS = {
  acknowledge: api('acknowledgeRequest'),
  complete: api('completeRequest'),
  dismiss: api('dismissRequest'),
  prank: api('dismissAsPrank'),
};

function useRequestAction(action: keyof typeof ACTIONS, callbacks: RequestActionCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => call(ACTIONS[action], { params: { requestId } }),
    onSuccess: ({ request }) => {
      writeRequest(queryClient, request);
      callbacks.onSuccess?.();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: ['restaurants'] });
      callbacks.onError?.(error);
    },
  });
}

/**
 * Given to the hook rather than to mutate(): the card that started the action may be gone by the time the answer
 * comes (the live event removed it first), and mutate()'s callbacks do not run for an unmounted component.
 */
export interface RequestActionCallbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** SPEC §4: pending (or taken) → completed when a server presses Complete. */
export const useCompleteRequest = (callbacks?: RequestActionCallbacks) =>
  useRequestAction('complete', callbacks);
/** Issue 12: "On my way" — pending → acknowledged, every console sees who took it. */
export const useAcknowledgeRequest = (callbacks?: RequestActionCallbacks) =>
  useRequestAction('acknowledge', callbacks);
/** Issue 12: an accidental or duplicate request leaves every list. */
export const useDismissRequest = (callbacks?: RequestActionCallbacks) =>
  useRequestAction('dismiss', callbacks);
/** Decision 089: dismissed as a prank, which pauses calls from the phone that sent it at this restaurant. */
export const useDismissAsPrank = (callbacks?: RequestActionCallbacks) =>
  useRequestAction('prank', callbacks);

const HISTORY_PAGE = 25;

/** Today's handled requests, newest first, a page at a time (decision 030). */
export function useRequestHistory(restaurantId: string | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.requestHistory(restaurantId ?? ''),
    queryFn: ({ pageParam }) =>
      call(api('getRequestHistory'), {
        params: { restaurantId: restaurantId ?? '' },
        query: { limit: HISTORY_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: restaurantId !== null,
  });
}
