/**
 * Pending at a glance (issue 12): how many requests wait for someone, in total and per table, derived from the
 * cached request list in one place. The app shell computes it (app/pending-requests-provider.tsx) and everything
 * that shows a count — the header's Requests item, the table cards of My Tables, the tab title, the app icon —
 * reads it from here, so no feature imports another.
 */
import { createContext, use } from 'react';
import type { RequestsResponse } from '@shared/schemas';

export interface PendingSummary {
  /** Requests nobody has taken, completed or dismissed yet. */
  total: number;
  /** The same, per table id (tables with none are absent). */
  byTable: ReadonlyMap<string, number>;
}

const NO_PENDING: PendingSummary = { total: 0, byTable: new Map() };

/** The selector: only status 'pending' counts (a taken, completed or dismissed request no longer waits). */
export function summarizePending(data: RequestsResponse | undefined): PendingSummary {
  if (data === undefined) return NO_PENDING;
  const byTable = new Map<string, number>();
  let total = 0;
  for (const request of data.pending) {
    if (request.status !== 'pending') continue;
    total += 1;
    byTable.set(request.tableId, (byTable.get(request.tableId) ?? 0) + 1);
  }
  return total === 0 ? NO_PENDING : { total, byTable };
}

export const PendingRequestsContext = createContext<PendingSummary>(NO_PENDING);

export function usePendingRequests(): PendingSummary {
  return use(PendingRequestsContext);
}
