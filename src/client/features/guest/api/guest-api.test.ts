import { describe, expect, it } from 'vitest';
import type { GuestRequestState, GuestTableResponse } from '@shared/schemas';
import { applyTableRequest } from './guest-api';

const state = (id: string, over: Partial<GuestRequestState> = {}): GuestRequestState => ({
  id,
  type: 'bill',
  status: 'pending',
  createdAt: 1,
  acknowledgedAt: null,
  takenBy: null,
  note: null,
  urgent: false,
  billMethod: null,
  ...over,
});
const table = (openRequests: GuestRequestState[]): GuestTableResponse => ({
  restaurant: {
    id: 'r',
    name: 'R',
    logoUrl: null,
    primaryColor: '#1E40AF',
    secondaryColor: '#F59E0B',
    reviewUrl: null,
    guestLanguage: 'en',
    requestTypes: { hidden: [], custom: [] },
  },
  table: { id: 't', number: '1' },
  cooldownRemainingSeconds: 0,
  openRequests,
  usualWaits: {},
  closedNow: false,
});

describe('applyTableRequest (the table channel, issue 12)', () => {
  it('adds a new open request newest first', () => {
    const next = applyTableRequest(
      table([state('a', { createdAt: 1 })]),
      state('b', { createdAt: 2 }),
    );
    expect(next?.openRequests.map((r) => r.id)).toEqual(['b', 'a']);
  });

  it('replaces the state of a request it holds (taken: who is on the way)', () => {
    const next = applyTableRequest(
      table([state('a')]),
      state('a', { status: 'acknowledged', acknowledgedAt: 5, takenBy: 'Anna' }),
    );
    expect(next?.openRequests).toEqual([
      state('a', { status: 'acknowledged', acknowledgedAt: 5, takenBy: 'Anna' }),
    ]);
  });

  it('drops a completed or dismissed request', () => {
    const data = table([state('a'), state('b')]);
    expect(
      applyTableRequest(data, state('a', { status: 'completed' }))?.openRequests.map((r) => r.id),
    ).toEqual(['b']);
    expect(
      applyTableRequest(data, state('b', { status: 'dismissed' }))?.openRequests.map((r) => r.id),
    ).toEqual(['a']);
  });

  it('leaves an unloaded table alone', () => {
    expect(applyTableRequest(undefined, state('a'))).toBeUndefined();
  });
});
