/** The heartbeat: every socket pinged every 30 s, a slice at a time (never all at once), silent ones dropped. */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { SessionUser } from '../modules/auth/auth.service';
import { Hub, type Connection } from './hub';

class FakeSocket extends EventEmitter {
  pings = 0;
  terminated = false;
  /** Answers pings, as a live browser does. */
  constructor(private readonly answers: boolean) {
    super();
  }
  ping() {
    this.pings++;
    if (this.answers) queueMicrotask(() => this.emit('pong'));
  }
  terminate() {
    this.terminated = true;
    this.emit('close');
  }
  close() {
    this.emit('close');
  }
}

function connection(answers: boolean, i: number): { conn: Connection; socket: FakeSocket } {
  const socket = new FakeSocket(answers);
  const conn: Connection = {
    socket: socket as unknown as WebSocket,
    user: { id: `u${i}`, role: 'server' } as SessionUser,
    sessionId: `s${i}`,
    rooms: new Set(),
    alive: true,
  };
  return { conn, socket };
}

describe('Hub heartbeat', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings each socket once per 30 s, at most a thirtieth of them per second', async () => {
    const hub = new Hub();
    const sockets = Array.from({ length: 300 }, (_, i) => {
      const { conn, socket } = connection(true, i);
      hub.add(conn);
      return socket;
    });
    const total = () => sockets.reduce((n, s) => n + s.pings, 0);
    let before = 0;
    for (let second = 1; second <= 30; second++) {
      await vi.advanceTimersByTimeAsync(1000);
      expect(total() - before).toBeLessThanOrEqual(10);
      before = total();
    }
    expect(sockets.every((s) => s.pings === 1)).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets.every((s) => s.pings === 2 && !s.terminated)).toBe(true);
    hub.closeAll();
  });

  it('drops a socket that missed its pong within 60 s, and forgets it', async () => {
    const hub = new Hub();
    const live = connection(true, 1);
    const dead = connection(false, 2);
    hub.add(live.conn);
    hub.add(dead.conn);
    expect(hub.size).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(dead.socket.terminated).toBe(true);
    expect(live.socket.terminated).toBe(false);
    expect(hub.size).toBe(1);
    // A closed socket is no longer visited.
    const pings = dead.socket.pings;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(dead.socket.pings).toBe(pings);
    hub.closeAll();
  });
});
