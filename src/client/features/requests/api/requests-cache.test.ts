import { describe, expect, it } from 'vitest';
import type { ServiceRequest } from '../../../../shared/schemas';
import { sortPendingForDisplay, upsertRequest } from './requests-cache';

function request(id: string, overrides: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    id,
    restaurantId: 'r1',
    tableId: 't1',
    tableNumber: '1',
    serverId: null,
    type: 'order',
    status: 'pending',
    overdue: false,
    createdAt: 1_000,
    updatedAt: 1_000,
    ...overrides,
  };
}

describe('upsertRequest', () => {
  it('adds a new pending request newest first', () => {
    const data = { pending: [request('a', { createdAt: 1 })], completed: [] };
    const next = upsertRequest(data, request('b', { createdAt: 2 }));
    expect(next?.pending.map((r) => r.id)).toEqual(['b', 'a']);
  });

  it('moves a completed request out of pending, most recently completed first, at most 5 (SPEC §9)', () => {
    const completed = [1, 2, 3, 4, 5].map((n) =>
      request(`c${n}`, { status: 'completed', updatedAt: n }),
    );
    const data = { pending: [request('a')], completed };
    const next = upsertRequest(data, request('a', { status: 'completed', updatedAt: 10 }));
    expect(next?.pending).toEqual([]);
    expect(next?.completed.map((r) => r.id)).toEqual(['a', 'c5', 'c4', 'c3', 'c2']);
  });

  it('replaces a request it already holds (a live event after the HTTP answer)', () => {
    const data = { pending: [request('a')], completed: [] };
    const next = upsertRequest(data, request('a', { overdue: true }));
    expect(next?.pending).toEqual([request('a', { overdue: true })]);
  });

  it('leaves an uncached list alone', () => {
    expect(upsertRequest(undefined, request('a'))).toBeUndefined();
  });
});

describe('sortPendingForDisplay', () => {
  it('puts overdue requests first, each group newest first', () => {
    const sorted = sortPendingForDisplay([
      request('new', { createdAt: 3 }),
      request('late-old', { createdAt: 1, overdue: true }),
      request('mid', { createdAt: 2 }),
      request('late-new', { createdAt: 2, overdue: true }),
    ]);
    expect(sorted.map((r) => r.id)).toEqual(['late-new', 'late-old', 'new', 'mid']);
  });
});
