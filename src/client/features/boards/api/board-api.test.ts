// @vitest-environment jsdom
/**
 * The floor board's live channel (decision 080), like the console's resync (live-provider.tsx): every (re)connect
 * refetches the snapshot, a request event is folded in, a lost socket reconnects by itself, and a revoked board's
 * close (4403) stops it and shows the pairing form — but the page's own stop does not.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardRequest } from '@shared/board';
import { BOARD_REVOKED_CLOSE } from '@shared/constants';
import type { LiveStatus } from '../../../lib/live-client';
import { BOARD_KEY, startBoardLive, type BoardData } from './board-api';

class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  send() {
    throw new Error('a board never sends');
  }
}

const request = (over: Partial<BoardRequest> = {}): BoardRequest => ({
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

const data = (): BoardData => ({
  snapshot: {
    board: { id: 'b', name: 'Bar TV' },
    restaurant: {
      id: 'x',
      name: 'Bistro',
      escalateAfterMinutes: 10,
      guestLanguage: 'en',
      requestTypes: { hidden: [], custom: [] },
    },
    requests: [],
    openTotal: 0,
    now: 0,
  },
  skew: 0,
  receivedAt: 0,
});

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function start() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(BOARD_KEY, data());
  const refetches = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const statuses: LiveStatus[] = [];
  const revoked = vi.fn();
  const stop = startBoardLive(queryClient, {
    onStatus: (s) => statuses.push(s),
    onRevoked: revoked,
  });
  return { queryClient, refetches, statuses, revoked, stop };
}

describe('the floor board’s live channel', () => {
  it('connects to /api/board/live and resyncs on open', () => {
    const { refetches, stop } = start();
    const socket = FakeSocket.instances[0]!;
    expect(socket.url).toMatch(/\/api\/board\/live$/);
    socket.onopen?.();
    expect(refetches).toHaveBeenCalledWith({ queryKey: BOARD_KEY });
    stop();
  });

  it('folds a request event into the snapshot, and refetches on a resync', () => {
    const { queryClient, refetches, stop } = start();
    const socket = FakeSocket.instances[0]!;
    socket.onopen?.();
    refetches.mockClear();
    socket.onmessage?.({
      data: JSON.stringify({ type: 'board.request', request: request() }),
    } as MessageEvent);
    expect(queryClient.getQueryData<BoardData>(BOARD_KEY)!.snapshot.requests).toEqual([request()]);
    expect(queryClient.getQueryData<BoardData>(BOARD_KEY)!.snapshot.openTotal).toBe(1);
    // Anything that is not a board event is ignored.
    socket.onmessage?.({ data: '{"type":"request.created"}' } as MessageEvent);
    socket.onmessage?.({ data: 'not json' } as MessageEvent);
    expect(refetches).not.toHaveBeenCalled();
    socket.onmessage?.({ data: '{"type":"resync"}' } as MessageEvent);
    expect(refetches).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reconnects by itself after a lost socket (a network loss, a restart) and resyncs again', () => {
    const { refetches, statuses, revoked, stop } = start();
    FakeSocket.instances[0]!.onopen?.();
    refetches.mockClear();
    FakeSocket.instances[0]!.onclose?.({ code: 1006 });
    expect(statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(15_000);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.onopen?.();
    expect(statuses.at(-1)).toBe('open');
    // Once for the lost socket (a revoked board learns it from the snapshot's 401), once for the new one.
    expect(refetches).toHaveBeenCalledTimes(2);
    expect(revoked).not.toHaveBeenCalled();
    stop();
  });

  it('stops and shows the pairing form when the server closes it as revoked; not when the page stops it', () => {
    const first = start();
    FakeSocket.instances[0]!.onopen?.();
    FakeSocket.instances[0]!.onclose?.({ code: BOARD_REVOKED_CLOSE });
    expect(first.revoked).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);

    const second = start();
    FakeSocket.instances[1]!.onopen?.();
    second.stop();
    expect(second.revoked).not.toHaveBeenCalled();
  });
});
