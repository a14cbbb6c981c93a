import { COMPLETED_LIST_CAP } from '../../../../shared/constants';
import type { RequestsResponse, ServiceRequest } from '../../../../shared/schemas';

const newestFirst = (a: ServiceRequest, b: ServiceRequest) => b.createdAt - a.createdAt;
const recentlyCompletedFirst = (a: ServiceRequest, b: ServiceRequest) => b.updatedAt - a.updatedAt;

/**
 * Merge a created or updated request into the cached lists the way the server orders them: pending newest
 * first, completed most recently completed first and capped to 5 (SPEC §2, §9).
 */
export function upsertRequest(
  data: RequestsResponse | undefined,
  request: ServiceRequest,
): RequestsResponse | undefined {
  if (data === undefined) return undefined;
  const pending = data.pending.filter((r) => r.id !== request.id);
  const completed = data.completed.filter((r) => r.id !== request.id);
  if (request.status === 'pending') pending.push(request);
  else completed.push(request);
  return {
    pending: pending.sort(newestFirst),
    completed: completed.sort(recentlyCompletedFirst).slice(0, COMPLETED_LIST_CAP),
  };
}

/** Overdue requests first (they need attention most), then newest first. */
export function sortPendingForDisplay(pending: readonly ServiceRequest[]): ServiceRequest[] {
  return [...pending].sort((a, b) => Number(b.overdue) - Number(a.overdue) || newestFirst(a, b));
}
