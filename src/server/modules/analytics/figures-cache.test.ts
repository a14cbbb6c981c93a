/**
 * Decision 073: a period's figures are read once for repeated views and read again as soon as the restaurant
 * changes (a press, an acknowledgement), so an owner never sees stale figures after a live event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeFloor } from '../../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Totals = { totals: { count: number; completed: number } };

describe('analytics figures kept until the restaurant changes (decision 073)', () => {
  it('reads a month once for repeated views, and again at once after a press and a completion', async () => {
    const floor = await makeFloor(t);
    const other = await makeFloor(t);
    const month = (f: typeof floor) =>
      request(t, 'GET', `/api/restaurants/${f.restaurant.id}/analytics?period=month`, {
        cookie: f.adminCookie,
      });
    const cache = t.services.analytics.figures;
    const before = cache.loads;
    const first = await month(floor);
    const again = await month(floor);
    expect(again.json()).toEqual(first.json());
    expect(cache.loads - before).toBe(1);

    const press = await request(
      t,
      'POST',
      `/api/public/restaurants/${floor.restaurant.id}/tables/${floor.table.id}/requests`,
      { body: { type: 'server' }, remoteAddress: '192.0.2.20' },
    );
    expect(press.statusCode).toBe(201);
    await month(other);
    await expect.poll(async () => (await month(floor)).json<Totals>().totals.count).toBe(1);
    // Another restaurant's figures are not dropped by this one's press.
    const loads = cache.loads;
    await month(other);
    expect(cache.loads).toBe(loads);

    const id = press.json<{ request: { id: string } }>().request.id;
    const done = await request(t, 'POST', `/api/requests/${id}/complete`, {
      cookie: floor.serverCookie,
    });
    expect(done.statusCode).toBe(200);
    await expect.poll(async () => (await month(floor)).json<Totals>().totals.completed).toBe(1);
  });
});
