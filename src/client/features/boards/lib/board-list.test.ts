import { describe, expect, it } from 'vitest';
import type { BoardRequest, BoardSnapshot } from '@shared/board';
import { applyBoardRequest, sortBoard, waitToneOf } from './board-list';

const request = (over: Partial<BoardRequest>): BoardRequest => ({
  id: 'r1',
  tableId: 't1',
  tableNumber: '4',
  type: 'order',
  status: 'pending',
  createdAt: 1_000,
  acknowledgedAt: null,
  takenBy: null,
  overdue: false,
  urgent: false,
  hasNote: false,
  ...over,
});

const snapshot = (requests: BoardRequest[], openTotal = requests.length): BoardSnapshot => ({
  board: { id: 'b', name: 'Bar TV' },
  restaurant: {
    id: 'x',
    name: 'Bistro',
    escalateAfterMinutes: 10,
    guestLanguage: 'en',
    requestTypes: { hidden: [], custom: [] },
  },
  requests,
  openTotal,
  now: 0,
});

describe('the floor board list', () => {
  it('puts the longest wait on top and leaves closed requests out', () => {
    const list = sortBoard([
      request({ id: 'b', createdAt: 3 }),
      request({ id: 'a', createdAt: 1 }),
      request({ id: 'c', createdAt: 2, status: 'completed' }),
    ]);
    expect(list.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('adds a new call in its place, replaces a taken one, and removes a done one', () => {
    let s = snapshot([request({ id: 'a', createdAt: 5 })]);
    s = applyBoardRequest(s, request({ id: 'old', createdAt: 1 }));
    expect(s.requests.map((r) => r.id)).toEqual(['old', 'a']);
    expect(s.openTotal).toBe(2);
    s = applyBoardRequest(
      s,
      request({ id: 'a', createdAt: 5, status: 'acknowledged', takenBy: 'Alex' }),
    );
    expect(s.requests[1]).toMatchObject({ status: 'acknowledged', takenBy: 'Alex' });
    expect(s.openTotal).toBe(2);
    s = applyBoardRequest(s, request({ id: 'old', createdAt: 1, status: 'completed' }));
    expect(s.requests.map((r) => r.id)).toEqual(['a']);
    expect(s.openTotal).toBe(1);
    // A closed request the board never had changes nothing.
    s = applyBoardRequest(s, request({ id: 'gone', status: 'dismissed' }));
    expect(s.openTotal).toBe(1);
  });

  it('tones a wait by its age against the escalation time', () => {
    const at = (minutes: number) => 1_000 + minutes * 60_000;
    expect(waitToneOf(request({}), at(4.9), 10)).toBe('fresh');
    expect(waitToneOf(request({}), at(5), 10)).toBe('long');
    expect(waitToneOf(request({}), at(10), 10)).toBe('overdue');
    expect(waitToneOf(request({ overdue: true }), at(1), 10)).toBe('overdue');
    expect(waitToneOf(request({ status: 'acknowledged' }), at(30), 10)).toBe('taken');
  });
});
