import { describe, expect, it } from 'vitest';
import type { ServiceRequest } from '@shared/schemas';
import { summarizePending } from './pending-requests';

function request(id: string, tableId: string, status: ServiceRequest['status']): ServiceRequest {
  return {
    id,
    restaurantId: 'r1',
    tableId,
    tableNumber: tableId,
    serverId: null,
    sectionServerIds: [],
    type: 'order',
    status,
    overdue: false,
    createdAt: 1,
    updatedAt: 1,
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
  };
}

describe('summarizePending (issue 12: pending at a glance)', () => {
  it('counts pending requests in total and per table', () => {
    const summary = summarizePending({
      pending: [
        request('a', 't1', 'pending'),
        request('b', 't2', 'pending'),
        request('c', 't1', 'pending'),
      ],
      pendingTotal: 3,
      nextCursor: null,
      completed: [request('d', 't3', 'completed')],
    });
    expect(summary.total).toBe(3);
    expect(summary.byTable.get('t1')).toBe(2);
    expect(summary.byTable.get('t2')).toBe(1);
    expect(summary.byTable.has('t3')).toBe(false);
  });

  it('does not count a request in the pending list whose status moved on', () => {
    const summary = summarizePending({
      pending: [request('a', 't1', 'pending'), request('b', 't1', 'completed')],
      pendingTotal: 2,
      nextCursor: null,
      completed: [],
    });
    expect(summary.total).toBe(1);
    expect(summary.byTable.get('t1')).toBe(1);
  });

  it('is zero with nothing cached or nothing pending', () => {
    expect(summarizePending(undefined).total).toBe(0);
    expect(
      summarizePending({ pending: [], pendingTotal: 0, nextCursor: null, completed: [] }).byTable
        .size,
    ).toBe(0);
  });
});
