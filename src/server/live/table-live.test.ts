/**
 * Issue 12 over real sockets: each staff action reaches exactly the consoles that may see the request and the
 * guest page of that request's table — never another table's page, a restaurant-wide guest socket or another
 * restaurant — and a guest frame carries the guest's view only (decision 029: no staff ids, first name at most).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { requests, tables } from '../db/schema';
import { createTestApp, request, type TestApp } from '../../../tests/support/test-app';
import { makeFloor, makeServer, makeTable, signInServer } from '../../../tests/support/factories';
import { createPinServer } from '../modules/users/users.service';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

type Frame = Record<string, unknown> & { type: string };
interface Socket {
  ws: WebSocket;
  frames: Frame[];
  /** Resolves with the first frame (from the start) matching `check`. */
  until(check: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  closed: Promise<number>;
}

function open(path: string, headers: Record<string, string> = {}): Promise<Socket> {
  const ws = new WebSocket(base.replace('http', 'ws') + path, { headers, origin: base });
  const frames: Frame[] = [];
  ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as Frame));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const socket: Socket = {
    ws,
    frames,
    closed,
    until: async (check, timeoutMs = 4000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find(check);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`not seen; got ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('open', () => resolve(socket));
  });
}

const tableLive = (restaurantId: string, tableId: string) =>
  open(`/api/public/restaurants/${restaurantId}/tables/${tableId}/live`);
const staffLive = async (cookie: string) => {
  const socket = await open('/api/live', { cookie });
  await socket.until((f) => f.type === 'hello');
  return socket;
};

/** Resolves once the hub has registered `count` guest sockets (the upgrade completes just before). */
async function guestsRegistered(count: number): Promise<void> {
  for (let i = 0; i < 200 && t.services.live.hub.guestSize < count; i++)
    await new Promise((r) => setTimeout(r, 10));
  expect(t.services.live.hub.guestSize).toBeGreaterThanOrEqual(count);
}

const press = async (restaurantId: string, tableId: string, type = 'bill') => {
  const res = await request(
    t,
    'POST',
    `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
    { body: { type } },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ request: { id: string } }>().request.id;
};
const act = async (action: string, id: string, cookie: string) => {
  const res = await request(t, 'POST', `/api/requests/${id}/${action}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
};

async function namedServer(restaurantId: string, name: string) {
  const loginId = 'n' + randomBytes(4).toString('hex');
  const user = await createPinServer(t.database.db, { restaurantId, name, loginId, pin: '1234' });
  return { user, cookie: await signInServer(t, { loginId, pin: '1234' }) };
}

const requestFrame = (id: string, status: string) => (f: Frame) =>
  (f.type === 'request.updated' || f.type === 'request.created') &&
  (f.request as { id: string; status: string }).id === id &&
  (f.request as { status: string }).status === status;
const guestFrame = (id: string, status: string) => (f: Frame) =>
  f.type === 'table.request' &&
  (f.request as { id: string }).id === id &&
  (f.request as { status: string }).status === status;

describe('table live channel (decision 029)', () => {
  it('refuses an unknown table, or a table of another restaurant, before the upgrade', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    await expect(tableLive(a.restaurant.id, 'no-such-table')).rejects.toThrow('HTTP 404');
    await expect(tableLive(a.restaurant.id, b.table.id)).rejects.toThrow('HTTP 404');
  });

  it('takes, completes and dismisses: each reaches exactly the consoles and the guest page that may see it', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const anna = await namedServer(a.restaurant.id, 'Anna Berg');
    const colleague = await makeServer(t, a.restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const otherTable = await makeTable(t, a.restaurant.id, '7');
    const theirs = await makeTable(t, a.restaurant.id, '8');
    await request(t, 'POST', `/api/tables/${theirs.id}/assign`, { cookie: colleagueCookie });

    const before = t.services.live.hub.guestSize;
    const guest = await tableLive(a.restaurant.id, a.table.id);
    const secondPhone = await tableLive(a.restaurant.id, a.table.id);
    const otherGuest = await tableLive(a.restaurant.id, otherTable.id);
    const restaurantGuest = await open(`/api/public/restaurants/${a.restaurant.id}/live`);
    const bGuest = await tableLive(b.restaurant.id, b.table.id);
    await guestsRegistered(before + 5);
    const annaConsole = await staffLive(anna.cookie);
    const admin = await staffLive(a.adminCookie);
    const colleagueConsole = await staffLive(colleagueCookie);
    const bServer = await staffLive(b.serverCookie);

    // Sent: both phones at the table see it.
    const id = await press(a.restaurant.id, a.table.id, 'refill');
    for (const phone of [guest, secondPhone]) {
      expect(await phone.until(guestFrame(id, 'pending'))).toEqual({
        type: 'table.request',
        request: {
          id,
          type: 'refill',
          status: 'pending',
          createdAt: expect.any(Number) as number,
          acknowledgedAt: null,
          takenBy: null,
          // What a guest at the table sent with it (decisions 070, 071): nothing here.
          note: null,
          urgent: false,
          billMethod: null,
        },
      });
    }

    // Taken: every console that may see it learns who took it; the table's phones learn the first name only.
    await act('acknowledge', id, anna.cookie);
    for (const console of [annaConsole, admin, colleagueConsole]) {
      const frame = await console.until(requestFrame(id, 'acknowledged'));
      expect(frame.request).toMatchObject({
        acknowledgedBy: { id: anna.user.id, name: 'Anna Berg' },
      });
    }
    for (const phone of [guest, secondPhone]) {
      const frame = await phone.until(guestFrame(id, 'acknowledged'));
      expect(frame.request).toMatchObject({ takenBy: 'Anna' });
      expect(JSON.stringify(phone.frames)).not.toContain(anna.user.id);
      expect(JSON.stringify(phone.frames)).not.toContain('Berg');
    }

    // Done.
    await act('complete', id, anna.cookie);
    await guest.until(guestFrame(id, 'completed'));
    await secondPhone.until(guestFrame(id, 'completed'));
    await admin.until(requestFrame(id, 'completed'));

    // A colleague's table: its request and its dismissal never reach Anna's console or this table's page.
    const colleagues = await press(a.restaurant.id, theirs.id);
    await act('dismiss', colleagues, colleagueCookie);
    await colleagueConsole.until(requestFrame(colleagues, 'dismissed'));
    await admin.until(requestFrame(colleagues, 'dismissed'));

    // Dismissed at this table: the page hears it (and drops the request).
    // The table's cool-down still runs after the first press: clear it so the guest can press again.
    await t.database.db
      .update(tables)
      .set({ lastRequestAt: null })
      .where(eq(tables.id, a.table.id));
    const second = await press(a.restaurant.id, a.table.id, 'server');
    await act('dismiss', second, a.adminCookie);
    await guest.until(guestFrame(second, 'dismissed'));
    await annaConsole.until(requestFrame(second, 'dismissed'));

    // The other table's page hears its own press first: had anything of table 3 been sent, it would be here.
    const own = await press(a.restaurant.id, otherTable.id, 'order');
    await otherGuest.until(guestFrame(own, 'pending'));
    expect(otherGuest.frames).toHaveLength(1);
    // The colleague's table never reached Anna's console nor table 3's page.
    expect(JSON.stringify(annaConsole.frames)).not.toContain(colleagues);
    expect(JSON.stringify(guest.frames)).not.toContain(colleagues);
    expect(JSON.stringify(guest.frames)).not.toContain(own);
    // Without a table, a guest socket only ever hears of branding; another restaurant hears nothing.
    await request(t, 'PATCH', `/api/restaurants/${a.restaurant.id}`, {
      cookie: a.adminCookie,
      body: { name: 'Harbor Grill' },
    });
    await restaurantGuest.until((f) => f.type === 'restaurant.updated');
    expect(restaurantGuest.frames.map((f) => f.type)).toEqual(['restaurant.updated']);
    await guest.until((f) => f.type === 'restaurant.updated');
    expect(bGuest.frames).toEqual([]);
    expect(JSON.stringify(bServer.frames)).not.toContain(a.restaurant.id);

    for (const s of [
      guest,
      secondPhone,
      otherGuest,
      restaurantGuest,
      bGuest,
      annaConsole,
      admin,
      colleagueConsole,
      bServer,
    ])
      s.ws.close();
  });

  it('names nobody on the guest page when the restaurant hides names', async () => {
    const a = await makeFloor(t);
    await request(t, 'PATCH', `/api/restaurants/${a.restaurant.id}`, {
      cookie: a.adminCookie,
      body: { showServerNames: false },
    });
    const before = t.services.live.hub.guestSize;
    const guest = await tableLive(a.restaurant.id, a.table.id);
    await guestsRegistered(before + 1);
    const id = await press(a.restaurant.id, a.table.id);
    await act('acknowledge', id, a.serverCookie);
    const frame = await guest.until(guestFrame(id, 'acknowledged'));
    expect(frame.request).toMatchObject({ takenBy: null });
    guest.ws.close();
  });

  it('tells the table’s page when its table is deleted, and it stops', async () => {
    const a = await makeFloor(t);
    const table = await makeTable(t, a.restaurant.id, '99');
    const before = t.services.live.hub.guestSize;
    const guest = await tableLive(a.restaurant.id, table.id);
    const neighbour = await tableLive(a.restaurant.id, a.table.id);
    await guestsRegistered(before + 2);
    const res = await request(t, 'DELETE', `/api/tables/${table.id}`, { cookie: a.adminCookie });
    expect(res.statusCode).toBe(204);
    expect(await guest.closed).toBe(4404);
    expect(neighbour.ws.readyState).toBe(WebSocket.OPEN);
    neighbour.ws.close();
  });

  it('a page that connects just after its table’s request was done hears it on connect, and only then', async () => {
    const a = await makeFloor(t);
    const otherTable = await makeTable(t, a.restaurant.id, '21');
    const id = await press(a.restaurant.id, a.table.id, 'bill');
    await act('acknowledge', id, a.serverCookie);
    await act('complete', id, a.serverCookie);

    // Opened (or reloaded) moments after: the page is told the request is done, as the pages open before were.
    const late = await tableLive(a.restaurant.id, a.table.id);
    expect(await late.until(guestFrame(id, 'completed'))).toMatchObject({
      type: 'table.request',
      request: { id, type: 'bill', status: 'completed' },
    });
    // Another table's page hears nothing of it.
    const other = await tableLive(a.restaurant.id, otherTable.id);
    await guestsRegistered(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(other.frames).toEqual([]);

    // Done longer ago than the page's "Done ✓" lasts: a page opened now is not told.
    await t.database.db
      .update(requests)
      .set({ resolvedAt: Date.now() - 60_000 })
      .where(eq(requests.id, id));
    const later = await tableLive(a.restaurant.id, a.table.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(later.frames).toEqual([]);
    for (const socket of [late, other, later]) socket.ws.close();
  });
});
