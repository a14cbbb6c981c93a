/** Analytics (issue 13, decision 046) on known data: local hours, periods, percentiles, groups and tenancy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { restaurants, shifts } from '../../db/schema';
import {
  analyticsResponseSchema,
  DATE_INVALID,
  PERIOD_INVALID,
  type AnalyticsResponse,
} from '@shared/analytics';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeServer,
  makeTable,
  seedRequest,
  type SeedRequest,
} from '../../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;

const analytics = (restaurantId: string, cookie: string | undefined, query: string) =>
  request(t, 'GET', `/api/restaurants/${restaurantId}/analytics${query}`, { cookie });

async function fetchAnalytics(restaurantId: string, cookie: string, query: string) {
  const res = await analytics(restaurantId, cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  return analyticsResponseSchema.parse(res.json());
}

async function setZone(restaurantId: string, timeZone: string) {
  await t.database.db.update(restaurants).set({ timeZone }).where(eq(restaurants.id, restaurantId));
}

const seed = (s: SeedRequest) => seedRequest(t, s);

const hourRow = (data: AnalyticsResponse, hour: number) => data.hours[hour]!;

describe('GET /api/restaurants/:id/analytics', () => {
  it('puts a request at 23:30 local into that local day and hour, not the next (UTC) day', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    await setZone(restaurant.id, 'America/Los_Angeles');
    // 2026-03-10 23:30 in Los Angeles (PDT, UTC−7) is 2026-03-11 06:30 UTC.
    const lateEvening = Date.UTC(2026, 2, 11, 6, 30);
    // 00:10 local on the 11th.
    const justAfterMidnight = Date.UTC(2026, 2, 11, 7, 10);
    await seed({ restaurantId: restaurant.id, tableId: table.id, createdAt: lateEvening });
    await seed({ restaurantId: restaurant.id, tableId: table.id, createdAt: justAfterMidnight });

    const tenth = await fetchAnalytics(restaurant.id, adminCookie, '?period=day&date=2026-03-10');
    expect(tenth).toMatchObject({
      timeZone: 'America/Los_Angeles',
      start: '2026-03-10',
      end: '2026-03-10',
      from: Date.UTC(2026, 2, 10, 7),
      to: Date.UTC(2026, 2, 11, 7),
    });
    expect(tenth.totals.count).toBe(1);
    expect(hourRow(tenth, 23).count).toBe(1);
    expect(tenth.hours.reduce((sum, h) => sum + h.count, 0)).toBe(1);

    const eleventh = await fetchAnalytics(restaurant.id, adminCookie, '?date=2026-03-11');
    expect(eleventh.period).toBe('day');
    expect(eleventh.totals.count).toBe(1);
    expect(hourRow(eleventh, 0).count).toBe(1);

    // The same instants in UTC both fall on the 11th, at 06 and 07.
    await setZone(restaurant.id, 'UTC');
    const utc = await fetchAnalytics(restaurant.id, adminCookie, '?date=2026-03-11');
    expect(utc.totals.count).toBe(2);
    expect([hourRow(utc, 6).count, hourRow(utc, 7).count]).toEqual([1, 1]);
  });

  it('follows DST: the spring-forward day has 23 hours and its hours are local', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    await setZone(restaurant.id, 'America/New_York');
    // 2026-03-08: clocks go from 02:00 EST to 03:00 EDT. 03:30 EDT is 07:30 UTC; 01:30 EST is 06:30 UTC.
    await seed({
      restaurantId: restaurant.id,
      tableId: table.id,
      createdAt: Date.UTC(2026, 2, 8, 7, 30),
    });
    await seed({
      restaurantId: restaurant.id,
      tableId: table.id,
      createdAt: Date.UTC(2026, 2, 8, 6, 30),
    });
    const day = await fetchAnalytics(restaurant.id, adminCookie, '?period=day&date=2026-03-08');
    expect(day.to - day.from).toBe(23 * HOUR);
    expect(day.from).toBe(Date.UTC(2026, 2, 8, 5));
    expect([hourRow(day, 1).count, hourRow(day, 2).count, hourRow(day, 3).count]).toEqual([
      1, 0, 1,
    ]);
  });

  it('gives medians and 90th percentiles per hour, server, type and table, and counts escalations', async () => {
    const { restaurant, table, server, adminCookie } = await makeFloor(t);
    const anna = server.user;
    const ben = (await makeServer(t, restaurant.id)).user;
    const table7 = await makeTable(t, restaurant.id, '7');
    const at = (hour: number, minute = 0) => Date.UTC(2026, 4, 20, hour, minute);
    const r = { restaurantId: restaurant.id };
    // 12:00–12:59 UTC: four requests Anna took after 10, 20, 30 and 40 s and completed after 1, 2, 3 and 4 min.
    for (const [i, minute] of [5, 15, 25, 35].entries()) {
      await seed({
        ...r,
        tableId: table.id,
        createdAt: at(12, minute),
        type: 'order',
        by: anna.id,
        ackAfter: (i + 1) * 10 * SEC,
        completeAfter: (i + 1) * MIN,
      });
    }
    // 18:xx: Ben completes one directly after 50 s (its time to take is 50 s too) — escalated before that.
    await seed({
      ...r,
      tableId: table7.id,
      createdAt: at(18, 1),
      type: 'bill',
      by: ben.id,
      completeAfter: 50 * SEC,
      escalated: true,
    });
    // Ben dismisses one directly (no time counts) and another after taking it in 5 s (the take counts).
    await seed({
      ...r,
      tableId: table7.id,
      createdAt: at(18, 2),
      type: 'refill',
      by: ben.id,
      dismissAfter: 20 * SEC,
    });
    await seed({
      ...r,
      tableId: table7.id,
      createdAt: at(18, 3),
      type: 'refill',
      by: ben.id,
      ackAfter: 5 * SEC,
      dismissAfter: 30 * SEC,
    });
    // Still pending and escalated: nobody took it.
    await seed({ ...r, tableId: table7.id, createdAt: at(18, 4), type: 'server', escalated: true });
    // The day before and another restaurant's request count nowhere.
    await seed({ ...r, tableId: table.id, createdAt: at(12) - 24 * HOUR });
    const other = await makeFloor(t);
    await seed({ restaurantId: other.restaurant.id, tableId: other.table.id, createdAt: at(12) });

    const data = await fetchAnalytics(restaurant.id, adminCookie, '?period=day&date=2026-05-20');
    expect(data.totals).toEqual({
      count: 8,
      completed: 5,
      dismissed: 2,
      escalated: 2,
      // Times to take: 5, 10, 20, 30, 40, 50 s.
      ackMedianMs: 25 * SEC,
      ackP90Ms: 45 * SEC,
      // Times to complete: 50 s, 1, 2, 3, 4 min.
      completeMedianMs: 2 * MIN,
      completeP90Ms: 3.6 * MIN,
      // Nobody answered "Did you get what you needed?" or rated a bill (decisions 082, 083).
      notResolved: 0,
      ratings: 0,
      ratingAverage: null,
    });
    expect(hourRow(data, 12)).toEqual({
      hour: 12,
      count: 4,
      completed: 4,
      dismissed: 0,
      escalated: 0,
      ackMedianMs: 25 * SEC,
      // percentile_cont: 30 s + 0.7 × (40 − 30) s.
      ackP90Ms: 37 * SEC,
      completeMedianMs: 2.5 * MIN,
      completeP90Ms: 3.7 * MIN,
      notResolved: 0,
      ratings: 0,
      ratingAverage: null,
    });
    expect(hourRow(data, 18)).toMatchObject({ count: 4, escalated: 2, ackMedianMs: 27.5 * SEC });
    expect(hourRow(data, 13)).toMatchObject({
      count: 0,
      ackMedianMs: null,
      completeMedianMs: null,
    });
    expect(data.hours).toHaveLength(24);

    expect(data.servers.map((s) => [s.serverId, s.name, s.count])).toEqual([
      [anna.id, anna.name, 4],
      [ben.id, ben.name, 3],
      [null, null, 1],
    ]);
    expect(data.servers[1]).toMatchObject({ completed: 1, dismissed: 2, ackMedianMs: 27.5 * SEC });
    expect(data.types.map((x) => [x.type, x.count])).toEqual([
      ['server', 1],
      ['order', 4],
      ['refill', 2],
      ['bill', 1],
    ]);
    expect(data.types.find((x) => x.type === 'refill')).toMatchObject({
      dismissed: 2,
      ackMedianMs: 5 * SEC,
      completeMedianMs: null,
    });
    expect(data.tables.map((x) => [x.number, x.count])).toEqual([
      ['3', 4],
      ['7', 4],
    ]);
    expect(data.tables[1]).toMatchObject({ tableId: table7.id, escalated: 2 });
    expect(data.busiestHours).toEqual([
      { hour: 12, count: 4 },
      { hour: 18, count: 4 },
    ]);
  });

  it('takes weeks from Monday and months from the 1st, around any day inside them', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    await setZone(restaurant.id, 'Europe/Berlin');
    // Sunday 2026-05-24 23:30 Berlin (21:30 UTC) ends the week of Monday the 18th; Monday the 25th 00:30 starts the next.
    await seed({
      restaurantId: restaurant.id,
      tableId: table.id,
      createdAt: Date.UTC(2026, 4, 24, 21, 30),
    });
    await seed({
      restaurantId: restaurant.id,
      tableId: table.id,
      createdAt: Date.UTC(2026, 4, 24, 22, 30),
    });
    const week = await fetchAnalytics(restaurant.id, adminCookie, '?period=week&date=2026-05-20');
    expect(week).toMatchObject({ start: '2026-05-18', end: '2026-05-24' });
    expect(week.to - week.from).toBe(7 * 24 * HOUR);
    expect(week.totals.count).toBe(1);
    expect(hourRow(week, 23).count).toBe(1);
    const next = await fetchAnalytics(restaurant.id, adminCookie, '?period=week&date=2026-05-25');
    expect(next.totals.count).toBe(1);
    expect(hourRow(next, 0).count).toBe(1);
    const month = await fetchAnalytics(restaurant.id, adminCookie, '?period=month&date=2026-05-31');
    expect(month).toMatchObject({ start: '2026-05-01', end: '2026-05-31' });
    expect(month.totals.count).toBe(2);
    expect(month.busiestHours).toEqual([
      { hour: 0, count: 1 },
      { hour: 23, count: 1 },
    ]);
  });

  it("defaults to today in the restaurant's zone", async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    await setZone(restaurant.id, 'Pacific/Kiritimati');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      new Date(),
    );
    const data = await fetchAnalytics(restaurant.id, adminCookie, '');
    expect(data).toMatchObject({ period: 'day', start: today, end: today });
    expect(data.totals).toMatchObject({ count: 0, ackMedianMs: null });
    expect(data.servers).toEqual([]);
    expect(data.busiestHours).toEqual([]);
  });

  it('refuses a bad period or date with a clear 400', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    for (const [query, message] of [
      ['?period=year', PERIOD_INVALID],
      ['?date=2026-02-30', DATE_INVALID],
      ['?date=20260501', DATE_INVALID],
      ['?date=1899-01-01', DATE_INVALID],
      ['?date=2026-05-01&date=2026-05-02', DATE_INVALID],
      ['?other=1', null],
    ] as const) {
      const res = await analytics(restaurant.id, adminCookie, query);
      expect(res.statusCode, query).toBe(400);
      if (message) expect(res.json().error.message, query).toBe(message);
    }
  });

  it('is for the owning admin only (404 for another owner, 403 for a server, 401 signed out)', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    expect((await analytics(a.restaurant.id, b.adminCookie, '')).statusCode).toBe(404);
    expect((await analytics(a.restaurant.id, a.serverCookie, '')).statusCode).toBe(403);
    expect((await analytics(a.restaurant.id, undefined, '?period=bad')).statusCode).toBe(401);
    expect((await analytics('no-such-restaurant', a.adminCookie, '')).statusCode).toBe(404);
  });

  it('shows who was on duty: each server’s shifts overlapping the period and their time inside it', async () => {
    const { restaurant, server, adminCookie } = await makeFloor(t);
    const ben = (await makeServer(t, restaurant.id)).user;
    const at = (iso: string) => Date.parse(iso);
    const shift = (serverId: string, start: string, end: string | null) => ({
      id: randomUUID(),
      restaurantId: restaurant.id,
      serverId,
      startedAt: at(start),
      endedAt: end === null ? null : at(end),
    });
    await t.database.db.insert(shifts).values([
      shift(server.user.id, '2026-03-10T09:00:00Z', '2026-03-10T13:00:00Z'),
      // Still open (never ended): it counts until now, so to the period's end here.
      shift(server.user.id, '2026-03-10T18:00:00Z', null),
      // From the evening before: only its part inside the 10th counts.
      shift(ben.id, '2026-03-09T22:00:00Z', '2026-03-10T02:00:00Z'),
      // Another day only.
      shift(ben.id, '2026-03-12T09:00:00Z', '2026-03-12T17:00:00Z'),
    ]);
    const tenth = await fetchAnalytics(restaurant.id, adminCookie, '?period=day&date=2026-03-10');
    expect(tenth.duty).toEqual([
      { serverId: server.user.id, name: server.user.name, shifts: 2, onDutyMs: 10 * HOUR },
      { serverId: ben.id, name: ben.name, shifts: 1, onDutyMs: 2 * HOUR },
    ]);
    const eleventh = await fetchAnalytics(
      restaurant.id,
      adminCookie,
      '?period=day&date=2026-03-11',
    );
    expect(eleventh.duty).toEqual([
      { serverId: server.user.id, name: server.user.name, shifts: 1, onDutyMs: 24 * HOUR },
    ]);
  });
});
