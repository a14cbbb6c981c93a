/**
 * Issue 29 item 6 on the server (decisions 082, 083): "Did you get what you needed?" after Done — "no" sends the
 * request back to pending and announces it like a new request — and the private rating after the bill, in
 * analytics. Every rule and refusal. Run on PGlite, and on PostgreSQL with DATABASE_URL set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushOutbox, pushSubscriptions, requests, restaurants } from '../../db/schema';
import { COMMENT_MAX } from '@shared/guest-note';
import { FEEDBACK_WINDOW_MINUTES } from '@shared/constants';
import type { AnalyticsResponse } from '@shared/analytics';
import type { RequestsResponse } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeFloor, makeTable } from '../../../../tests/support/factories';
import { connectLive } from '../../../../tests/support/live-socket';
import { claimOverdueRequests } from '../escalation/escalation.repo';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

let calls = 0;
/** Each call from an address of its own (the per-address limits are not under test here). */
const address = () => `10.80.${Math.floor(++calls / 250)}.${calls % 250}`;
const guestBase = (restaurantId: string, tableId: string) =>
  `/api/public/restaurants/${restaurantId}/tables/${tableId}`;
const press = (restaurantId: string, tableId: string, type: string, key: string) =>
  request(t, 'POST', `${guestBase(restaurantId, tableId)}/requests`, {
    body: { type },
    remoteAddress: address(),
    headers: { 'idempotency-key': key },
  });
const outcome = (
  restaurantId: string,
  tableId: string,
  id: string,
  pressKey: string,
  resolved: unknown,
) =>
  request(t, 'POST', `${guestBase(restaurantId, tableId)}/requests/${id}/outcome`, {
    body: { pressKey, resolved },
    remoteAddress: address(),
  });
const rate = (
  restaurantId: string,
  tableId: string,
  id: string,
  pressKey: string,
  body: Record<string, unknown>,
) =>
  request(t, 'POST', `${guestBase(restaurantId, tableId)}/requests/${id}/rating`, {
    body: { pressKey, ...body },
    remoteAddress: address(),
  });
const rowOf = async (id: string) =>
  (await t.database.db.select().from(requests).where(eq(requests.id, id)))[0];

/** A request pressed with `key` and completed by the floor's server. */
async function completed(
  floor: Awaited<ReturnType<typeof makeFloor>>,
  type = 'order',
  key = randomUUID(),
) {
  const sent = await press(floor.restaurant.id, floor.table.id, type, key);
  expect(sent.statusCode, sent.body).toBe(201);
  const id = sent.json().request.id as string;
  await request(t, 'POST', `/api/requests/${id}/acknowledge`, { cookie: floor.serverCookie });
  const done = await request(t, 'POST', `/api/requests/${id}/complete`, {
    cookie: floor.serverCookie,
  });
  expect(done.statusCode, done.body).toBe(200);
  return { id, key };
}

/** Moves a completed request's completion back by `minutes`. */
const completedAgo = (id: string, minutes: number) =>
  t.database.db
    .update(requests)
    .set({ resolvedAt: Date.now() - minutes * 60_000 })
    .where(eq(requests.id, id));

