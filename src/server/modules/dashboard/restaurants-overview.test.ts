/**
 * Every restaurant at a glance (issue 26 item 6, decision 085): GET /api/overview gives an owner of several
 * restaurants each one's live figures — waiting now, longest wait, servers online, requests today — and nothing of
 * another owner's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurantsOverviewResponseSchema } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeAdmin,
  makeRestaurant,
  makeServer,
  makeTable,
  seedRequest,
  signInPassword,
  signInServer,
} from '../../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A minute, or less just after midnight UTC (the restaurants' zone), so every seeded request is today's. */
const unitOf = (now: number) => Math.min(60_000, Math.floor((now % 86_400_000) / 10));

async function overview(cookie: string) {
  const res = await request(t, 'GET', '/api/overview', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return restaurantsOverviewResponseSchema.parse(res.json()).restaurants;
}

describe('every restaurant at a glance', () => {
  it("shows each of the owner's restaurants with its own figures, and none of another owner's", async () => {
    const owner = await makeAdmin(t);
    const [a, b, c] = [
      await makeRestaurant(t, owner.user.id, 'Harbour'),
      await makeRestaurant(t, owner.user.id, 'Market'),
      await makeRestaurant(t, owner.user.id, 'Station'),
    ];
    const other = await makeAdmin(t);
    const theirs = await makeRestaurant(t, other.user.id, 'Elsewhere');
    const now = Date.now();
    const MIN = unitOf(now);
    const ta = await makeTable(t, a.id, '1');
    const tb = await makeTable(t, b.id, '1');
    const tt = await makeTable(t, theirs.id, '1');
    // Harbour: two waiting, the oldest 7 minutes; one done earlier today.
    await seedRequest(t, { restaurantId: a.id, tableId: ta.id, createdAt: now - 7 * MIN });
    await seedRequest(t, { restaurantId: a.id, tableId: ta.id, createdAt: now - 1 * MIN });
    await seedRequest(t, {
      restaurantId: a.id,
      tableId: ta.id,
      createdAt: now - 3 * MIN,
      completeAfter: MIN,
    });
    // Market: one done, nobody waiting.
    await seedRequest(t, {
      restaurantId: b.id,
      tableId: tb.id,
      createdAt: now - 5 * MIN,
      completeAfter: MIN,
    });
    // Another owner's restaurant is busy: none of it may show.
    await seedRequest(t, { restaurantId: theirs.id, tableId: tt.id, createdAt: now - 30 * MIN });

    const cookie = await signInPassword(t, owner);
    const glance = await overview(cookie);
    expect(glance.map((r) => r.name)).toEqual(['Harbour', 'Market', 'Station']);
    const [harbour, market, station] = glance;
    expect(harbour).toMatchObject({ id: a.id, waitingNow: 2, requestsToday: 3, activeServers: 0 });
    expect(harbour!.longestWaitSeconds).toBeGreaterThanOrEqual(Math.floor((7 * MIN) / 1000));
    expect(harbour!.longestWaitSeconds).toBeLessThan((8 * MIN) / 1000 + 5);
    expect(market).toMatchObject({
      id: b.id,
      waitingNow: 0,
      longestWaitSeconds: null,
      requestsToday: 1,
    });
    expect(station).toMatchObject({ id: c.id, waitingNow: 0, requestsToday: 0 });

    const theirGlance = await overview(await signInPassword(t, other));
    expect(theirGlance.map((r) => r.id)).toEqual([theirs.id]);
    expect(theirGlance[0]).toMatchObject({ waitingNow: 1 });
  });

  it('is for owners only: a visitor is refused, a server is forbidden', async () => {
    expect((await request(t, 'GET', '/api/overview')).statusCode).toBe(401);
    const restaurant = await makeRestaurant(t);
    const cookie = await signInServer(t, await makeServer(t, restaurant.id));
    expect((await request(t, 'GET', '/api/overview', { cookie })).statusCode).toBe(403);
  });
});
