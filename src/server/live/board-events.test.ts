/**
 * What a floor board is told (decision 081): a request in the board's view only — no note text, no staff ids, no
 * bill method — a 'resync' for table and restaurant changes, and nothing of the rest (sessions, presence, hello).
 */
import { describe, expect, it } from 'vitest';
import type { LiveEvent, ServiceRequest } from '@shared/schemas';
import { boardEventOf } from './hub';

const request: ServiceRequest = {
  id: 'req-1',
  restaurantId: 'rest-1',
  tableId: 'table-1',
  tableNumber: 'Terrace 2',
  serverId: 'server-secret-id',
  sectionServerIds: ['section-server-secret-id'],
  type: 'bill',
  status: 'acknowledged',
  overdue: false,
  createdAt: 1_000,
  updatedAt: 2_000,
  acknowledgedAt: 2_000,
  acknowledgedBy: { id: 'staff-secret-id', name: 'Alex Martin' },
  resolvedAt: null,
  resolvedBy: null,
  note: 'Peanut allergy, Maria',
  urgent: true,
  billMethod: 'card',
  reopenedAt: null,
  reach: 'routed',
  reachServerIds: null,
};

describe('boardEventOf', () => {
  it('reduces a request to the board’s view', () => {
    for (const type of ['request.created', 'request.updated'] as const) {
      const view = boardEventOf({ type, request });
      expect(view).toEqual({
        type: 'board.request',
        request: {
          id: 'req-1',
          tableId: 'table-1',
          tableNumber: 'Terrace 2',
          type: 'bill',
          status: 'acknowledged',
          createdAt: 1_000,
          acknowledgedAt: 2_000,
          takenBy: 'Alex',
          overdue: false,
          urgent: true,
          hasNote: true,
        },
      });
      const text = JSON.stringify(view);
      for (const secret of ['Peanut', 'secret-id', 'Martin', 'card', 'rest-1'])
        expect(text).not.toContain(secret);
    }
    expect(
      boardEventOf({ type: 'request.created', request: { ...request, note: null } }),
    ).toMatchObject({
      request: { hasNote: false },
    });
  });

  it('asks for a resync on table and restaurant changes, and passes nothing else', () => {
    const resync = { type: 'resync' };
    expect(boardEventOf({ type: 'table.deleted', restaurantId: 'r', tableId: 't' })).toEqual(
      resync,
    );
    const none: LiveEvent[] = [
      { type: 'hello', userId: 'u' },
      { type: 'session.ended' },
      { type: 'presence.changed', restaurantId: 'r' },
      { type: 'resync' },
      { type: 'restaurant.deleted', restaurantId: 'r' },
    ];
    for (const event of none) expect(boardEventOf(event), event.type).toBeNull();
  });
});
