import { describe, expect, it, vi } from 'vitest';
import type { GuestTableResponse } from '@shared/schemas';
import { ApiRequestError } from '../../../lib/api-client';
import { GuestTableStore } from './guest-table-store';

const table = (number = '1'): GuestTableResponse => ({
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
  table: { id: 't', number },
  cooldownRemainingSeconds: 0,
  openRequests: [],
  usualWaits: {},
  closedNow: false,
});
const failure = (status: number) =>
  new ApiRequestError({ status, code: 'x', message: 'x', fromServer: status !== 0 });
const noWait = () => Promise.resolve();

describe('GuestTableStore (decision 048)', () => {
  it('starts from the table the server drew, without fetching', () => {
    const fetchTable = vi.fn();
    const store = new GuestTableStore(fetchTable, table('12'), noWait);
    expect(store.getState()).toEqual({ status: 'success', data: table('12') });
    expect(fetchTable).not.toHaveBeenCalled();
  });

  it('loads, retries network and 5xx failures twice, and tells its listeners', async () => {
    const fetchTable = vi
      .fn()
      .mockRejectedValueOnce(failure(0))
      .mockRejectedValueOnce(failure(503))
      .mockResolvedValueOnce(table('3'));
    const store = new GuestTableStore(fetchTable, null, noWait);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getState().status).toBe('pending');
    await store.load();
    expect(fetchTable).toHaveBeenCalledTimes(3);
    expect(store.getState()).toEqual({ status: 'success', data: table('3') });
    expect(listener).toHaveBeenCalled();
  });

  it('does not retry a 404, and shows the error', async () => {
    const fetchTable = vi.fn().mockRejectedValue(failure(404));
    const store = new GuestTableStore(fetchTable, null, noWait);
    await store.load();
    expect(fetchTable).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ status: 'error' });
  });

  it('keeps the shown table when a refetch fails for the network, and loads once at a time', async () => {
    const fetchTable = vi.fn().mockRejectedValue(failure(0));
    const store = new GuestTableStore(fetchTable, table(), noWait);
    await Promise.all([store.load(), store.load()]);
    expect(fetchTable).toHaveBeenCalledTimes(3);
    expect(store.getState()).toEqual({ status: 'success', data: table() });
  });

  it('updates a loaded table only', () => {
    const empty = new GuestTableStore(vi.fn(), null, noWait);
    empty.update(() => table('9'));
    expect(empty.getState().status).toBe('pending');
    const loaded = new GuestTableStore(vi.fn(), table(), noWait);
    loaded.update((current) => ({ ...current, cooldownRemainingSeconds: 30 }));
    expect(loaded.getState()).toMatchObject({ data: { cooldownRemainingSeconds: 30 } });
  });
});
