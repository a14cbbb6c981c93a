import { describe, expect, it } from 'vitest';
import { firstNameOf, toGuestRequestState, type GuestVisibleRequest } from './requests.mapper';

const taken: GuestVisibleRequest = {
  id: 'q1',
  restaurantId: 'r1',
  tableId: 't1',
  tableNumber: '4',
  serverId: 'server-of-the-table',
  sectionServerIds: [],
  type: 'bill',
  status: 'acknowledged',
  overdue: false,
  createdAt: 1,
  updatedAt: 2,
  acknowledgedAt: 2,
  acknowledgedBy: { id: 'staff-id', name: 'Anna Berg' },
  resolvedAt: null,
  resolvedBy: null,
  note: null,
  urgent: false,
  billMethod: null,
  reopenedAt: null,
  reach: 'routed',
  reachServerIds: null,
};

describe('what a guest is told of its table’s request (decision 029)', () => {
  it('names the taker by the first word of their display name only', () => {
    expect(firstNameOf('Anna Berg')).toBe('Anna');
    expect(firstNameOf('  Jean-Luc   Picard ')).toBe('Jean-Luc');
    expect(firstNameOf('Cher')).toBe('Cher');
    expect(firstNameOf('   ')).toBe('');
  });

  it('keeps no staff id, no table or restaurant, and the name only when the restaurant shows names', () => {
    expect(toGuestRequestState(taken, true)).toEqual({
      id: 'q1',
      type: 'bill',
      status: 'acknowledged',
      createdAt: 1,
      acknowledgedAt: 2,
      takenBy: 'Anna',
      note: null,
      urgent: false,
      billMethod: null,
    });
    expect(toGuestRequestState(taken, false).takenBy).toBeNull();
    expect(JSON.stringify(toGuestRequestState(taken, true))).not.toMatch(
      /staff-id|server-of|Berg|r1|t1/,
    );
  });
});
