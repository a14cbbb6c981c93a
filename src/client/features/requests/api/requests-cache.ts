import type { QueryClient } from '@tanstack/react-query';
import { COMPLETED_LIST_CAP } from '@shared/constants';
import type { RequestsResponse, ServiceRequest } from '@shared/schemas';
import { queryKeys } from '../../../lib/query-keys';

const oldestFirst = (a: ServiceRequest, b: ServiceRequest) =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const recentlyCompletedFirst = (a: ServiceRequest, b: ServiceRequest) => b.updatedAt - a.updatedAt;

/** Open: still on the floor's list (pending, or acknowledged: taken but not done). */
const isOpen = (request: ServiceRequest) =>
  request.status === 'pending' || request.status === 'acknowledged';

/**
 * Merge a created or updated request into the cached lists the way the server orders them: open requests
 * (pending and acknowledged) oldest first, completed most recently completed first and capped to 5 (SPEC §2, §9).
 * A dismissed request leaves both lists (issue 12). The cache holds every open request (fetchRequests reads every
 * page, decision 054), so its total is the list's length.
 */
export function upsertRequest(
  data: RequestsResponse | undefined,
  request: ServiceRequest,
): RequestsResponse | undefined {
  if (data === undefined) return undefined;
  const pending = data.pending.filter((r) => r.id !== request.id);
  const completed = data.completed.filter((r) => r.id !== request.id);
  if (isOpen(request)) pending.push(request);
  else if (request.status === 'completed') completed.push(request);
  return {
    pending: pending.sort(oldestFirst),
    pendingTotal: pending.length,
    nextCursor: null,
    completed: completed.sort(recentlyCompletedFirst).slice(0, COMPLETED_LIST_CAP),
  };
}

/**
 * A created or changed request — a staff action's answer or a live event — into every cache that shows it: the
 * console's list at once, the dashboard refetched, and today's history when the request left the open list
 * (issue 12: a taken request stays with who took it; a completed or dismissed one leaves every console at once).
 */
export function writeRequest(queryClient: QueryClient, request: ServiceRequest): void {
  queryClient.setQueryData<RequestsResponse>(queryKeys.requests(request.restaurantId), (data) =>
    upsertRequest(data, request),
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(request.restaurantId) });
  if (!isOpen(request))
    void queryClient.invalidateQueries({
      queryKey: queryKeys.requestHistory(request.restaurantId),
    });
}

/** The restaurant's requests as this console holds them now (decision 027's baseline), if it ever loaded them. */
export function cachedRequests(
  queryClient: QueryClient,
  restaurantId: string,
): RequestsResponse | undefined {
  return queryClient.getQueryData<RequestsResponse>(queryKeys.requests(restaurantId));
}

/**
 * Decision 027: the pending requests in `after` that `before` did not hold at all (neither pending nor completed).
 * After the live channel was away, the console refetches and alerts to these as to a live request.created; the ones
 * it already knew stay quiet. Without a `before` (the list was never loaded) nothing counts as new: a first load is
 * not an alert.
 */
export function newlyPending(
  before: RequestsResponse | undefined,
  after: RequestsResponse,
): ServiceRequest[] {
  if (before === undefined) return [];
  const known = new Set([...before.pending, ...before.completed].map((r) => r.id));
  return after.pending.filter((r) => !known.has(r.id));
}
