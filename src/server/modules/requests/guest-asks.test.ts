/**
 * Issue 29 items 3-5 on the server (decisions 070, 071): a note and an allergy / urgent flag with a press, the bill's
 * payment method, cancel my call from the device that pressed, and the honest wait. Run on PGlite, and on PostgreSQL
 * with DATABASE_URL set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requests } from '../../db/schema';
import { NOTE_MAX } from '@shared/guest-note';
import type { GuestTableResponse, RequestsResponse } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeFloor, makeTable } from '../../../../tests/support/factories';
import { USUAL_WAIT_MIN_ANSWERED } from '../guest/usual-waits';
import { connectLive } from '../../../../tests/support/live-socket';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

let presses = 0;
const guestBase = (restaurantId: string, tableId: string) =>
  `/api/public/restaurants/${restaurantId}/tables/${tableId}`;
/** A press from a phone of its own (the per-address limit is not under test here). */
const press = (
  restaurantId: string,
  tableId: string,
  body: Record<string, unknown>,
  key: string = randomUUID(),
) =>
  request(t, 'POST', `${guestBase(restaurantId, tableId)}/requests`, {
    body,
    remoteAddress: `10.70.${Math.floor(++presses / 250)}.${presses % 250}`,
    headers: { 'idempotency-key': key },
  });
const cancel = (restaurantId: string, tableId: string, id: string, pressKey: string) =>
  request(t, 'POST', `${guestBase(restaurantId, tableId)}/requests/${id}/cancel`, {
    body: { pressKey },
    remoteAddress: `10.71.0.${++presses % 250}`,
  });
const billMethod = (
  restaurantId: string,
  tableId: string,
  id: string,
  pressKey: string,
  method: string,
) =>
  request(t, 'PUT', `${guestBase(restaurantId, tableId)}/requests/${id}/bill-method`, {
    body: { pressKey, method },
    remoteAddress: `10.72.0.${++presses % 250}`,
  });
const consoleOf = async (restaurantId: string, cookie: string) =>
  (
    await request(t, 'GET', `/api/restaurants/${restaurantId}/requests`, { cookie })
  ).json<RequestsResponse>();
const rowOf = async (id: string) =>
  (await t.database.db.select().from(requests).where(eq(requests.id, id)))[0];