const analyticsOf = async (restaurantId: string, cookie: string) => {
  const res = await request(t, 'GET', `/api/restaurants/${restaurantId}/analytics`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AnalyticsResponse>();
};

describe('"Did you get what you needed?" (decision 082)', () => {
  it('yes is stored once and changes nothing else', async () => {
    const floor = await makeFloor(t);
    const { id, key } = await completed(floor);
    const yes = await outcome(floor.restaurant.id, floor.table.id, id, key, true);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().request).toMatchObject({ id, status: 'completed' });
    expect(await rowOf(id)).toMatchObject({
      status: 'completed',
      outcome: 'resolved',
      reopenedAt: null,
    });
    // The same answer again (a retry) answers as the first; the other answer is refused.
    expect((await outcome(floor.restaurant.id, floor.table.id, id, key, true)).statusCode).toBe(
      200,
    );
    const changed = await outcome(floor.restaurant.id, floor.table.id, id, key, false);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('feedback_given');
    expect(await rowOf(id)).toMatchObject({ status: 'completed', outcome: 'resolved' });
  });

  it('no starts its reach again: routed to its servers, waiting for a new receipt (decision 091)', async () => {
    const floor = await makeFloor(t);
    const { id, key } = await completed(floor);
    // It had reached the admin and a device had confirmed it before it was taken and completed.
    await t.database.db
      .update(requests)
      .set({ reachStage: 2, receiptedAt: Date.now() - 60_000, realertedAt: Date.now() - 60_000 })
      .where(eq(requests.id, id));
    const no = await outcome(floor.restaurant.id, floor.table.id, id, key, false);
    expect(no.statusCode, no.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      reachStage: 0,
      receiptedAt: null,
      realertedAt: null,
    });
  });

  it('no reopens the request: pending, announced like a new one to its staff, with a push, counted', async () => {
    const floor = await makeFloor(t);
    const { restaurant, table, serverCookie, adminCookie } = floor;
    // A device of the restaurant's server: the reopened request owes a push.
    await t.database.db.insert(pushSubscriptions).values({
      id: randomUUID(),
      userId: floor.server.user.id,
      restaurantId: restaurant.id,
      endpoint: `https://push.example.test/${randomUUID()}`,
      p256dh: 'p',
      auth: 'a',
      createdAt: Date.now(),
    });
    const { id, key } = await completed(floor);
    const live = await connectLive(base, serverCookie);
    await live.next('hello');
    const no = await outcome(restaurant.id, table.id, id, key, false);
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json().request).toMatchObject({ id, status: 'pending', takenBy: null });
    const event = await live.until((e) => e.type === 'request.created' && e.request.id === id);
    expect(event).toMatchObject({ request: { id, status: 'pending', overdue: false } });
    live.ws.close();

    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'pending',
      outcome: 'not_resolved',
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      escalatedAt: null,
    });
    expect(row?.reopenedAt).toBeGreaterThan(0);
    const list = (
      await request(t, 'GET', `/api/restaurants/${restaurant.id}/requests`, {
        cookie: serverCookie,
      })
    ).json<RequestsResponse>();
    expect(list.pending.map((r) => r.id)).toEqual([id]);
    expect(list.pending[0]?.reopenedAt).toBe(row?.reopenedAt);
    expect(list.completed.map((r) => r.id)).not.toContain(id);
    const [outboxed] = await t.database.db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.id, `reopened:${id}`));
    expect(outboxed).toMatchObject({ requestId: id, kind: 'new' });

    const figures = await analyticsOf(restaurant.id, adminCookie);
    expect(figures.totals).toMatchObject({ count: 1, notResolved: 1 });
    expect(figures.types.find((r) => r.type === 'order')).toMatchObject({ notResolved: 1 });

    // Staff can take and complete it again; one answer per request, so no second question.
    await request(t, 'POST', `/api/requests/${id}/complete`, { cookie: serverCookie });
    const again = await outcome(restaurant.id, table.id, id, key, true);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('feedback_given');
  });

  it('refuses another device, another table, another restaurant, an open request and a late answer', async () => {
    const floor = await makeFloor(t);
    const { restaurant, table } = floor;
    const { id, key } = await completed(floor);
    const other = await outcome(restaurant.id, table.id, id, randomUUID(), false);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('not_your_request');
    const elsewhere = await makeTable(t, restaurant.id, '8');
    expect((await outcome(restaurant.id, elsewhere.id, id, key, false)).statusCode).toBe(404);
    expect((await outcome(restaurant.id, table.id, randomUUID(), key, false)).statusCode).toBe(404);
    const b = await makeFloor(t);
    const across = await outcome(b.restaurant.id, b.table.id, id, key, false);
    expect(across.statusCode).toBe(404);
    expect(across.json().error.code).toBe('request_not_found');
    expect((await outcome(restaurant.id, table.id, id, key, 'no')).statusCode).toBe(400);
    expect((await outcome(restaurant.id, table.id, id, 'short', false)).statusCode).toBe(400);

    // Still open: nothing to answer yet.
    const openKey = randomUUID();
    const table2 = await makeTable(t, restaurant.id, '9');
    const open = (await press(restaurant.id, table2.id, 'refill', openKey)).json().request
      .id as string;
    const notDone = await outcome(restaurant.id, table2.id, open, openKey, true);
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().error.code).toBe('request_not_done');

    // After the window.
    await completedAgo(id, FEEDBACK_WINDOW_MINUTES + 1);
    const late = await outcome(restaurant.id, table.id, id, key, false);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('feedback_expired');
    expect(await rowOf(id)).toMatchObject({ status: 'completed', outcome: null });
  });

  it("a reopened request waits again from its reopening: not overdue at once, escalated after the restaurant's minutes", async () => {
    const floor = await makeFloor(t);
    const { id, key } = await completed(floor);
    // Pressed long ago: by its press time it would be overdue many times over.
    await t.database.db
      .update(requests)
      .set({ createdAt: Date.now() - 60 * 60_000 })
      .where(eq(requests.id, id));
    expect((await outcome(floor.restaurant.id, floor.table.id, id, key, false)).statusCode).toBe(
      200,
    );
    const reopenedAt = (await rowOf(id))!.reopenedAt!;
    expect(await claimOverdueRequests(t.database.db, reopenedAt + 60_000)).not.toContain(id);
    const list = (
      await request(t, 'GET', `/api/restaurants/${floor.restaurant.id}/requests`, {
        cookie: floor.serverCookie,
      })
    ).json<RequestsResponse>();
    expect(list.pending.find((r) => r.id === id)?.overdue).toBe(false);
    // The factory's restaurant escalates after 3 minutes.
    expect(await claimOverdueRequests(t.database.db, reopenedAt + 3 * 60_000)).toContain(id);
  });

  it('a dismissed request cannot be answered', async () => {
    const floor = await makeFloor(t);
    const key = randomUUID();
    const id = (await press(floor.restaurant.id, floor.table.id, 'server', key)).json().request
      .id as string;
    await request(t, 'POST', `/api/requests/${id}/dismiss`, { cookie: floor.serverCookie });
    const res = await outcome(floor.restaurant.id, floor.table.id, id, key, false);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('request_not_done');
  });
});

