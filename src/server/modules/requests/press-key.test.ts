/**
 * Issue 29 item 1 and issue 28 item 5 on the server (decisions 056, 057): a press's idempotency key makes every retry
 * of it the same single request, and the table's cool-down ends when its request is completed or dismissed. Run on
 * PGlite, and on PostgreSQL with DATABASE_URL set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requests, tables } from '../../db/schema';
import { MSG } from '@shared/messages';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeFloor, makeRestaurant, makeTable } from '../../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
});
afterAll(() => t.close());

let presses = 0;
/** A press from a phone of its own (the per-address limit, 30 presses a minute, is not under test here). */
const press = (restaurantId: string, tableId: string, type: string, key?: string) =>
  request(t, 'POST', `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`, {
    body: { type },
    remoteAddress: `10.56.${Math.floor(++presses / 250)}.${presses % 250}`,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });
const rowsFor = (tableId: string) =>
  t.database.db.select().from(requests).where(eq(requests.tableId, tableId));
const act = (action: 'acknowledge' | 'complete' | 'dismiss', id: string, cookie: string) =>
  request(t, 'POST', `/api/requests/${id}/${action}`, { cookie });
const cooldownOf = async (restaurantId: string, tableId: string) =>
  (
    await request(t, 'GET', `/api/public/restaurants/${restaurantId}/tables/${tableId}/cooldown`)
  ).json<{ cooldownRemainingSeconds: number }>().cooldownRemainingSeconds;
/** As if the table's last press was 61 s ago: its cool-down has run out by time. */
const coolDownPassed = (tableId: string) =>
  t.database.db
    .update(tables)
    .set({ lastRequestAt: Date.now() - 61_000 })
    .where(eq(tables.id, tableId));

describe('the press idempotency key (decision 056)', () => {
  it('answers the same key twice with the same single request', async () => {
    const { restaurant, table } = await makeFloor(t);
    const key = randomUUID();
    const first = await press(restaurant.id, table.id, 'order', key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await press(restaurant.id, table.id, 'order', key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().request).toEqual(first.json().request);
    expect(again.json().cooldownRemainingSeconds).toBeGreaterThan(55);
    const rows = await rowsFor(table.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.json().request.id, pressKey: key });
  });

  it('still answers a retry with the first request after it was completed and the cool-down ended', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const key = randomUUID();
    const first = await press(restaurant.id, table.id, 'bill', key);
    expect(first.statusCode).toBe(201);
    expect((await act('complete', first.json().request.id, serverCookie)).statusCode).toBe(200);
    const retry = await press(restaurant.id, table.id, 'bill', key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().request.id).toBe(first.json().request.id);
    expect(retry.json().cooldownRemainingSeconds).toBe(0);
    await coolDownPassed(table.id);
    expect((await press(restaurant.id, table.id, 'bill', key)).json().request.id).toBe(
      first.json().request.id,
    );
    expect(await rowsFor(table.id)).toHaveLength(1);
  });

  it('refuses a different key inside the cool-down with the cool-down refusal', async () => {
    const { restaurant, table } = await makeFloor(t);
    expect((await press(restaurant.id, table.id, 'order', randomUUID())).statusCode).toBe(201);
    const other = await press(restaurant.id, table.id, 'order', randomUUID());
    expect(other.statusCode).toBe(429);
    expect(other.json().error.code).toBe('cooldown');
    expect(other.json().error.retryAfterSeconds).toBeGreaterThan(55);
    expect(await rowsFor(table.id)).toHaveLength(1);
  });

  it('stores one request for many concurrent presses with one key, and answers each with it', async () => {
    const { restaurant, table } = await makeFloor(t);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => press(restaurant.id, table.id, 'refill', key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.json<{ request: { id: string } }>().request.id));
    expect(ids.size).toBe(1);
    expect(await rowsFor(table.id)).toHaveLength(1);
  });

  it('keeps keys per table: the same key at another table is another press', async () => {
    const { restaurant, table } = await makeFloor(t);
    const other = await makeTable(t, restaurant.id, '4');
    const key = randomUUID();
    const here = await press(restaurant.id, table.id, 'server', key);
    const there = await press(restaurant.id, other.id, 'server', key);
    expect([here.statusCode, there.statusCode]).toEqual([201, 201]);
    expect(there.json().request.id).not.toBe(here.json().request.id);
  });

  it('refuses a key used for another type at the table with 422', async () => {
    const { restaurant, table } = await makeFloor(t);
    const key = randomUUID();
    expect((await press(restaurant.id, table.id, 'order', key)).statusCode).toBe(201);
    const reused = await press(restaurant.id, table.id, 'bill', key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toMatchObject({
      code: 'press_key_reused',
      message: MSG.pressKeyReused,
    });
    expect(await rowsFor(table.id)).toHaveLength(1);
  });

  it.each([
    ['too short', 'abc123'],
    ['too long', 'a'.repeat(65)],
    ['a space', 'abcdefgh ijklmnopq'],
    ['a dot', 'abcdefgh.ijklmnopq'],
    ['non-ASCII', 'ключключключключключ'],
    ['empty', ''],
  ])('refuses a key with %s with 400 and stores nothing', async (_what, key) => {
    const { restaurant, table } = await makeFloor(t);
    const res = await press(restaurant.id, table.id, 'order', key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.pressKeyInvalid);
    expect(await rowsFor(table.id)).toHaveLength(0);
  });

  it('accepts a 16–64 character key of letters, digits, - and _', async () => {
    const { restaurant, table } = await makeFloor(t);
    const key = 'A1_b2-C3'.repeat(8);
    expect((await press(restaurant.id, table.id, 'order', key)).statusCode).toBe(201);
    const other = await makeTable(t, restaurant.id, '5');
    expect((await press(restaurant.id, other.id, 'order', 'x'.repeat(16))).statusCode).toBe(201);
  });

  it('answers 404 for a key at a table that does not exist, or of another restaurant', async () => {
    const { restaurant, table } = await makeFloor(t);
    const stranger = await makeRestaurant(t);
    const key = randomUUID();
    expect((await press(restaurant.id, table.id, 'order', key)).statusCode).toBe(201);
    expect((await press(stranger.id, table.id, 'order', key)).statusCode).toBe(404);
    expect((await press(restaurant.id, randomUUID(), 'order', key)).statusCode).toBe(404);
  });
});