describe('a note and the allergy / urgent flag (decision 070)', () => {
  it('stores the note and the flag, and the console and the guest page both see them', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const sent = await press(restaurant.id, table.id, {
      type: 'refill',
      note: '  no ice  ',
      urgent: true,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().request.id as string;
    expect(await rowOf(id)).toMatchObject({ note: 'no ice', urgent: true, billMethod: null });
    const [line] = (await consoleOf(restaurant.id, serverCookie)).pending;
    expect(line).toMatchObject({ id, note: 'no ice', urgent: true, billMethod: null });
    const guest = (
      await request(t, 'GET', guestBase(restaurant.id, table.id))
    ).json<GuestTableResponse>();
    expect(guest.openRequests[0]).toMatchObject({ id, note: 'no ice', urgent: true });
  });

  it('takes a press without either, as before', async () => {
    const { restaurant, table } = await makeFloor(t);
    const sent = await press(restaurant.id, table.id, { type: 'order', note: '   ' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await rowOf(sent.json().request.id)).toMatchObject({ note: null, urgent: false });
  });

  it(`takes ${NOTE_MAX} characters (emoji count once) and refuses one more, storing nothing`, async () => {
    const { restaurant, table } = await makeFloor(t);
    const tooLong = await press(restaurant.id, table.id, {
      type: 'order',
      note: 'x'.repeat(NOTE_MAX + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('note_too_long');
    const other = await makeTable(t, restaurant.id, '4');
    const emoji = await press(restaurant.id, other.id, {
      type: 'order',
      note: '🥜'.repeat(NOTE_MAX),
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(
      await t.database.db.select().from(requests).where(eq(requests.tableId, table.id)),
    ).toHaveLength(0);
  });

  it('refuses control and invisible characters: line breaks, bidi overrides, zero-width', async () => {
    const { restaurant, table } = await makeFloor(t);
    for (const note of [
      'no\nice',
      'no ice\u202E',
      'no\u200Bice',
      'no\u2066ice',
      '\u0000',
      'a\uFEFFb',
    ]) {
      const refused = await press(restaurant.id, table.id, { type: 'order', note });
      expect(refused.statusCode, JSON.stringify(note)).toBe(400);
      expect(refused.json().error.code).toBe('note_invalid');
    }
    // Nothing was stored, so the cool-down never started.
    const sent = await press(restaurant.id, table.id, { type: 'order', note: 'allergy: nuts 👩‍🍳' });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('refuses a note that is not a string, an urgent that is not a boolean, and unknown fields', async () => {
    const { restaurant, table } = await makeFloor(t);
    for (const body of [
      { type: 'order', note: 5 },
      { type: 'order', urgent: 'yes' },
      { type: 'order', billMethod: 'card' },
    ])
      expect((await press(restaurant.id, table.id, body)).statusCode).toBe(400);
  });
});

describe('cancel my call (decision 071)', () => {
  it('cancels from the device that pressed: it leaves the console, the cool-down ends, it is no answer', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const key = randomUUID();
    const sent = await press(restaurant.id, table.id, { type: 'server' }, key);
    const id = sent.json().request.id as string;
    const socket = await connectLive(base, serverCookie);
    try {
      await socket.next('hello');
      const cancelled = await cancel(restaurant.id, table.id, id, key);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().request).toMatchObject({ id, status: 'cancelled' });
      // Every console hears it, and drops it from its open list.
      const event = await socket.until((e) => e.type === 'request.updated');
      expect(event).toMatchObject({ request: { id, status: 'cancelled' } });
    } finally {
      socket.ws.close();
    }
    expect((await consoleOf(restaurant.id, serverCookie)).pending).toEqual([]);
    expect(await rowOf(id)).toMatchObject({
      status: 'cancelled',
      acknowledgedAt: null,
      resolvedBy: null,
    });
    const cooldown = await request(t, 'GET', `${guestBase(restaurant.id, table.id)}/cooldown`);
    expect(cooldown.json()).toMatchObject({ cooldownRemainingSeconds: 0, openRequests: [] });
    // A second cancel (a double tap) answers as the first.
    expect((await cancel(restaurant.id, table.id, id, key)).statusCode).toBe(200);
    // Staff cannot act on it any more.
    const take = await request(t, 'POST', `/api/requests/${id}/acknowledge`, {
      cookie: serverCookie,
    });
    expect(take.statusCode).toBe(409);
    expect(take.json().error.code).toBe('request_cancelled');
  });

  it('refuses another device (a different key), another table and an unknown request', async () => {
    const { restaurant, table } = await makeFloor(t);
    const key = randomUUID();
    const id = (await press(restaurant.id, table.id, { type: 'order' }, key)).json().request
      .id as string;
    const other = await cancel(restaurant.id, table.id, id, randomUUID());
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('not_your_request');
    const elsewhere = await makeTable(t, restaurant.id, '9');
    expect((await cancel(restaurant.id, elsewhere.id, id, key)).statusCode).toBe(404);
    expect((await cancel(restaurant.id, table.id, randomUUID(), key)).statusCode).toBe(404);
    // Across tenants: A's request through another restaurant's table, key and all, is not found there.
    const b = await makeFloor(t);
    expect((await cancel(b.restaurant.id, b.table.id, id, key)).statusCode).toBe(404);
    expect((await billMethod(b.restaurant.id, b.table.id, id, key, 'card')).statusCode).toBe(404);
    expect((await cancel(restaurant.id, table.id, id, 'short')).statusCode).toBe(400);
    expect(await rowOf(id)).toMatchObject({ status: 'pending' });
  });

  it('refuses once a server has taken it, and after it was completed', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const key = randomUUID();
    const id = (await press(restaurant.id, table.id, { type: 'order' }, key)).json().request
      .id as string;
    await request(t, 'POST', `/api/requests/${id}/acknowledge`, { cookie: serverCookie });
    const taken = await cancel(restaurant.id, table.id, id, key);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('request_taken');
    await request(t, 'POST', `/api/requests/${id}/complete`, { cookie: serverCookie });
    const done = await cancel(restaurant.id, table.id, id, key);
    expect(done.statusCode).toBe(409);
    expect(done.json().error.code).toBe('request_closed');
    expect(await rowOf(id)).toMatchObject({ status: 'completed' });
  });

  it('never counts in analytics as answered', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const key = randomUUID();
    const id = (await press(restaurant.id, table.id, { type: 'order' }, key)).json().request
      .id as string;
    expect((await cancel(restaurant.id, table.id, id, key)).statusCode).toBe(200);
    const figures = await request(t, 'GET', `/api/restaurants/${restaurant.id}/analytics`, {
      cookie: adminCookie,
    });
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json().totals).toMatchObject({ count: 0, completed: 0, ackMedianMs: null });
  });
});

describe('the bill by card or cash (decision 071)', () => {
  it('sets the method from the device that pressed Get Bill, shown on the console', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const key = randomUUID();
    const id = (await press(restaurant.id, table.id, { type: 'bill' }, key)).json().request
      .id as string;
    const set = await billMethod(restaurant.id, table.id, id, key, 'card');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().request).toMatchObject({ id, billMethod: 'card', status: 'pending' });
    expect((await consoleOf(restaurant.id, serverCookie)).pending[0]).toMatchObject({
      billMethod: 'card',
    });
    // Still while a server is on the way; a change of mind wins.
    await request(t, 'POST', `/api/requests/${id}/acknowledge`, { cookie: serverCookie });
    expect((await billMethod(restaurant.id, table.id, id, key, 'cash')).statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ billMethod: 'cash' });
  });

  it('refuses another device, another type, a closed bill and an unknown method', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const key = randomUUID();
    const id = (await press(restaurant.id, table.id, { type: 'bill' }, key)).json().request
      .id as string;
    expect((await billMethod(restaurant.id, table.id, id, randomUUID(), 'card')).statusCode).toBe(
      403,
    );
    expect((await billMethod(restaurant.id, table.id, id, key, 'cheque')).statusCode).toBe(400);
    await request(t, 'POST', `/api/requests/${id}/complete`, { cookie: serverCookie });
    const closed = await billMethod(restaurant.id, table.id, id, key, 'card');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('request_closed');

    const other = await makeTable(t, restaurant.id, '5');
    const orderKey = randomUUID();
    const order = (await press(restaurant.id, other.id, { type: 'order' }, orderKey)).json().request
      .id as string;
    const notBill = await billMethod(restaurant.id, other.id, order, orderKey, 'card');
    expect(notBill.statusCode).toBe(422);
    expect(notBill.json().error.code).toBe('not_a_bill');
    expect(await rowOf(order)).toMatchObject({ billMethod: null });
  });
});