describe('the private rating after the bill (decision 083)', () => {
  it('stores stars and comment once; analytics shows them per day, server and type', async () => {
    const floor = await makeFloor(t);
    const { restaurant, table, adminCookie } = floor;
    await t.database.db
      .update(restaurants)
      .set({ reviewUrl: 'https://reviews.example.test/bistro' })
      .where(eq(restaurants.id, restaurant.id));
    const { id, key } = await completed(floor, 'bill');
    const good = await rate(restaurant.id, table.id, id, key, {
      stars: 5,
      comment: '  Lovely evening 👩‍🍳  ',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ stars: 5, offerReview: true });
    expect(await rowOf(id)).toMatchObject({ rating: 5, ratingComment: 'Lovely evening 👩‍🍳' });
    // A retry answers as the first; a different rating is refused.
    expect(
      (await rate(restaurant.id, table.id, id, key, { stars: 5, comment: 'Lovely evening 👩‍🍳' }))
        .statusCode,
    ).toBe(200);
    const second = await rate(restaurant.id, table.id, id, key, { stars: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('feedback_given');

    const figures = await analyticsOf(restaurant.id, adminCookie);
    expect(figures.totals).toMatchObject({ ratings: 1, ratingAverage: 5 });
    expect(figures.types.find((r) => r.type === 'bill')).toMatchObject({
      ratings: 1,
      ratingAverage: 5,
    });
    expect(figures.servers.find((r) => r.serverId === floor.server.user.id)).toMatchObject({
      ratings: 1,
    });
    expect(figures.days).toHaveLength(1);
    expect(figures.days[0]).toMatchObject({ date: figures.start, ratings: 1, count: 1 });
    expect(figures.ratingList).toEqual([
      expect.objectContaining({
        requestId: id,
        stars: 5,
        comment: 'Lovely evening 👩‍🍳',
        tableNumber: '3',
      }),
    ]);
    // The rating is the owner's: never on a server's console.
    const list = await request(t, 'GET', `/api/restaurants/${restaurant.id}/requests`, {
      cookie: floor.serverCookie,
    });
    expect(list.body).not.toContain('Lovely evening');
  });

  it('offers the review link only after a good rating, and only when there is one', async () => {
    const floor = await makeFloor(t);
    const { restaurant, table } = floor;
    const first = await completed(floor, 'bill');
    expect((await rate(restaurant.id, table.id, first.id, first.key, { stars: 4 })).json()).toEqual(
      { stars: 4, offerReview: false },
    );
    await t.database.db
      .update(restaurants)
      .set({ reviewUrl: 'https://reviews.example.test/x' })
      .where(eq(restaurants.id, restaurant.id));
    const second = await completed(floor, 'bill');
    expect(
      (
        await rate(restaurant.id, table.id, second.id, second.key, { stars: 3, comment: 'Slow' })
      ).json(),
    ).toEqual({ stars: 3, offerReview: false });
  });

  it('refuses bad comments before any database work, and every other refusal', async () => {
    const floor = await makeFloor(t);
    const { restaurant, table } = floor;
    const { id, key } = await completed(floor, 'bill');
    for (const [comment, code] of [
      ['a'.repeat(COMMENT_MAX + 1), 'comment_too_long'],
      ['line\nbreak', 'comment_invalid'],
      ['bidi \u202Eevil', 'comment_invalid'],
      ['zero\u200Bwidth', 'comment_invalid'],
    ] as const) {
      const res = await rate(restaurant.id, table.id, id, key, { stars: 2, comment });
      expect(res.statusCode, comment).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
    expect((await rate(restaurant.id, table.id, id, key, { stars: 0 })).statusCode).toBe(400);
    expect((await rate(restaurant.id, table.id, id, key, { stars: 6 })).statusCode).toBe(400);
    expect((await rate(restaurant.id, table.id, id, key, { stars: 2.5 })).statusCode).toBe(400);
    expect((await rate(restaurant.id, table.id, id, key, { stars: 2, x: 1 })).statusCode).toBe(400);
    expect(await rowOf(id)).toMatchObject({ rating: null, ratingComment: null });

    const other = await rate(restaurant.id, table.id, id, randomUUID(), { stars: 2 });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('not_your_request');
    const b = await makeFloor(t);
    expect((await rate(b.restaurant.id, b.table.id, id, key, { stars: 2 })).statusCode).toBe(404);

    // Not a bill.
    const table2 = await makeTable(t, restaurant.id, '12');
    const orderKey = randomUUID();
    const order = (await press(restaurant.id, table2.id, 'order', orderKey)).json().request
      .id as string;
    await request(t, 'POST', `/api/requests/${order}/complete`, { cookie: floor.serverCookie });
    const notBill = await rate(restaurant.id, table2.id, order, orderKey, { stars: 5 });
    expect(notBill.statusCode).toBe(422);
    expect(notBill.json().error.code).toBe('not_a_bill');

    // A bill not completed yet.
    const table3 = await makeTable(t, restaurant.id, '13');
    const billKey = randomUUID();
    const open = (await press(restaurant.id, table3.id, 'bill', billKey)).json().request
      .id as string;
    const notDone = await rate(restaurant.id, table3.id, open, billKey, { stars: 5 });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().error.code).toBe('request_not_done');

    // Too late.
    await completedAgo(id, FEEDBACK_WINDOW_MINUTES + 1);
    const late = await rate(restaurant.id, table.id, id, key, { stars: 2 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('feedback_expired');
    expect(await rowOf(id)).toMatchObject({ rating: null });
  });
});
