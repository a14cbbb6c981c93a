/**
 * Presses first (issue 25, decision 073): a signed-in user's budget and one heavy read at a time per user. Orders and
 * refusal codes only, never timings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../../tests/support/test-app';
import { makeFloor, makeServer, signInServer } from '../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ userBudgets: { writes: 3, reads: 50 } });
});
afterAll(() => t.close());

const setLanguage = (cookie: string, language: string) =>
  request(t, 'PUT', '/api/account/language', { cookie, body: { language } });

const analytics = (restaurantId: string, cookie: string) =>
  request(t, 'GET', `/api/restaurants/${restaurantId}/analytics?period=month`, { cookie });

const tablesOf = (restaurantId: string, cookie: string) =>
  request(t, 'GET', `/api/restaurants/${restaurantId}/tables`, { cookie });

const press = (floor: Awaited<ReturnType<typeof makeFloor>>, remoteAddress: string) =>
  request(
    t,
    'POST',
    `/api/public/restaurants/${floor.restaurant.id}/tables/${floor.table.id}/requests`,
    { body: { type: 'server' }, remoteAddress },
  );

describe("a signed-in user's budget", () => {
  it('refuses writes past the budget with 429, Retry-After and the text by id; other users and reads go on', async () => {
    const floor = await makeFloor(t);
    const other = await makeServer(t, floor.restaurant.id, '4321');
    const otherCookie = await signInServer(t, other);
    const statuses = [];
    for (const language of ['de', 'fr', 'es', 'it']) {
      statuses.push((await setLanguage(floor.serverCookie, language)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await setLanguage(floor.serverCookie, 'ja');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { code: 'rate_limited', messageId: 'tooManyRequests' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Counted per user: a colleague on the same floor (and the same address) still writes…
    expect((await setLanguage(otherCookie, 'de')).statusCode).toBe(200);
    // …and the user's own reads have a budget of their own.
    expect((await tablesOf(floor.restaurant.id, floor.serverCookie)).statusCode).toBe(200);
  });

  it('refuses an over-budget write before its body is read: a body the route would refuse gets 429, not 400', async () => {
    const floor = await makeFloor(t);
    for (const language of ['de', 'fr', 'es']) await setLanguage(floor.serverCookie, language);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/account/language',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        cookie: floor.serverCookie,
      },
      payload: '{not json',
    });
    expect(refused.statusCode).toBe(429);
  });

  it('counts reads apart from writes, and never counts a guest: a press is not refused by a signed-in budget', async () => {
    const floor = await makeFloor(t);
    const reads = [];
    for (let i = 0; i < 51; i++)
      reads.push((await tablesOf(floor.restaurant.id, floor.adminCookie)).statusCode);
    expect(reads.slice(0, 50).every((s) => s === 200)).toBe(true);
    expect(reads[50]).toBe(429);
    // The owner's writes are still within their own budget.
    expect((await setLanguage(floor.adminCookie, 'de')).statusCode).toBe(200);
    expect((await press(floor, '192.0.2.10')).statusCode).toBe(201);
  });
});

describe('heavy reads: one at a time per user', () => {
  it('queues a second and third analytics load behind the running one and refuses a fourth with 429', async () => {
    const floor = await makeFloor(t);
    const second = await makeFloor(t);
    const gate = t.services.heavyReads;
    // The owner's first heavy read is still running.
    const release = await gate.hold(floor.admin.user.id);
    const waiting = [
      analytics(floor.restaurant.id, floor.adminCookie),
      analytics(floor.restaurant.id, floor.adminCookie),
    ];
    // Both are queued once the gate counts three (the held one and two waiting); the next is refused.
    await expect.poll(() => gate.of(floor.admin.user.id)).toBe(3);
    const refused = await analytics(floor.restaurant.id, floor.adminCookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { code: 'rate_limited', messageId: 'tooManyRequests' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another owner is not held by this one.
    expect((await analytics(second.restaurant.id, second.adminCookie)).statusCode).toBe(200);
    release();
    expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect(gate.of(floor.admin.user.id)).toBe(0);
  });

  it('runs the history and the dashboard through the same gate', async () => {
    const floor = await makeFloor(t);
    const gate = t.services.heavyReads;
    const release = await gate.hold(floor.admin.user.id);
    const pending = [
      request(t, 'GET', `/api/restaurants/${floor.restaurant.id}/dashboard`, {
        cookie: floor.adminCookie,
      }),
      request(t, 'GET', `/api/restaurants/${floor.restaurant.id}/requests/history`, {
        cookie: floor.adminCookie,
      }),
    ];
    await expect.poll(() => gate.of(floor.admin.user.id)).toBe(3);
    release();
    expect((await Promise.all(pending)).map((r) => r.statusCode)).toEqual([200, 200]);
  });
});