describe('the honest wait (decision 071)', () => {
  /** `count` answered requests of `type` at this hour on past days, each taken after `waitMs`. */
  async function answeredAtThisHour(
    restaurantId: string,
    tableId: string,
    type: 'order' | 'bill',
    count: number,
    waitMs: number,
  ) {
    const now = Date.now();
    await t.database.db.insert(requests).values(
      Array.from({ length: count }, (_, i) => {
        // Whole days back: the same hour of the day in the restaurant's zone (UTC in the factory).
        const createdAt = now - (i + 1) * 86_400_000;
        return {
          id: randomUUID(),
          restaurantId,
          tableId,
          type,
          status: 'completed' as const,
          createdAt,
          updatedAt: createdAt + waitMs,
          acknowledgedAt: createdAt + waitMs,
          resolvedAt: createdAt + waitMs + 60_000,
        };
      }),
    );
  }
  const usualWaits = async (restaurantId: string, tableId: string) =>
    (await request(t, 'GET', guestBase(restaurantId, tableId))).json<GuestTableResponse>()
      .usualWaits;

  it(`shows a type's median once ${USUAL_WAIT_MIN_ANSWERED} requests were answered at this hour`, async () => {
    const { restaurant, table } = await makeFloor(t);
    await answeredAtThisHour(restaurant.id, table.id, 'order', USUAL_WAIT_MIN_ANSWERED, 4 * 60_000);
    await answeredAtThisHour(restaurant.id, table.id, 'bill', USUAL_WAIT_MIN_ANSWERED, 2 * 60_000);
    expect(await usualWaits(restaurant.id, table.id)).toEqual({ order: 4, bill: 2 });
  });

  it('is hidden with too little data, and leaves out requests older than 28 days', async () => {
    const { restaurant, table } = await makeFloor(t);
    await answeredAtThisHour(restaurant.id, table.id, 'order', USUAL_WAIT_MIN_ANSWERED - 1, 60_000);
    const old = Date.now() - 40 * 86_400_000;
    await t.database.db.insert(requests).values({
      id: randomUUID(),
      restaurantId: restaurant.id,
      tableId: table.id,
      type: 'order',
      status: 'completed',
      createdAt: old,
      updatedAt: old,
      acknowledgedAt: old + 60_000,
      resolvedAt: old + 60_000,
    });
    expect(await usualWaits(restaurant.id, table.id)).toEqual({});
  });

  it('leaves out cancelled and dismissed requests: they were never answered', async () => {
    const { restaurant, table } = await makeFloor(t);
    await answeredAtThisHour(restaurant.id, table.id, 'order', USUAL_WAIT_MIN_ANSWERED - 1, 60_000);
    const at = Date.now() - 86_400_000 * 3;
    await t.database.db.insert(requests).values(
      (['cancelled', 'dismissed'] as const).map((status) => ({
        id: randomUUID(),
        restaurantId: restaurant.id,
        tableId: table.id,
        type: 'order' as const,
        status,
        createdAt: at,
        updatedAt: at + 30_000,
        resolvedAt: at + 30_000,
      })),
    );
    expect(await usualWaits(restaurant.id, table.id)).toEqual({});
  });
});
