/** 'Restaurant Overview' figures on known data (SPEC §2 /admin/dashboard, §4, §9; docs/decisions/006). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requests, sessions } from '../../db/schema';
import { dashboardResponseSchema } from '../../../shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeRestaurant,
  makeServer,
  makeTable,
  signInServer,
} from '../../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MIN = 60_000;
const HOUR = 60 * MIN;
const dashboard = (restaurantId: string, cookie: string, since: string | number | undefined) =>
  request(
    t,
    'GET',
    `/api/restaurants/${restaurantId}/dashboard${since === undefined ? '' : `?since=${since}`}`,
    { cookie },
  );

async function insertRequest(
  restaurantId: string,
  tableId: string,
  createdAt: number,
  completedAfterMs: number | null,
) {
  await t.database.db.insert(requests).values({
    id: randomUUID(),
    restaurantId,
    tableId,
    type: 'order',
    status: completedAfterMs === null ? 'pending' : 'completed',
    createdAt,
    updatedAt: createdAt + (completedAfterMs ?? 0),
  });
}

describe('GET /api/restaurants/:id/dashboard', () => {
  it('counts tables, active servers, requests since local midnight and the average response', async () => {
    const { restaurant, table, server, admin, adminCookie } = await makeFloor(t);
    const now = Date.now();
    const midnight = now - 3 * HOUR;
    const table2 = await makeTable(t, restaurant.id, '4');
    await makeTable(t, restaurant.id, '5');

    // Active servers: `server` (signed in by makeFloor, and once more: still one person) counts;
    // one whose only session expired, one never signed in, another restaurant's and the admin do not.
    await signInServer(t, server);
    const expired = await makeServer(t, restaurant.id);
    await signInServer(t, expired);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: now - 1 })
      .where(eq(sessions.userId, expired.user.id));
    await makeServer(t, restaurant.id);
    const elsewhere = await makeFloor(t);
    expect(admin.user.id).not.toBe(elsewhere.server.user.id);

    // Requests: yesterday's (completed in 1 min), today's pending and two completed today (2 and 3.5 min).
    await insertRequest(restaurant.id, table.id, midnight - 30 * MIN, 1 * MIN);
    await insertRequest(restaurant.id, table.id, midnight, null);
    await insertRequest(restaurant.id, table2.id, midnight + HOUR, 2 * MIN);
    await insertRequest(restaurant.id, table2.id, midnight + 2 * HOUR, 3.5 * MIN);
    // Another restaurant's requests count nowhere.
    await insertRequest(elsewhere.restaurant.id, elsewhere.table.id, midnight + HOUR, 60 * MIN);

    const res = await dashboard(restaurant.id, adminCookie, midnight);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(dashboardResponseSchema.parse(res.json())).toEqual({
      totalTables: 3,
      activeServers: 1,
      requestsToday: 3,
      // (1 + 2 + 3.5) / 3 = 2.1666… minutes, to one decimal.
      avgResponseMinutes: 2.2,
    });

    // A later midnight (the viewer's next day) counts only what came after it.
    const later = await dashboard(restaurant.id, adminCookie, midnight + 90 * MIN);
    expect(later.json().requestsToday).toBe(1);
  });

  it('rounds half up to one decimal', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const now = Date.now();
    await insertRequest(restaurant.id, table.id, now - HOUR, 1.2 * MIN);
    await insertRequest(restaurant.id, table.id, now - HOUR, 1.3 * MIN);
    const res = await dashboard(restaurant.id, adminCookie, now - 2 * HOUR);
    expect(res.json().avgResponseMinutes).toBe(1.3);
  });

  it('answers zeros and a null average for a new restaurant', async () => {
    const { restaurant, adminCookie, admin } = await makeFloor(t);
    const empty = await makeRestaurant(t, admin.user.id);
    const res = await dashboard(empty.id, adminCookie, Date.now() - HOUR);
    expect(res.json()).toEqual({
      totalTables: 0,
      activeServers: 0,
      requestsToday: 0,
      avgResponseMinutes: null,
    });
    expect((await dashboard(restaurant.id, adminCookie, Date.now() - HOUR)).json()).toMatchObject({
      totalTables: 1,
      activeServers: 1,
      avgResponseMinutes: null,
    });
  });

  it('requires since: a whole number of ms within the last 48 hours', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const now = Date.now();
    for (const since of [
      undefined,
      '',
      'abc',
      '-1',
      '1.5',
      String(now - 49 * HOUR),
      String(now + 2 * HOUR),
      '9'.repeat(30),
    ]) {
      const res = await dashboard(restaurant.id, adminCookie, since);
      expect(res.statusCode, String(since)).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    expect((await dashboard(restaurant.id, adminCookie, now - 47 * HOUR)).statusCode).toBe(200);
  });

  it('is for the owning admin only (404 for another owner, 403 for a server)', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const since = Date.now() - HOUR;
    expect((await dashboard(a.restaurant.id, b.adminCookie, since)).statusCode).toBe(404);
    expect((await dashboard(a.restaurant.id, a.serverCookie, since)).statusCode).toBe(403);
    expect((await dashboard('no-such-restaurant', a.adminCookie, since)).statusCode).toBe(404);
  });
});
