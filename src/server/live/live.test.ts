/** The live channel over a real socket: a guest's press reaches the right consoles and no others. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveEvent } from '@shared/schemas';
import {
  createTestApp,
  PUBLIC_URL,
  request,
  sessionCookie,
  type TestApp,
} from '../../../tests/support/test-app';
import { makeFloor, makeServer, makeTable, signInServer } from '../../../tests/support/factories';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

interface Client {
  ws: WebSocket;
  events: LiveEvent[];
  next(type: LiveEvent['type'], timeoutMs?: number): Promise<LiveEvent>;
  closed: Promise<number>;
}

/** `origin`: the handshake's Origin header (a browser always sends one); null for none. */
function connect(cookie?: string, origin: string | null = base): Promise<Client> {
  const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
    headers: cookie ? { cookie } : {},
    ...(origin ? { origin } : {}),
  });
  const events: LiveEvent[] = [];
  const waiters: { type: string; resolve: (e: LiveEvent) => void }[] = [];
  ws.on('message', (data: Buffer) => {
    const event = JSON.parse(data.toString()) as LiveEvent;
    events.push(event);
    for (const w of waiters.filter((x) => x.type === event.type)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const client: Client = {
    ws,
    events,
    closed,
    next: (type, timeoutMs = 3000) =>
      new Promise((resolve, reject) => {
        const seen = events.find((e) => e.type === type);
        if (seen) {
          events.splice(events.indexOf(seen), 1);
          return resolve(seen);
        }
        const timer = setTimeout(
          () => reject(new Error(`no ${type} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          type,
          resolve: (e) => (clearTimeout(timer), events.splice(events.indexOf(e), 1), resolve(e)),
        });
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('open', () => resolve(client));
  });
}

describe('/api/live', () => {
  it('refuses a connection without a session', async () => {
    await expect(connect()).rejects.toThrow('HTTP 401');
  });

  it('refuses a handshake from another origin, or with none, even with a valid session (no hijacking)', async () => {
    const a = await makeFloor(t);
    await expect(connect(a.serverCookie, 'https://evil.example')).rejects.toThrow('HTTP 403');
    await expect(connect(a.serverCookie, 'null')).rejects.toThrow('HTTP 403');
    await expect(connect(a.serverCookie, null)).rejects.toThrow('HTTP 403');
    // Our own origin: PUBLIC_URL's, or the host the handshake was sent to.
    for (const origin of [PUBLIC_URL, base]) {
      const ok = await connect(a.serverCookie, origin);
      await ok.next('hello');
      ok.ws.close();
    }
  });

  it('delivers a guest press to the restaurant’s server, and not to another restaurant', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const clientA = await connect(a.serverCookie);
    const clientB = await connect(b.serverCookie);
    await clientA.next('hello');
    await clientB.next('hello');
    const res = await request(
      t,
      'POST',
      `/api/public/restaurants/${a.restaurant.id}/tables/${a.table.id}/requests`,
      {
        body: { type: 'order' },
      },
    );
    expect(res.statusCode).toBe(201);
    const event = await clientA.next('request.created');
    expect(event).toMatchObject({
      type: 'request.created',
      request: { tableNumber: '3', type: 'order', status: 'pending' },
    });
    // B belongs to another restaurant: after a round trip on its own restaurant, it still has seen nothing of A.
    await request(t, 'POST', `/api/tables/${b.table.id}/assign`, { cookie: b.serverCookie });
    await clientB.next('table.changed');
    expect(clientB.events.filter((e) => e.type === 'request.created')).toHaveLength(0);
    clientA.ws.close();
    clientB.ws.close();
  });

  it('does not alert a server to a colleague’s table', async () => {
    const a = await makeFloor(t);
    const colleague = await makeServer(t, a.restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const theirs = await makeTable(t, a.restaurant.id, '44');
    await request(t, 'POST', `/api/tables/${theirs.id}/assign`, { cookie: colleagueCookie });
    const me = await connect(a.serverCookie);
    const them = await connect(colleagueCookie);
    await request(
      t,
      'POST',
      `/api/public/restaurants/${a.restaurant.id}/tables/${theirs.id}/requests`,
      { body: { type: 'bill' } },
    );
    await them.next('request.created');
    // The unassigned table 3 reaches both; by then "me" would have received the earlier event had it been sent.
    await request(
      t,
      'POST',
      `/api/public/restaurants/${a.restaurant.id}/tables/${a.table.id}/requests`,
      { body: { type: 'server' } },
    );
    const mine = await me.next('request.created');
    expect(mine.type === 'request.created' && mine.request.tableNumber).toBe('3');
    expect(me.events.filter((e) => e.type === 'request.created')).toHaveLength(0);
    me.ws.close();
    them.ws.close();
  });

  // With PostgreSQL the press's own statement sends this event, filling in the server and the table number.
  it('announces the request exactly as the console then lists it (assigned server, any table number)', async () => {
    const a = await makeFloor(t);
    const table = await makeTable(t, a.restaurant.id, 'Tür "7" \\ ✓ 🍷');
    await request(t, 'POST', `/api/tables/${table.id}/assign`, { cookie: a.serverCookie });
    const me = await connect(a.serverCookie);
    await me.next('hello');
    const press = await request(
      t,
      'POST',
      `/api/public/restaurants/${a.restaurant.id}/tables/${table.id}/requests`,
      { body: { type: 'refill' } },
    );
    expect(press.statusCode).toBe(201);
    const event = await me.next('request.created');
    const listed = await request(t, 'GET', `/api/restaurants/${a.restaurant.id}/requests`, {
      cookie: a.serverCookie,
    });
    const { pending } = listed.json<{ pending: unknown[] }>();
    expect(event.type === 'request.created' && event.request).toEqual(pending[0]);
    expect(pending[0]).toMatchObject({
      tableNumber: 'Tür "7" \\ ✓ 🍷',
      serverId: a.server.user.id,
    });
    me.ws.close();
  });

  it('closes the socket at once when the session signs out', async () => {
    const a = await makeFloor(t);
    const client = await connect(a.serverCookie);
    await client.next('hello');
    await request(t, 'POST', '/api/auth/logout', { cookie: a.serverCookie });
    expect(await client.closed).toBe(4001);
  });

  it("closes the old session's socket at once when the same browser signs in again", async () => {
    const a = await makeFloor(t);
    const client = await connect(a.serverCookie);
    await client.next('hello');
    // The browser sends its old cookie with the new sign-in (issue 25: the old socket heard events until expiry).
    const again = await request(t, 'POST', '/api/auth/pin-login', {
      body: { loginId: a.server.loginId, pin: a.server.pin },
      cookie: a.serverCookie,
    });
    expect(again.statusCode).toBe(200);
    expect(await client.closed).toBe(4001);
    // A socket opened with the new session stays open and hears the floor.
    const fresh = await connect(sessionCookie(again));
    await fresh.next('hello');
    expect(fresh.ws.readyState).toBe(WebSocket.OPEN);
    fresh.ws.close();
  });

  it('closes the socket when the account is deleted', async () => {
    const a = await makeFloor(t);
    const client = await connect(a.serverCookie);
    await client.next('hello');
    expect(
      (await request(t, 'DELETE', '/api/account', { cookie: a.serverCookie })).statusCode,
    ).toBe(204);
    expect(await client.closed).toBe(4001);
  });

  it('refuses a subscription to another restaurant', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const client = await connect(a.serverCookie);
    await client.next('hello');
    client.ws.send(JSON.stringify({ type: 'subscribe', restaurantId: b.restaurant.id }));
    await new Promise((r) => setTimeout(r, 100));
    await request(
      t,
      'POST',
      `/api/public/restaurants/${b.restaurant.id}/tables/${b.table.id}/requests`,
      { body: { type: 'bill' } },
    );
    await request(
      t,
      'POST',
      `/api/public/restaurants/${a.restaurant.id}/tables/${a.table.id}/requests`,
      { body: { type: 'bill' } },
    );
    const got = await client.next('request.created');
    expect(got.type === 'request.created' && got.request.restaurantId).toBe(a.restaurant.id);
    expect(client.events.filter((e) => e.type === 'request.created')).toHaveLength(0);
    client.ws.close();
  });
});
