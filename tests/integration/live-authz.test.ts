/**
 * Issue 14 findings 1 and 5: live delivery is authorized for each recipient at the moment of delivery, not only
 * when a socket subscribes. Every test ends with a sentinel event the socket may see, sent after the events it may
 * not: the bus delivers in order, so by the time the sentinel arrives anything sent earlier would have arrived too.
 * Runs on PGlite (in-process bus) and, with DATABASE_URL, on PostgreSQL (LISTEN/NOTIFY bus).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, Restaurant, Table } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../support/test-app';
import {
  makeAdmin,
  makeFloor,
  makeServer,
  makeTable,
  signInPassword,
  signInServer,
} from '../support/factories';
import { connectLive, restaurantOf, type LiveSocket } from '../support/live-socket';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const unique = () => randomBytes(4).toString('hex');

async function createRestaurant(cookie: string, name: string): Promise<Restaurant> {
  const res = await request(t, 'POST', '/api/restaurants', { cookie, body: { name } });
  expect(res.statusCode).toBe(201);
  return res.json<{ restaurant: Restaurant }>().restaurant;
}

async function createTable(cookie: string, restaurantId: string, number: string): Promise<Table> {
  const res = await request(t, 'POST', `/api/restaurants/${restaurantId}/tables`, {
    cookie,
    body: { number },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ table: Table }>().table;
}

async function press(restaurantId: string, tableId: string, type = 'bill') {
  const res = await request(
    t,
    'POST',
    `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
    { body: { type } },
  );
  expect(res.statusCode).toBe(201);
}

async function open(cookie: string): Promise<LiveSocket> {
  const socket = await connectLive(base, cookie);
  await socket.next('hello');
  return socket;
}

const tableEventsOf = (socket: LiveSocket, tableId: string, type: LiveEvent['type']) =>
  socket.all.filter(
    (e) =>
      e.type === type &&
      ((e.type === 'table.changed' && e.table.id === tableId) ||
        (e.type === 'table.deleted' && e.tableId === tableId) ||
        ((e.type === 'request.created' || e.type === 'request.updated') &&
          e.request.tableId === tableId)),
  );

describe('a deleted restaurant’s former owner (finding 1)', () => {
  it('receives nothing of a restaurant another admin then creates under the same name', async () => {
    const name = 'Squat ' + unique();
    const ownerA = await makeAdmin(t);
    const cookieA = await signInPassword(t, ownerA);
    const kept = await createRestaurant(cookieA, 'Kept ' + unique());
    const squatted = await createRestaurant(cookieA, name);
    const oldTable = await createTable(cookieA, squatted.id, '1');
    const socketA = await open(cookieA);

    expect(
      (await request(t, 'DELETE', `/api/restaurants/${squatted.id}`, { cookie: cookieA }))
        .statusCode,
    ).toBe(204);
    await socketA.next('restaurant.deleted');
    const seenBefore = socketA.all.length;

    // Admin B creates a restaurant with the same name, and everything that makes events happens in it.
    const ownerB = await makeAdmin(t);
    const cookieB = await signInPassword(t, ownerB);
    const theirs = await createRestaurant(cookieB, name);
    const table = await createTable(cookieB, theirs.id, '1');
    const server = await makeServer(t, theirs.id);
    const serverCookie = await signInServer(t, server);
    expect(
      (await request(t, 'POST', `/api/tables/${table.id}/assign`, { cookie: serverCookie }))
        .statusCode,
    ).toBe(200);
    await press(theirs.id, table.id, 'order');
    const edited = await request(t, 'PATCH', `/api/restaurants/${theirs.id}`, {
      cookie: cookieB,
      body: { name: name + ' & Co', reviewUrl: 'https://reviews.example/b' },
    });
    expect(edited.statusCode).toBe(200);
    const pending = await request(t, 'GET', `/api/restaurants/${theirs.id}/requests`, {
      cookie: serverCookie,
    });
    const [created] = pending.json<{ pending: { id: string }[] }>().pending;
    expect(
      (await request(t, 'POST', `/api/requests/${created!.id}/complete`, { cookie: serverCookie }))
        .statusCode,
    ).toBe(200);
    expect(
      (await request(t, 'DELETE', `/api/tables/${table.id}`, { cookie: cookieB })).statusCode,
    ).toBe(204);

    // Sentinel: A's own remaining restaurant still reaches A's socket.
    const sentinel = await createTable(cookieA, kept.id, '9');
    await socketA.until((e) => e.type === 'table.changed' && e.table.id === sentinel.id);

    const after = socketA.all.slice(seenBefore);
    expect(after.filter((e) => restaurantOf(e) !== kept.id)).toEqual([]);
    expect(JSON.stringify(after)).not.toContain(table.qrCode);
    // Decision 024: ids are never reused, so a printed QR code of the deleted restaurant opens nothing.
    expect(theirs.id).not.toBe(squatted.id);
    const oldQr = await request(
      t,
      'GET',
      `/api/public/restaurants/${squatted.id}/tables/${oldTable.id}`,
    );
    expect(oldQr.statusCode).toBe(404);
    socketA.ws.close();
  });
});

describe('a server’s socket (finding 5 and revocation)', () => {
  it('never gets table.changed for a colleague’s table, only its removal from the list', async () => {
    const a = await makeFloor(t);
    const colleague = await makeServer(t, a.restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const theirs = await makeTable(t, a.restaurant.id, '71');
    const me = await open(a.serverCookie);

    expect(
      (await request(t, 'POST', `/api/tables/${theirs.id}/assign`, { cookie: colleagueCookie }))
        .statusCode,
    ).toBe(200);
    // The table left "Available Tables": the console is told to drop it, as the REST list now hides it.
    const removal = await me.next('table.deleted');
    expect(removal).toEqual({
      type: 'table.deleted',
      restaurantId: a.restaurant.id,
      tableId: theirs.id,
    });

    const sentinel = await createTable(a.adminCookie, a.restaurant.id, '72');
    const got = await me.next('table.changed');
    expect(got.type === 'table.changed' && got.table.id).toBe(sentinel.id);

    expect(tableEventsOf(me, theirs.id, 'table.changed')).toEqual([]);
    const listed = await request(t, 'GET', `/api/restaurants/${a.restaurant.id}/tables`, {
      cookie: a.serverCookie,
    });
    expect(listed.json<{ tables: Table[] }>().tables.map((x) => x.id)).not.toContain(theirs.id);
    const qr = `/table/${a.restaurant.id}/${theirs.id}`;
    expect(JSON.stringify(me.all)).not.toContain(qr);
    me.ws.close();
  });

  it('stops getting a table’s events the moment it is reassigned to a colleague', async () => {
    const a = await makeFloor(t);
    const colleague = await makeServer(t, a.restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const moving = await makeTable(t, a.restaurant.id, '81');
    const me = await open(a.serverCookie);

    await request(t, 'POST', `/api/tables/${moving.id}/assign`, { cookie: a.serverCookie });
    await request(t, 'POST', `/api/tables/${moving.id}/unassign`, { cookie: a.serverCookie });
    await me.next('table.changed');
    await me.next('table.changed');
    await request(t, 'POST', `/api/tables/${moving.id}/assign`, { cookie: colleagueCookie });
    await me.next('table.deleted');
    const seen = me.all.length;

    await press(a.restaurant.id, moving.id, 'refill');
    // While unassigned it is visible again; assigned to the colleague it is removed again. (Table events are
    // published after the response, so each is awaited before the next step: their order is then fixed.)
    await request(t, 'POST', `/api/tables/${moving.id}/unassign`, { cookie: colleagueCookie });
    await me.next('table.changed');
    await request(t, 'POST', `/api/tables/${moving.id}/assign`, { cookie: colleagueCookie });
    await me.next('table.deleted');
    // Sentinel: a press at the unassigned table 3 reaches every server.
    await press(a.restaurant.id, a.table.id, 'server');
    const got = await me.next('request.created');
    expect(got.type === 'request.created' && got.request.tableId).toBe(a.table.id);

    const after = me.all.slice(seen);
    expect(after.map((e) => e.type)).toEqual(['table.changed', 'table.deleted', 'request.created']);
    expect(tableEventsOf(me, moving.id, 'request.created')).toEqual([]);
    me.ws.close();
  });

  it('stops getting anything the moment the server is removed from the restaurant', async () => {
    const a = await makeFloor(t);
    const colleague = await makeServer(t, a.restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const removed = await open(a.serverCookie);
    const stays = await open(colleagueCookie);

    expect(
      (await request(t, 'DELETE', `/api/staff/${a.server.user.id}`, { cookie: a.adminCookie }))
        .statusCode,
    ).toBe(204);
    await press(a.restaurant.id, a.table.id, 'order');
    await stays.next('request.created');

    expect(await removed.closed).toBe(4001);
    expect(removed.all.map((e) => e.type)).toEqual(['hello', 'session.ended']);
    stays.ws.close();
  });

  it('gets restaurant.updated with exactly what its REST API shows it (no owner)', async () => {
    const a = await makeFloor(t);
    const server = await open(a.serverCookie);
    const admin = await open(a.adminCookie);
    await request(t, 'PATCH', `/api/restaurants/${a.restaurant.id}`, {
      cookie: a.adminCookie,
      body: { name: 'Renamed ' + unique() },
    });
    const toServer = await server.next('restaurant.updated');
    const toAdmin = await admin.next('restaurant.updated');
    const rest = await request(t, 'GET', `/api/restaurants/${a.restaurant.id}`, {
      cookie: a.serverCookie,
    });
    const shown = rest.json<{ restaurant: Restaurant }>().restaurant;
    expect(toServer.type === 'restaurant.updated' && toServer.restaurant).toEqual(shown);
    expect(shown).not.toHaveProperty('ownerId');
    expect(toAdmin.type === 'restaurant.updated' && toAdmin.restaurant.ownerId).toBe(
      a.admin.user.id,
    );
    server.ws.close();
    admin.ws.close();
  });
});

describe('sections (decision 078): the live layer routes as the lists do', () => {
  it('a section given to a colleague leaves my console live; the colleague gains its table and alone hears its calls', async () => {
    const a = await makeFloor(t);
    const s2 = await makeServer(t, a.restaurant.id);
    const s2Cookie = await signInServer(t, s2);
    const terrace = await createTable(a.adminCookie, a.restaurant.id, 'Terrace ' + unique());
    const section = await request(t, 'POST', `/api/restaurants/${a.restaurant.id}/sections`, {
      cookie: a.adminCookie,
      body: { name: 'Terrace' },
    });
    const sectionId = section.json<{ section: { id: string } }>().section.id;
    const grouped = await request(t, 'POST', `/api/restaurants/${a.restaurant.id}/tables/section`, {
      cookie: a.adminCookie,
      body: { tableIds: [terrace.id], sectionId },
    });
    expect(grouped.statusCode).toBe(200);
    const [me, colleague] = [await open(a.serverCookie), await open(s2Cookie)];

    // The section goes to the colleague: the table leaves my console as a removal and arrives on theirs.
    const staffed = await request(t, 'PUT', `/api/sections/${sectionId}/servers`, {
      cookie: a.adminCookie,
      body: { serverIds: [s2.user.id] },
    });
    expect(staffed.statusCode).toBe(200);
    await me.until((e) => e.type === 'table.deleted' && e.tableId === terrace.id);
    const gained = await colleague.until(
      (e) => e.type === 'table.changed' && e.table.id === terrace.id,
    );
    expect(gained.type === 'table.changed' && gained.table.sectionServerIds).toEqual([s2.user.id]);

    // A call there reaches the colleague only; a call at an uncovered table, sent after it, reaches me.
    await press(a.restaurant.id, terrace.id);
    await colleague.until((e) => e.type === 'request.created' && e.request.tableId === terrace.id);
    await press(a.restaurant.id, a.table.id);
    await me.until((e) => e.type === 'request.created' && e.request.tableId === a.table.id);
    expect(tableEventsOf(me, terrace.id, 'request.created')).toEqual([]);
    expect(tableEventsOf(me, terrace.id, 'table.changed')).toEqual([]);
    me.ws.close();
    colleague.ws.close();
  });
});