describe('the cool-down ends with the request (issue 28 item 5, decision 057)', () => {
  for (const [action, done] of [
    ['complete', 'completed'],
    ['dismiss', 'dismissed'],
  ] as const) {
    it(`accepts the next press at once after the request is ${done}`, async () => {
      const { restaurant, table, serverCookie } = await makeFloor(t);
      const first = await press(restaurant.id, table.id, 'order', randomUUID());
      expect(first.statusCode).toBe(201);
      expect(await cooldownOf(restaurant.id, table.id)).toBeGreaterThan(55);
      const handled = await act(action, first.json().request.id, serverCookie);
      expect(handled.statusCode, handled.body).toBe(200);
      expect(await cooldownOf(restaurant.id, table.id)).toBe(0);
      const next = await press(restaurant.id, table.id, 'refill', randomUUID());
      expect(next.statusCode, next.body).toBe(201);
      // The new request's own cool-down runs as always.
      expect(next.json().cooldownRemainingSeconds).toBeGreaterThan(55);
      expect((await press(restaurant.id, table.id, 'bill', randomUUID())).statusCode).toBe(429);
    });
  }

  it('keeps the cool-down while the request is only taken ("On my way")', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const first = await press(restaurant.id, table.id, 'order');
    expect((await act('acknowledge', first.json().request.id, serverCookie)).statusCode).toBe(200);
    expect(await cooldownOf(restaurant.id, table.id)).toBeGreaterThan(55);
    expect((await press(restaurant.id, table.id, 'bill')).statusCode).toBe(429);
    expect((await act('complete', first.json().request.id, serverCookie)).statusCode).toBe(200);
    expect((await press(restaurant.id, table.id, 'bill')).statusCode).toBe(201);
  });

  it('keeps a newer request’s cool-down when an older one of the table is completed', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const older = await press(restaurant.id, table.id, 'order');
    await coolDownPassed(table.id);
    const newer = await press(restaurant.id, table.id, 'bill');
    expect(newer.statusCode).toBe(201);
    expect((await act('complete', older.json().request.id, serverCookie)).statusCode).toBe(200);
    expect(await cooldownOf(restaurant.id, table.id)).toBeGreaterThan(55);
    expect((await press(restaurant.id, table.id, 'refill')).statusCode).toBe(429);
    expect((await act('dismiss', newer.json().request.id, serverCookie)).statusCode).toBe(200);
    expect((await press(restaurant.id, table.id, 'refill')).statusCode).toBe(201);
  });

  it('ends the cool-down of each table when staff complete at several tables at once', async () => {
    const { restaurant, serverCookie } = await makeFloor(t);
    const floor = await Promise.all(
      ['20', '21', '22', '23'].map((number) => makeTable(t, restaurant.id, number)),
    );
    const ids = await Promise.all(
      floor.map(
        async (table) =>
          (await press(restaurant.id, table.id, 'server')).json().request.id as string,
      ),
    );
    const done = await Promise.all(ids.map((id) => act('complete', id, serverCookie)));
    expect(done.map((d) => d.statusCode)).toEqual([200, 200, 200, 200]);
    const again = await Promise.all(floor.map((table) => press(restaurant.id, table.id, 'bill')));
    expect(again.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
  });
});
