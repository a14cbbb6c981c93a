/**
 * A party's visit (issue 27 item 4, decisions 092, 093): the first press or Seat opens it, Clear table closes it and
 * dismisses what the party left open, the next party's guest page is fresh and can press at once, the sweep closes a
 * visit some minutes after its bill, and every refusal (seated, already clear, a colleague's table, another
 * restaurant's). Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requests, restaurants, tables, visits } from '../../db/schema';
import { guestTableResponseSchema, tableSchema } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeServer,
  makeTable,
  signInServer,
} from '../../../../tests/support/factories';
import { connectLive } from '../../../../tests/support/live-socket';
import { VISIT_IDLE_MS } from './visits.service';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

type Floor = Awaited<ReturnType<typeof makeFloor>>;

let calls = 0;
/** Each guest call from an address of its own (the per-address limits are not under test here). */
const address = () => `10.92.${Math.floor(++calls / 250)}.${calls % 250}`;
const guest = (f: Floor, tableId = f.table.id) =>
  `/api/public/restaurants/${f.restaurant.id}/tables/${tableId}`;
const press = (f: Floor, type = 'order', tableId = f.table.id, key = randomUUID()) =>
  request(t, 'POST', `${guest(f, tableId)}/requests`, {
    body: { type },
    remoteAddress: address(),
    headers: { 'idempotency-key': key },
  });
const guestPage = async (f: Floor, tableId = f.table.id) => {
  const res = await request(t, 'GET', guest(f, tableId), { remoteAddress: address() });
  expect(res.statusCode).toBe(200);
  return guestTableResponseSchema.parse(res.json());
};
const seat = (tableId: string, cookie: string) =>
  request(t, 'POST', `/api/tables/${tableId}/seat`, { cookie });
const clear = (tableId: string, cookie: string) =>
  request(t, 'POST', `/api/tables/${tableId}/clear`, { cookie });
const act = (id: string, action: 'complete' | 'acknowledge', cookie: string) =>
  request(t, 'POST', `/api/requests/${id}/${action}`, { cookie });
const tableRow = async (id: string) =>
  (await t.database.db.select().from(tables).where(eq(tables.id, id)))[0]!;
const requestRow = async (id: string) =>
  (await t.database.db.select().from(requests).where(eq(requests.id, id)))[0]!;
const visitRow = async (id: string) =>
  (await t.database.db.select().from(visits).where(eq(visits.id, id)))[0];

describe('a visit opens', () => {
  it('at the table’s first press; later presses belong to it', async () => {
    const f = await makeFloor(t);
    const first = await press(f, 'order');
    expect(first.statusCode).toBe(201);
    const firstId = first.json().request.id as string;
    const table = await tableRow(f.table.id);
    expect(table.visitId).toBe(firstId);
    expect(table.seatedAt).toBe(first.json().request.createdAt);
    const visit = await visitRow(firstId);
    expect(visit).toMatchObject({ tableId: f.table.id, openedBy: null, closedAt: null });
    expect((await requestRow(firstId)).visitId).toBe(firstId);

    await act(firstId, 'complete', f.serverCookie);
    const second = await press(f, 'refill');
    expect(second.statusCode).toBe(201);
    expect((await requestRow(second.json().request.id)).visitId).toBe(firstId);
    expect((await tableRow(f.table.id)).visitId).toBe(firstId);
  });

  it('when staff seat the table; the party’s press then joins it; seating again is refused', async () => {
    const f = await makeFloor(t);
    const res = await seat(f.table.id, f.serverCookie);
    expect(res.statusCode).toBe(200);
    const seated = tableSchema.parse(res.json().table);
    expect(seated.seatedAt).not.toBeNull();
    const visitId = (await tableRow(f.table.id)).visitId!;
    expect(await visitRow(visitId)).toMatchObject({ openedBy: f.server.user.id, closedAt: null });

    const again = await seat(f.table.id, f.adminCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'table_seated',
      messageId: 'tableAlreadySeated',
    });

    const pressed = await press(f);
    expect((await requestRow(pressed.json().request.id)).visitId).toBe(visitId);
    expect((await tableRow(f.table.id)).seatedAt).toBe(seated.seatedAt);
  });
});

