/** Decision 026 (issue 14): open staff WebSockets are capped per session, per user and per address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { makeRestaurant, makeServer, signInServer } from '../../../tests/support/factories';
import { SOCKET_LIMIT_CLOSE_CODE, SocketCounter } from './socket-caps';

const CAPS = { perSession: 2, perUser: 3, perAddress: 4 };
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ staffSocketCaps: CAPS });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

interface Outcome {
  ws: WebSocket;
  /** 'open' when the server said hello; otherwise the close code and reason it sent. */
  result: Promise<'open' | { code: number; reason: string }>;
}

/** A staff socket from a given loopback address (Linux routes all of 127/8 to lo). */
function open(cookie: string, from: string): Outcome {
  const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
    headers: { cookie },
    origin: base,
    localAddress: from,
  });
  const result = new Promise<'open' | { code: number; reason: string }>((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { type: string }).type === 'hello') resolve('open');
    });
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
  });
  return { ws, result };
}

async function server() {
  const restaurant = await makeRestaurant(t);
  return makeServer(t, restaurant.id);
}

const closeAll = (sockets: Outcome[]) => sockets.forEach((s) => s.ws.close());

describe('staff socket caps', () => {
  it('closes a session’s socket past the per-session cap with 4429, and admits one again after a close', async () => {
    const cookie = await signInServer(t, await server());
    const sockets = [open(cookie, '127.0.0.2'), open(cookie, '127.0.0.2')];
    for (const s of sockets) expect(await s.result).toBe('open');
    const over = open(cookie, '127.0.0.2');
    expect(await over.result).toEqual({
      code: SOCKET_LIMIT_CLOSE_CODE,
      reason: 'too many live connections for this session',
    });
    sockets[0]!.ws.close();
    await new Promise((resolve) => sockets[0]!.ws.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the server's side of the close
    const again = open(cookie, '127.0.0.2');
    expect(await again.result).toBe('open');
    closeAll([...sockets, again]);
  });

  it('caps a user across sessions', async () => {
    const staff = await server();
    const first = await signInServer(t, staff);
    const second = await signInServer(t, staff);
    const sockets = [open(first, '127.0.0.3'), open(first, '127.0.0.3'), open(second, '127.0.0.3')];
    for (const s of sockets) expect(await s.result).toBe('open');
    const over = open(second, '127.0.0.3');
    expect(await over.result).toEqual({
      code: SOCKET_LIMIT_CLOSE_CODE,
      reason: 'too many live connections for this user',
    });
    closeAll(sockets);
  });

  it('caps an address across users; another address is not affected', async () => {
    const cookies = [
      await signInServer(t, await server()),
      await signInServer(t, await server()),
      await signInServer(t, await server()),
    ];
    const sockets = [
      open(cookies[0]!, '127.0.0.4'),
      open(cookies[0]!, '127.0.0.4'),
      open(cookies[1]!, '127.0.0.4'),
      open(cookies[1]!, '127.0.0.4'),
    ];
    for (const s of sockets) expect(await s.result).toBe('open');
    const over = open(cookies[2]!, '127.0.0.4');
    expect(await over.result).toEqual({
      code: SOCKET_LIMIT_CLOSE_CODE,
      reason: 'too many live connections from this address',
    });
    const elsewhere = open(cookies[2]!, '127.0.0.5');
    expect(await elsewhere.result).toBe('open');
    closeAll([...sockets, elsewhere]);
  });
});

describe('SocketCounter', () => {
  it('releases a slot once, however often its socket reports closing', () => {
    const counter = new SocketCounter({ perSession: 1, perUser: 5, perAddress: 5 });
    const owner = { sessionId: 's', userId: 'u', address: 'a' };
    const slot = counter.take(owner);
    expect('release' in slot).toBe(true);
    expect(counter.take(owner)).toMatchObject({ refused: 'perSession' });
    if ('release' in slot) {
      slot.release();
      slot.release();
    }
    const again = counter.take(owner);
    expect('release' in again).toBe(true);
    expect(counter.take(owner)).toMatchObject({ refused: 'perSession' });
  });
});
