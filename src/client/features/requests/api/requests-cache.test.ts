import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { RequestsResponse, ServiceRequest } from '@shared/schemas';
import { queryKeys } from '../../../lib/query-keys';
import { newlyPending, upsertRequest, writeRequest } from './requests-cache';

function request(id: string, overrides: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    id,
    restaurantId: 'r1',
    tableId: 't1',
    tableNumber: '1',
    serverId: null,
    sectionServerIds: [],
    type: 'order',
    status: 'pending',
    overdue: false,
    createdAt: 1_000,
    updatedAt: 1_000,
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    resolvedBy: null,
    note: null,
    urgent: false,
    billMethod: null,
    reopenedAt: null,
    reach: 'routed',
    reachServerIds: null,
    ...overrides,
  };
}

const list = (pending: ServiceRequest[], completed: ServiceRequest[] = []): RequestsResponse => ({
  pending,
  pendingTotal: pending.length,
  nextCursor: null,
  completed,
});

describe('upsertRequest', () => {
  // Decision 054: oldest first (the longest wait on top), and the total follows the list.
  it('adds a new pending request after the older ones and counts it', () => {
    const data = list([request('a', { createdAt: 1 })]);
    const next = upsertRequest(data, request('b', { createdAt: 2 }));
    expect(next?.pending.map((r) => r.id)).toEqual(['a', 'b']);
    expect(next?.pendingTotal).toBe(2);
  });

  it('moves a completed request out of pending, most recently completed first, at most 5 (SPEC §9)', () => {
    const completed = [1, 2, 3, 4, 5].map((n) =>
      request(`c${n}`, { status: 'completed', updatedAt: n }),
    );
    const data = list([request('a')], completed);
    const next = upsertRequest(data, request('a', { status: 'completed', updatedAt: 10 }));
    expect(next?.pending).toEqual([]);
    expect(next?.completed.map((r) => r.id)).toEqual(['a', 'c5', 'c4', 'c3', 'c2']);
  });

  it('replaces a request it already holds (a live event after the HTTP answer)', () => {
    const data = list([request('a')], []);
    const next = upsertRequest(data, request('a', { overdue: true }));
    expect(next?.pending).toEqual([request('a', { overdue: true })]);
  });

  it('keeps an acknowledged request in the open list, with who took it (issue 12)', () => {
    const data = list([request('a', { createdAt: 1 }), request('b', { createdAt: 2 })]);
    const taken = request('a', {
      createdAt: 1,
      status: 'acknowledged',
      acknowledgedAt: 5,
      acknowledgedBy: { id: 'u1', name: 'Anna' },
    });
    const next = upsertRequest(data, taken);
    expect(next?.pending.map((r) => r.id)).toEqual(['a', 'b']);
    expect(next?.pending[0]?.acknowledgedBy?.name).toBe('Anna');
  });

  it('drops a dismissed request from every list (issue 12)', () => {
    const data = list([request('a'), request('b')], []);
    const next = upsertRequest(data, request('a', { status: 'dismissed', resolvedAt: 9 }));
    expect(next?.pending.map((r) => r.id)).toEqual(['b']);
    expect(next?.pendingTotal).toBe(1);
    expect(next?.completed).toEqual([]);
  });

  it('leaves an uncached list alone', () => {
    expect(upsertRequest(undefined, request('a'))).toBeUndefined();
  });
});

// Decision 027: which requests a resync's refetch found that the console did not know (they get the alert).
describe('newlyPending', () => {
  it('returns the pending requests the console did not hold, newest first as listed', () => {
    const before = list([request('a')], []);
    const after = list([
      request('c', { createdAt: 3 }),
      request('b', { createdAt: 2 }),
      request('a'),
    ]);
    expect(newlyPending(before, after).map((r) => r.id)).toEqual(['c', 'b']);
  });

  it('stays quiet for requests already known, whatever changed about them', () => {
    const before = list([request('a'), request('b')], [request('c', { status: 'completed' })]);
    // a is now overdue, b was completed meanwhile, c is still completed
    const after = list(
      [request('a', { overdue: true })],
      [request('b', { status: 'completed' }), request('c', { status: 'completed' })],
    );
    expect(newlyPending(before, after)).toEqual([]);
  });

  it('ignores requests created and completed within the gap', () => {
    const before = list([], []);
    const after = list([], [request('x', { status: 'completed' })]);
    expect(newlyPending(before, after)).toEqual([]);
  });

  it('alerts to nothing on a first load (no list to compare with)', () => {
    expect(newlyPending(undefined, list([request('a')], []))).toEqual([]);
  });
});

describe('writeRequest (an action answer and a live event alike)', () => {
  function cacheWithHistory() {
    const queryClient = new QueryClient();
    queryClient.setQueryData<RequestsResponse>(queryKeys.requests('r1'), list([request('a')]));
    queryClient.setQueryData(queryKeys.requestHistory('r1'), { pages: [], pageParams: [] });
    queryClient.setQueryData(queryKeys.dashboard('r1'), {});
    return queryClient;
  }
  const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
    queryClient.getQueryState(key)?.isInvalidated;

  it('moves a completed request into the completed list and refetches history and dashboard', () => {
    const queryClient = cacheWithHistory();
    writeRequest(queryClient, request('a', { status: 'completed', updatedAt: 5 }));
    const data = queryClient.getQueryData<RequestsResponse>(queryKeys.requests('r1'));
    expect(data?.pending).toEqual([]);
    expect(data?.completed.map((r) => r.id)).toEqual(['a']);
    expect(invalidated(queryClient, queryKeys.requestHistory('r1'))).toBe(true);
    expect(invalidated(queryClient, queryKeys.dashboard('r1'))).toBe(true);
  });

  it('keeps history as it is for a request still open (taken)', () => {
    const queryClient = cacheWithHistory();
    writeRequest(queryClient, request('a', { status: 'acknowledged', acknowledgedAt: 5 }));
    const data = queryClient.getQueryData<RequestsResponse>(queryKeys.requests('r1'));
    expect(data?.pending.map((r) => r.status)).toEqual(['acknowledged']);
    expect(invalidated(queryClient, queryKeys.requestHistory('r1'))).toBe(false);
    expect(invalidated(queryClient, queryKeys.dashboard('r1'))).toBe(true);
  });
});