describe('clearing a table (decision 093)', () => {
  it('the forgotten bill: dismissed by the clear, and the next party sees a fresh page and presses at once', async () => {
    const f = await makeFloor(t);
    const staff = await connectLive(base, f.serverCookie);
    const bill = await press(f, 'bill');
    expect(bill.statusCode).toBe(201);
    const billId = bill.json().request.id as string;
    // Before the clear, a second phone at the table is refused "already in" and sees the bill as the table's.
    expect((await press(f, 'bill')).statusCode).toBe(429);
    expect((await guestPage(f)).openRequests.map((r) => r.id)).toEqual([billId]);

    const res = await clear(f.table.id, f.serverCookie);
    expect(res.statusCode).toBe(200);
    expect(tableSchema.parse(res.json().table).seatedAt).toBeNull();
    expect(await requestRow(billId)).toMatchObject({
      status: 'dismissed',
      resolvedBy: f.server.user.id,
    });
    expect(await visitRow(billId)).toMatchObject({
      closedBy: f.server.user.id,
      closeReason: 'cleared',
    });
    // Every console drops it, and the table's server sees the table free.
    const dismissed = await staff.until(
      (e) => e.type === 'request.updated' && e.request.id === billId,
    );
    expect(dismissed).toMatchObject({ request: { status: 'dismissed' } });
    await staff.until((e) => e.type === 'table.changed' && e.table.id === f.table.id);
    staff.ws.close();

    const fresh = await guestPage(f);
    expect(fresh.openRequests).toEqual([]);
    expect(fresh.cooldownRemainingSeconds).toBe(0);
    const next = await press(f, 'bill');
    expect(next.statusCode).toBe(201);
    const nextId = next.json().request.id as string;
    expect((await tableRow(f.table.id)).visitId).toBe(nextId);
    expect((await guestPage(f)).openRequests.map((r) => r.id)).toEqual([nextId]);
  });

  it('an open request of the last visit no longer shows on the next party’s page', async () => {
    const f = await makeFloor(t);
    const old = (await press(f, 'order')).json().request.id as string;
    // A visit closed by the sweep (not by a clear) leaves no request open; one is forced open here to prove that the
    // guest page reads only the visit of the table now.
    await t.database.db
      .update(tables)
      .set({ visitId: null, seatedAt: null, lastRequestAt: null })
      .where(eq(tables.id, f.table.id));
    expect((await guestPage(f)).openRequests).toEqual([]);
    const next = await press(f, 'order');
    expect(next.statusCode).toBe(201);
    expect((await guestPage(f)).openRequests.map((r) => r.id)).toEqual([next.json().request.id]);
    expect((await requestRow(old)).status).toBe('pending');
  });

  it('a clear table is refused as already clear; a seated one with nothing open is cleared', async () => {
    const f = await makeFloor(t);
    const before = await tableRow(f.table.id);
    const refused = await clear(f.table.id, f.adminCookie);
    expect(await tableRow(f.table.id)).toEqual(before);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'table_clear',
      messageId: 'tableAlreadyClear',
    });
    expect((await seat(f.table.id, f.adminCookie)).statusCode).toBe(200);
    expect((await clear(f.table.id, f.adminCookie)).statusCode).toBe(200);
    expect((await tableRow(f.table.id)).visitId).toBeNull();
  });

  it('the last party’s phone cannot send its request back once the table was cleared', async () => {
    const f = await makeFloor(t);
    const key = randomUUID();
    const id = (await press(f, 'order', f.table.id, key)).json().request.id as string;
    expect((await act(id, 'complete', f.serverCookie)).statusCode).toBe(200);
    expect((await clear(f.table.id, f.serverCookie)).statusCode).toBe(200);
    const res = await request(t, 'POST', `${guest(f)}/requests/${id}/outcome`, {
      body: { pressKey: key, resolved: false },
      remoteAddress: address(),
    });
    expect(res.statusCode).toBe(409);
    expect((await requestRow(id)).status).toBe('completed');
    expect((await guestPage(f)).openRequests).toEqual([]);
  });
});

