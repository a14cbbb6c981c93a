import { describe, expect, it } from 'vitest';
import type { ServiceRequest } from '@shared/schemas';
import { filterCounts, firstRows, groupByTable, matchesFilter } from './console-list';

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

describe('groupByTable', () => {
  it('puts the table that has waited longest on top, each table once with its requests oldest first', () => {
    const groups = groupByTable([
      request('t2-new', { tableId: 't2', createdAt: 50 }),
      request('t1-late', { tableId: 't1', createdAt: 40, overdue: true }),
      request('t2-old', { tableId: 't2', createdAt: 10 }),
      request('t3', { tableId: 't3', createdAt: 20 }),
    ]);
    expect(groups.map((g) => g.tableId)).toEqual(['t2', 't3', 't1']);
    expect(groups[0]!.requests.map((r) => r.id)).toEqual(['t2-old', 't2-new']);
  });

  it('keeps an overdue request in its place by age (overdue is a state, not the order)', () => {
    const groups = groupByTable([
      request('old', { tableId: 'a', createdAt: 1 }),
      request('overdue-but-newer', { tableId: 'b', createdAt: 2, overdue: true }),
    ]);
    expect(groups.map((g) => g.requests[0]!.id)).toEqual(['old', 'overdue-but-newer']);
  });

  it('puts tables with an allergy / urgent request on top, oldest first among them (decision 070)', () => {
    const groups = groupByTable([
      request('oldest', { tableId: 'a', createdAt: 1 }),
      request('urgent-new', { tableId: 'b', createdAt: 30, urgent: true }),
      request('plain-then-urgent', { tableId: 'c', createdAt: 5 }),
      request('urgent-later', { tableId: 'c', createdAt: 40, urgent: true }),
      request('middle', { tableId: 'd', createdAt: 10 }),
    ]);
    expect(groups.map((g) => g.tableId)).toEqual(['c', 'b', 'a', 'd']);
    // Inside its row a table's requests stay oldest first.
    expect(groups[0]!.requests.map((r) => r.id)).toEqual(['plain-then-urgent', 'urgent-later']);
  });

  it('puts a table whose guest said "not resolved" next, after the urgent ones (decision 082)', () => {
    const groups = groupByTable([
      request('oldest', { tableId: 'a', createdAt: 1 }),
      request('urgent', { tableId: 'b', createdAt: 30, urgent: true }),
      request('reopened', { tableId: 'c', createdAt: 20, reopenedAt: 50 }),
      request('middle', { tableId: 'd', createdAt: 10 }),
    ]);
    expect(groups.map((g) => g.tableId)).toEqual(['b', 'c', 'a', 'd']);
  });
});

describe('Mine / Unassigned / All (decision 055)', () => {
  const me = 'u-me';
  const open = [
    request('my-table', { serverId: me }),
    request('taken-by-me', {
      serverId: null,
      status: 'acknowledged',
      acknowledgedBy: { id: me, name: 'Me' },
    }),
    request('free', { serverId: null }),
    request('free-taken', {
      serverId: null,
      status: 'acknowledged',
      acknowledgedBy: { id: 'x', name: 'X' },
    }),
    request('colleague', { serverId: 'u-other' }),
  ];

  it('mine: at my tables or taken by me', () => {
    expect(open.filter((r) => matchesFilter(r, 'mine', me)).map((r) => r.id)).toEqual([
      'my-table',
      'taken-by-me',
    ]);
  });

  it('unassigned: at a table with no server and not taken by anyone', () => {
    expect(open.filter((r) => matchesFilter(r, 'unassigned', me)).map((r) => r.id)).toEqual([
      'free',
    ]);
  });

  it('counts every filter at once; without a user nothing is mine', () => {
    expect(filterCounts(open, me)).toEqual({ mine: 2, unassigned: 1, all: 5 });
    expect(filterCounts(open, null)).toEqual({ mine: 0, unassigned: 1, all: 5 });
  });
});

describe('firstRows', () => {
  it('shows whole rows up to the limit and counts the requests left behind "N more"', () => {
    const groups = groupByTable([
      request('a1', { tableId: 'a', createdAt: 1 }),
      request('a2', { tableId: 'a', createdAt: 2 }),
      request('b1', { tableId: 'b', createdAt: 3 }),
      request('c1', { tableId: 'c', createdAt: 4 }),
      request('c2', { tableId: 'c', createdAt: 5 }),
    ]);
    const { shown, hidden } = firstRows(groups, 3);
    expect(shown.map((g) => g.tableId)).toEqual(['a', 'b']);
    expect(hidden).toBe(2);
    expect(firstRows(groups, 100)).toEqual({ shown: groups, hidden: 0 });
  });
});
