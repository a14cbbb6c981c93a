/**
 * Issue 6, reconnect: a staff console connected while the real server process restarts reconnects on its own and
 * then shows every request, including those made while it was away. The console's own live logic runs here
 * (src/client/lib/live-client.ts, with node stand-ins for the browser globals it touches), and does what the app
 * does with it (app/live-provider.tsx): a live event adds to the view, every (re)connect refetches the list.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { LiveClient } from '../../src/client/lib/live-client';
import { parseLiveEvent } from '../../src/client/lib/live-events';
import { freePort, startServer, type ChildServer } from '../support/child-server';
import { seedChildFloor, type ChildFloor } from '../support/child-floor';
import { backend } from '../support/test-db';

const TABLES = 12;
const children: ChildServer[] = [];
let floor: ChildFloor;
let env: Record<string, string> = {};
let restaurantId = '';
let tableIds: string[] = [];

beforeAll(async () => {
  floor = await seedChildFloor('Reconnect Cafe', TABLES);
  ({ env, restaurantId, tableIds } = floor);
}, 120_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  for (const c of children) c.child.kill('SIGKILL');
  await floor?.close();
});

async function press(base: string, tableId: string): Promise<string> {
  const res = await fetch(
    `${base}/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'order' }),
    },
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { request: { id: string } }).request.id;
}

async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The browser globals LiveClient touches; the browser sends the session cookie and its Origin with the upgrade by
 * itself. While
 * `network.reachable` is false, connects go to a closed port: the phone does not reach the server yet, so the test
 * decides that the presses after the restart happen before the console is back.
 */
const network = { reachable: true, deadUrl: '' };
function browserGlobals(cookie: string, origin: string) {
  class CookieWebSocket extends NodeWebSocket {
    constructor(url: string) {
      super(network.reachable ? url : network.deadUrl, { headers: { cookie, origin } });
      // A browser reports a failed connect as an error event and a close; ws would throw without a listener.
      this.on('error', () => undefined);
    }
  }
  vi.stubGlobal('WebSocket', CookieWebSocket);
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  vi.stubGlobal('navigator', { onLine: true });
}

describe(`staff console across a server restart (${backend})`, () => {
  it('reconnects and shows every request, including those made while it was away', async () => {
    const port = await freePort();
    const first = await startServer(env, port);
    children.push(first);
    const base = first.base;
    const signIn = await fetch(`${base}/api/auth/pin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'kim', pin: '2468' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    browserGlobals(cookie, base);

    // The console's view of pending requests: what the list said at the last (re)connect, plus live events.
    const view = new Set<string>();
    let opens = 0;
    let refetches = 0;
    let disconnects = 0;
    const refetch = async () => {
      const res = await fetch(`${base}/api/restaurants/${restaurantId}/requests`, {
        headers: { cookie },
      });
      if (res.status !== 200) return;
      const body = (await res.json()) as { pending: { id: string }[] };
      for (const r of body.pending) view.add(r.id);
      refetches += 1;
    };
    const client = new LiveClient({
      url: `ws://127.0.0.1:${port}/api/live`,
      parse: parseLiveEvent,
      onOpen: () => {
        opens += 1;
        void refetch();
      },
      onDisconnect: () => (disconnects += 1),
      onStatusChange: () => undefined,
      onEvent: (event) => {
        if (event.type === 'request.created') view.add(event.request.id);
      },
    });
    client.start();
    try {
      await until(() => opens === 1 && refetches === 1, 'the first connect');
      const before = await press(base, tableIds[0]!);
      await until(() => view.has(before), 'the live event before the restart');

      // Graceful stop: the console is told to go away (1001) and keeps trying to reconnect (with backoff).
      network.deadUrl = `ws://127.0.0.1:${await freePort()}/api/live`;
      network.reachable = false;
      first.child.kill('SIGTERM');
      expect(await first.exited, first.output()).toBe(0);
      // At least once: each failed reconnect attempt (to the dead address) counts as another disconnect, and
      // several can pass while the old server is still closing its database (PGlite takes seconds on a busy CI).
      await until(() => disconnects >= 1, 'the disconnect');

      // The successor comes up on the same address and data; guests press at once, before the console is back.
      const second = await startServer(env, port);
      children.push(second);
      const whileAway: string[] = [];
      for (const tableId of tableIds.slice(1, -1)) whileAway.push(await press(base, tableId));
      expect(opens).toBe(1);
      for (const id of whileAway) expect(view.has(id)).toBe(false);

      // The console reaches the server again on its next scheduled attempt; its refetch brings what it missed.
      network.reachable = true;
      await until(() => opens >= 2 && refetches >= 2, 'the reconnect and its refetch');
      for (const id of [before, ...whileAway]) expect(view.has(id), id).toBe(true);

      // And it is live again: the next press arrives as an event.
      const after = await press(base, tableIds.at(-1)!);
      await until(() => view.has(after), 'a live event after the reconnect');
    } finally {
      client.stop();
    }
  }, 120_000);
});