describe('who may seat and clear', () => {
  it('a colleague’s table is refused (403); another restaurant’s table is not found (404)', async () => {
    const f = await makeFloor(t);
    const colleague = await makeServer(t, f.restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    expect(
      (await request(t, 'POST', `/api/tables/${f.table.id}/assign`, { cookie: f.serverCookie }))
        .statusCode,
    ).toBe(200);
    await press(f);
    for (const res of [
      await seat(f.table.id, colleagueCookie),
      await clear(f.table.id, colleagueCookie),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('not_your_table');
    }

    const other = await makeFloor(t);
    for (const cookie of [other.serverCookie, other.adminCookie]) {
      for (const res of [await seat(f.table.id, cookie), await clear(f.table.id, cookie)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('table_not_found');
      }
    }
    // Nothing changed: the party's visit is still open.
    expect((await tableRow(f.table.id)).visitId).not.toBeNull();
    // The table's own server, and the owner, may.
    expect((await clear(f.table.id, f.serverCookie)).statusCode).toBe(200);
    expect((await seat(f.table.id, f.adminCookie)).statusCode).toBe(200);
    expect((await clear(f.table.id, f.adminCookie)).statusCode).toBe(200);
  });
});

describe('the visits sweep', () => {
  const billDoneAt = async (f: Floor) => {
    const id = (await press(f, 'bill')).json().request.id as string;
    expect((await act(id, 'complete', f.serverCookie)).statusCode).toBe(200);
    return { id, doneAt: (await requestRow(id)).resolvedAt! };
  };

  it('closes a visit the restaurant’s minutes after its bill was completed, and frees the table', async () => {
    const f = await makeFloor(t);
    const { id, doneAt } = await billDoneAt(f);
    expect((await t.services.visits.sweep(doneAt + 14 * 60_000)).closed).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    expect((await tableRow(f.table.id)).visitId).toBe(id);
    const swept = (await t.services.visits.sweep(doneAt + 15 * 60_000)).closed;
    expect(swept).toContainEqual({ id, tableId: f.table.id, reason: 'bill', dismissedIds: [] });
    expect(await visitRow(id)).toMatchObject({ closeReason: 'bill', closedBy: null });
    expect((await tableRow(f.table.id)).visitId).toBeNull();
  });

  it('keeps a visit open while something was pressed after the bill, or when the setting is off', async () => {
    const f = await makeFloor(t);
    const { id, doneAt } = await billDoneAt(f);
    // The cool-down ended with the bill (decision 057): the party asks for a refill after paying.
    const refill = (await press(f, 'refill')).json().request.id as string;
    await act(refill, 'complete', f.serverCookie);
    expect((await t.services.visits.sweep(doneAt + 20 * 60_000)).closed).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    expect((await tableRow(f.table.id)).visitId).toBe(id);

    const g = await makeFloor(t);
    await t.database.db
      .update(restaurants)
      .set({ visitCloseAfterBillMinutes: null })
      .where(eq(restaurants.id, g.restaurant.id));
    const bill = await billDoneAt(g);
    expect((await t.services.visits.sweep(bill.doneAt + 60 * 60_000)).closed).not.toContainEqual(
      expect.objectContaining({ id: bill.id }),
    );
    expect((await tableRow(g.table.id)).visitId).toBe(bill.id);
  });

  it('follows the minutes the owner sets in Settings; off (null) and out-of-range values as the API says', async () => {
    const f = await makeFloor(t);
    const patch = (value: unknown) =>
      request(t, 'PATCH', `/api/restaurants/${f.restaurant.id}`, {
        cookie: f.adminCookie,
        body: { visitCloseAfterBillMinutes: value },
      });
    expect((await patch(0)).statusCode).toBe(400);
    expect((await patch(241)).statusCode).toBe(400);
    const set = await patch(5);
    expect(set.statusCode).toBe(200);
    expect(set.json().restaurant.visitCloseAfterBillMinutes).toBe(5);
    // A server may not change it.
    expect(
      (
        await request(t, 'PATCH', `/api/restaurants/${f.restaurant.id}`, {
          cookie: f.serverCookie,
          body: { visitCloseAfterBillMinutes: 60 },
        })
      ).statusCode,
    ).toBe(403);
    const { id, doneAt } = await billDoneAt(f);
    expect((await t.services.visits.sweep(doneAt + 4 * 60_000)).closed).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    expect((await t.services.visits.sweep(doneAt + 5 * 60_000)).closed).toContainEqual(
      expect.objectContaining({ id, reason: 'bill' }),
    );
    const off = await patch(null);
    expect(off.statusCode).toBe(200);
    expect(off.json().restaurant.visitCloseAfterBillMinutes).toBeNull();
  });

  it('closes a visit in which nothing happened for hours (idle), never one with an open request', async () => {
    const f = await makeFloor(t);
    expect((await seat(f.table.id, f.adminCookie)).statusCode).toBe(200);
    const visitId = (await tableRow(f.table.id)).visitId!;
    const open = await makeTable(t, f.restaurant.id, '9');
    const pending = (await press(f, 'order', open.id)).json().request.id as string;

    // Hours later, for both visits: only the one with nothing open closes.
    const later = Date.now() + VISIT_IDLE_MS + 60_000;
    const swept = (await t.services.visits.sweep(later)).closed;
    expect(swept).toContainEqual({
      id: visitId,
      tableId: f.table.id,
      reason: 'idle',
      dismissedIds: [],
    });
    expect(swept).not.toContainEqual(expect.objectContaining({ id: pending }));
    expect((await tableRow(open.id)).visitId).toBe(pending);
  });
});

describe('analytics shows visits (decision 092)', () => {
  it('counts visits, time seated, calls per visit and time to the bill, and no other restaurant’s', async () => {
    const f = await makeFloor(t);
    // An hour ago, but today in the restaurant's zone (UTC) so that the day's period holds it.
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    const t0 = Math.max(Date.now() - 60 * 60_000, midnight.getTime() + 1000);
    const db = t.database.db;
    const seed = async (tableId: string, visitId: string, closedAfter: number | null) => {
      await db.insert(visits).values({
        id: visitId,
        restaurantId: f.restaurant.id,
        tableId,
        openedAt: t0,
        closedAt: closedAfter === null ? null : t0 + closedAfter,
        closeReason: closedAfter === null ? null : 'cleared',
      });
    };
    const call = (visitId: string, type: 'order' | 'bill', after: number, status = 'completed') =>
      db.insert(requests).values({
        id: randomUUID(),
        restaurantId: f.restaurant.id,
        tableId: f.table.id,
        visitId,
        type,
        status: status as 'completed',
        createdAt: t0 + after,
        updatedAt: t0 + after,
      });
    await seed(f.table.id, 'v-a', 40 * 60_000);
    await call('v-a', 'order', 60_000);
    await call('v-a', 'bill', 30 * 60_000);
    await seed(f.table.id, 'v-b', 50 * 60_000);
    await call('v-b', 'bill', 20 * 60_000);
    await call('v-b', 'order', 21 * 60_000, 'cancelled');
    const other = await makeFloor(t);
    await db.insert(visits).values({
      id: 'v-other',
      restaurantId: other.restaurant.id,
      tableId: other.table.id,
      openedAt: t0,
    });

    const res = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/analytics`, {
      cookie: f.adminCookie,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.visits).toEqual({
      count: 2,
      closed: 2,
      seatedMedianMs: 45 * 60_000,
      callsPerVisit: 1.5,
      billMedianMs: 25 * 60_000,
    });
    expect(body.visitDays).toHaveLength(1);
    expect(body.visitDays[0]).toMatchObject({ count: 2 });
  });
});
