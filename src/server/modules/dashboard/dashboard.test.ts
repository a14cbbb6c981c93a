/**
 * 'Restaurant Overview' (SPEC §2 /admin/dashboard, §4, §9; decisions 006 → 044): figures of the restaurant's own
 * day, Active Servers from open consoles across instances, Recent Activity and Server Status.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  presenceInstances,
  requests,
  restaurants,
  staffPresence,
  tableAssignments,
} from '../../db/schema';
import {
  dashboardResponseSchema,
  guestRequestResponseSchema,
  type DashboardResponse,
} from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { connectLive } from '../../../../tests/support/live-socket';
import {
  makeFloor,
  makeRestaurant,
  makeServer,
  makeTable,
  signInServer,
} from '../../../../tests/support/factories';
import { PRESENCE_TTL_MS } from '../../live/presence';
import { dashboardFigures, recentActivity, serverStatus } from './dashboard.repo';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const SEC = 1_000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;

async function dashboard(restaurantId: string, cookie: string): Promise<DashboardResponse> {
  const res = await request(t, 'GET', `/api/restaurants/${restaurantId}/dashboard`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return dashboardResponseSchema.parse(res.json());
}

async function insertRequest(
  restaurantId: string,
  tableId: string,
  createdAt: number,
  extra: Partial<typeof requests.$inferInsert> = {},
) {
  const id = randomUUID();
  await t.database.db.insert(requests).values({
    id,
    restaurantId,
    tableId,
    type: 'order',
    status: 'pending',
    createdAt,
    updatedAt: createdAt,
    ...extra,
  });
  return id;
}

const completed = (at: number, by: string | null = null) => ({
  status: 'completed' as const,
  updatedAt: at,
  resolvedAt: at,
  resolvedBy: by,
});

const setZone = (restaurantId: string, timeZone: string) =>
  t.database.db.update(restaurants).set({ timeZone }).where(eq(restaurants.id, restaurantId));

/** Polls the dashboard until `check` holds (a console's presence is written just after its socket opens). */
async function eventually(
  restaurantId: string,
  cookie: string,
  check: (d: DashboardResponse) => boolean,
): Promise<DashboardResponse> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const d = await dashboard(restaurantId, cookie);
    if (check(d) || Date.now() > deadline) return d;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('GET /api/restaurants/:id/dashboard: figures', () => {
  it("counts tables, today's requests and today's average response in the restaurant's day", async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const table2 = await makeTable(t, restaurant.id, '4');
    await makeTable(t, restaurant.id, '5');
    const d0 = await dashboard(restaurant.id, adminCookie);
    expect(d0.timeZone).toBe('UTC');
    const now = Date.now();
    const midnight = d0.dayStart;
    expect(midnight).toBe(now - (now % (24 * HOUR)));
    // Right after UTC midnight "earlier today" would be yesterday: keep the test's rows inside today.
    const today = Math.max(midnight + 1, now - 2 * HOUR);

    // Yesterday's (completed in 1 min) counts in neither figure; today's pending counts; two completed today.
    await insertRequest(
      restaurant.id,
      table.id,
      midnight - 30 * MIN,
      completed(midnight - 29 * MIN),
    );
    await insertRequest(restaurant.id, table.id, midnight);
    await insertRequest(restaurant.id, table2.id, today, completed(today + 2 * MIN));
    await insertRequest(restaurant.id, table2.id, today, completed(today + 3.5 * MIN));
    // A dismissed request never enters the average (decision 028).
    await insertRequest(restaurant.id, table2.id, today, {
      status: 'dismissed',
      updatedAt: today + 60 * MIN,
      resolvedAt: today + 60 * MIN,
    });
    const elsewhere = await makeFloor(t);
    await insertRequest(
      elsewhere.restaurant.id,
      elsewhere.table.id,
      today,
      completed(today + HOUR),
    );

    expect(await dashboard(restaurant.id, adminCookie)).toMatchObject({
      totalTables: 3,
      activeServers: 0,
      requestsToday: 4,
      // (2 + 3.5) / 2 = 2.75 minutes, to one decimal, half up.
      avgResponseMinutes: 2.8,
    });
  });

  it('answers zeros, a null average and empty lists for a new restaurant', async () => {
    const { admin, adminCookie } = await makeFloor(t);
    const empty = await makeRestaurant(t, admin.user.id);
    expect(await dashboard(empty.id, adminCookie)).toMatchObject({
      totalTables: 0,
      activeServers: 0,
      requestsToday: 0,
      avgResponseMinutes: null,
      recentActivity: [],
      servers: [],
    });
  });

  it('ignores ?since= (the day is the restaurant’s, computed by the database)', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const res = await request(t, 'GET', `/api/restaurants/${restaurant.id}/dashboard?since=abc`, {
      cookie: adminCookie,
    });
    expect(res.statusCode).toBe(200);
  });

  it('is for the owning admin only (404 for another owner, 403 for a server)', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const get = (id: string, cookie: string) =>
      request(t, 'GET', `/api/restaurants/${id}/dashboard`, { cookie });
    expect((await get(a.restaurant.id, b.adminCookie)).statusCode).toBe(404);
    expect((await get(a.restaurant.id, a.serverCookie)).statusCode).toBe(403);
    const missing = await get('no-such-restaurant', a.adminCookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toEqual(expect.any(String));
  });
});

describe("today in the restaurant's time zone", () => {
  // 2026-03-10 23:45 in New York (EDT, UTC−4 since 8 March) is 2026-03-11 03:45 UTC.
  const nyNow = Date.UTC(2026, 2, 11, 3, 45);
  const nyMidnight = Date.UTC(2026, 2, 10, 4, 0);

  it('counts a request at 23:30 local as today, and 23:59 the day before as yesterday', async () => {
    const { restaurant, table } = await makeFloor(t);
    await setZone(restaurant.id, 'America/New_York');
    await insertRequest(restaurant.id, table.id, Date.UTC(2026, 2, 11, 3, 30)); // 23:30 local, 10 March
    await insertRequest(restaurant.id, table.id, nyMidnight); // 00:00 local, 10 March
    await insertRequest(restaurant.id, table.id, nyMidnight - MIN); // 23:59 local, 9 March
    const figures = await dashboardFigures(t.database.db, restaurant.id, nyNow, 0);
    expect(figures).toMatchObject({
      timeZone: 'America/New_York',
      dayStart: nyMidnight,
      requestsToday: 2,
    });
    // The same rows in UTC: it is already 11 March there, and all three belong to earlier days but the 23:30.
    await setZone(restaurant.id, 'UTC');
    expect(await dashboardFigures(t.database.db, restaurant.id, nyNow, 0)).toMatchObject({
      dayStart: Date.UTC(2026, 2, 11),
      requestsToday: 1,
    });
  });

  it('follows a zone ahead of UTC and a day of 23 hours (DST starts)', async () => {
    const { restaurant, table } = await makeFloor(t);
    // Auckland, UTC+13 in January: 00:10 local on 15 January is 11:10 UTC on the 14th.
    await setZone(restaurant.id, 'Pacific/Auckland');
    const aklNow = Date.UTC(2026, 0, 14, 11, 10);
    await insertRequest(restaurant.id, table.id, Date.UTC(2026, 0, 14, 11, 5)); // 00:05 local: today
    await insertRequest(restaurant.id, table.id, Date.UTC(2026, 0, 14, 10, 55)); // 23:55 local: yesterday
    expect(await dashboardFigures(t.database.db, restaurant.id, aklNow, 0)).toMatchObject({
      dayStart: Date.UTC(2026, 0, 14, 11, 0),
      requestsToday: 1,
    });
    // New York on 8 March 2026 (clocks go forward at 02:00): the day began at 05:00 UTC (still EST, UTC−5).
    await setZone(restaurant.id, 'America/New_York');
    expect(
      (await dashboardFigures(t.database.db, restaurant.id, Date.UTC(2026, 2, 9, 3, 0), 0))
        ?.dayStart,
    ).toBe(Date.UTC(2026, 2, 8, 5, 0));
  });

  it("computes the servers' median of today in the restaurant's zone", async () => {
    const { restaurant, table, server } = await makeFloor(t);
    await setZone(restaurant.id, 'America/New_York');
    const takenAt = (created: number, waitSec: number) => ({
      status: 'acknowledged' as const,
      acknowledgedAt: created + waitSec * SEC,
      acknowledgedBy: server.user.id,
    });
    const late = Date.UTC(2026, 2, 11, 3, 30); // 23:30 local: today
    await insertRequest(restaurant.id, table.id, late, takenAt(late, 30));
    await insertRequest(restaurant.id, table.id, late - 2 * HOUR, takenAt(late - 2 * HOUR, 50));
    // Completed directly, never taken: the completion is the first response.
    await insertRequest(
      restaurant.id,
      table.id,
      late - HOUR,
      completed(late - HOUR + 90 * SEC, server.user.id),
    );
    // Taken yesterday local (23:50 → 23:55 on 9 March): not today.
    await insertRequest(
      restaurant.id,
      table.id,
      nyMidnight - 10 * MIN,
      takenAt(nyMidnight - 10 * MIN, 300),
    );
    // Server Status reads "today" as the figures fixed it, in the restaurant's zone.
    const figures = await dashboardFigures(t.database.db, restaurant.id, nyNow, 0);
    expect(figures!.dayStart).toBe(nyMidnight);
    const [row] = await serverStatus(t.database.db, restaurant.id, figures!.dayStart, 0);
    expect(row).toMatchObject({ id: server.user.id, medianAckSecondsToday: 50 });
  });
});

describe('Active Servers and Server Status: consoles open now (decision 044)', () => {
  it('counts a server while a console is open on this instance, once however many, and never an admin', async () => {
    const { restaurant, server, serverCookie, adminCookie } = await makeFloor(t);
    const idle = await makeServer(t, restaurant.id);
    await signInServer(t, idle); // signed in, no console: not active (the old rule counted sessions)
    expect((await dashboard(restaurant.id, adminCookie)).activeServers).toBe(0);

    const admin = await connectLive(base, adminCookie);
    await admin.next('hello');
    const first = await connectLive(base, serverCookie);
    const second = await connectLive(base, serverCookie);
    // The admin's console is told, so the open dashboard refetches.
    await admin.until((e) => e.type === 'presence.changed' && e.restaurantId === restaurant.id);
    let d = await eventually(restaurant.id, adminCookie, (x) => x.activeServers === 1);
    expect(d.activeServers).toBe(1);
    expect(d.servers.find((s) => s.id === server.user.id)?.online).toBe(true);
    expect(d.servers.find((s) => s.id === idle.user.id)?.online).toBe(false);

    first.ws.close();
    await first.closed;
    await new Promise((r) => setTimeout(r, 100));
    expect((await dashboard(restaurant.id, adminCookie)).activeServers).toBe(1);

    admin.events.length = 0;
    second.ws.close();
    await second.closed;
    await admin.next('presence.changed');
    d = await eventually(restaurant.id, adminCookie, (x) => x.activeServers === 0);
    expect(d.activeServers).toBe(0);
    expect(d.servers.every((s) => !s.online)).toBe(true);
    admin.ws.close();
  });

  it("a server's console is not told when colleagues come and go", async () => {
    const { restaurant, serverCookie } = await makeFloor(t);
    const colleague = await makeServer(t, restaurant.id);
    const watcher = await connectLive(base, serverCookie);
    await watcher.next('hello');
    const other = await connectLive(base, await signInServer(t, colleague));
    await other.next('hello');
    other.ws.close();
    await other.closed;
    await new Promise((r) => setTimeout(r, 200));
    expect(watcher.all.some((e) => e.type === 'presence.changed')).toBe(false);
    watcher.ws.close();
  });

  it("counts another live instance's rows, not a gone one's (a crashed instance ages out)", async () => {
    const { restaurant, server, adminCookie } = await makeFloor(t);
    const crashed = await makeServer(t, restaurant.id);
    const now = Date.now();
    const other = `other-${randomUUID()}`;
    const gone = `crashed-${randomUUID()}`;
    await t.database.db.insert(presenceInstances).values([
      { instanceId: other, seenAt: now },
      { instanceId: gone, seenAt: now - PRESENCE_TTL_MS - SEC },
    ]);
    // Rows are written once, when a console opens: a row's own time does not matter, its instance's does.
    await t.database.db.insert(staffPresence).values([
      {
        instanceId: other,
        userId: server.user.id,
        restaurantId: restaurant.id,
        connections: 1,
        seenAt: now - 10 * PRESENCE_TTL_MS,
      },
      {
        instanceId: gone,
        userId: crashed.user.id,
        restaurantId: restaurant.id,
        connections: 2,
        seenAt: now,
      },
    ]);
    const d = await dashboard(restaurant.id, adminCookie);
    expect(d.activeServers).toBe(1);
    expect(d.servers.map((s) => [s.id, s.online])).toEqual(
      expect.arrayContaining([
        [server.user.id, true],
        [crashed.user.id, false],
      ]),
    );
    // The heartbeat sweeps the gone instance with its rows, and tells the restaurant's dashboards.
    await t.services.live['presence']?.beat();
    const rows = await t.database.db
      .select()
      .from(staffPresence)
      .where(eq(staffPresence.restaurantId, restaurant.id));
    expect(rows.map((r) => r.instanceId)).toEqual([other]);
    const instances = await t.database.db
      .select()
      .from(presenceInstances)
      .where(inArray(presenceInstances.instanceId, [other, gone]));
    expect(instances.map((i) => i.instanceId)).toEqual([other]);
  });

  it('lists every server with tables assigned now and open requests made for them', async () => {
    const { restaurant, table, server, serverCookie, adminCookie } = await makeFloor(t);
    const other = await makeServer(t, restaurant.id);
    const table2 = await makeTable(t, restaurant.id, '12');
    await makeTable(t, restaurant.id, '13');
    for (const id of [table.id, table2.id])
      expect(
        (await request(t, 'POST', `/api/tables/${id}/assign`, { cookie: serverCookie, body: {} }))
          .statusCode,
      ).toBe(200);
    await insertRequest(restaurant.id, table.id, Date.now() - MIN, { serverId: server.user.id });
    await insertRequest(restaurant.id, table.id, Date.now() - MIN, {
      serverId: server.user.id,
      status: 'acknowledged',
      acknowledgedAt: Date.now(),
      acknowledgedBy: server.user.id,
    });
    await insertRequest(restaurant.id, table.id, Date.now() - MIN, {
      serverId: server.user.id,
      ...completed(Date.now()),
    });
    const d = await dashboard(restaurant.id, adminCookie);
    const byId = new Map(d.servers.map((s) => [s.id, s]));
    expect(byId.get(server.user.id)).toMatchObject({ tablesAssigned: 2, openRequests: 2 });
    expect(byId.get(other.user.id)).toMatchObject({
      tablesAssigned: 0,
      openRequests: 0,
      medianAckSecondsToday: null,
    });
    expect(d.servers).toHaveLength(2);
  });
});

describe('Recent Activity', () => {
  it('tells presses, takes, completions, dismissals, escalations and assignments, newest first, with who', async () => {
    const { restaurant, table, server, serverCookie, adminCookie } = await makeFloor(t);
    const post = (url: string, cookie = serverCookie) =>
      request(t, 'POST', url, { cookie, body: {} });
    expect((await post(`/api/tables/${table.id}/assign`)).statusCode).toBe(200);
    // A second tap records nothing.
    expect((await post(`/api/tables/${table.id}/assign`)).statusCode).toBe(200);

    const press = await request(
      t,
      'POST',
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}/requests`,
      { body: { type: 'bill' } },
    );
    expect(press.statusCode, press.body).toBe(201);
    const requestId = guestRequestResponseSchema.parse(press.json()).request.id;
    expect((await post(`/api/requests/${requestId}/acknowledge`)).statusCode).toBe(200);
    expect((await post(`/api/requests/${requestId}/complete`)).statusCode).toBe(200);
    expect((await post(`/api/tables/${table.id}/unassign`)).statusCode).toBe(200);

    const d = await dashboard(restaurant.id, adminCookie);
    const name = server.user.name;
    expect(d.recentActivity.map((a) => [a.kind, a.tableNumber, a.requestType, a.by])).toEqual([
      ['unassigned', '3', null, name],
      ['completed', '3', 'bill', name],
      ['taken', '3', 'bill', name],
      ['pressed', '3', 'bill', null],
      ['assigned', '3', null, name],
    ]);
    expect(new Set(d.recentActivity.map((a) => a.id)).size).toBe(5);
  });

  it('shows escalations and dismissals, and only the 20 newest of everything', async () => {
    const { restaurant, table, server } = await makeFloor(t);
    const t0 = Date.UTC(2026, 4, 1, 12);
    const escalated = await insertRequest(restaurant.id, table.id, t0, {
      escalatedAt: t0 + 3 * MIN,
      status: 'dismissed',
      resolvedAt: t0 + 4 * MIN,
      resolvedBy: server.user.id,
      updatedAt: t0 + 4 * MIN,
    });
    let rows = await recentActivity(t.database.db, restaurant.id);
    expect(rows.map((r) => [r.kind, r.id, r.at, r.by])).toEqual([
      ['dismissed', escalated, t0 + 4 * MIN, server.user.name],
      ['escalated', escalated, t0 + 3 * MIN, null],
      ['pressed', escalated, t0, null],
    ]);

    for (let i = 1; i <= 12; i++)
      await insertRequest(restaurant.id, table.id, t0 + i * HOUR, completed(t0 + i * HOUR + MIN));
    await t.database.db.insert(tableAssignments).values({
      id: randomUUID(),
      restaurantId: restaurant.id,
      tableId: table.id,
      serverId: server.user.id,
      kind: 'assigned',
      at: t0 + 13 * HOUR,
    });
    rows = await recentActivity(t.database.db, restaurant.id);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({ kind: 'assigned', at: t0 + 13 * HOUR });
    const times = rows.map((r) => r.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // 1 assignment + 19 of the 24 request events of hours 12 … 3 (press and completion each).
    expect(rows.at(-1)).toMatchObject({ kind: 'completed', at: t0 + 3 * HOUR + MIN });
    // Another restaurant's events never show.
    const other = await makeFloor(t);
    expect(await recentActivity(t.database.db, other.restaurant.id)).toEqual([]);
  });
});

describe('Waiting now and Longest wait (issue 26, decision 063)', () => {
  const press = async (restaurantId: string, tableId: string) => {
    const res = await request(
      t,
      'POST',
      `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
      { body: { type: 'bill' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ request: { id: string } }>().request.id;
  };
  const act = async (action: 'acknowledge' | 'complete' | 'dismiss', id: string, cookie: string) =>
    expect((await request(t, 'POST', `/api/requests/${id}/${action}`, { cookie })).statusCode).toBe(
      200,
    );

  it('counts open requests (pending or taken) and the age of the oldest, through presses, takes and completions', async () => {
    const { restaurant, table, serverCookie, adminCookie } = await makeFloor(t);
    const table2 = await makeTable(t, restaurant.id, '21');
    expect(await dashboard(restaurant.id, adminCookie)).toMatchObject({
      waitingNow: 0,
      longestWaitSeconds: null,
    });

    // A guest has waited 5 minutes (made before today's midnight counts too: a guest is still waiting).
    const old = await insertRequest(restaurant.id, table.id, Date.now() - 5 * MIN);
    let d = await dashboard(restaurant.id, adminCookie);
    expect(d.waitingNow).toBe(1);
    expect(d.longestWaitSeconds).toBeGreaterThanOrEqual(300);
    expect(d.longestWaitSeconds).toBeLessThan(330);

    const fresh = await press(restaurant.id, table2.id);
    d = await dashboard(restaurant.id, adminCookie);
    expect(d.waitingNow).toBe(2);
    expect(d.longestWaitSeconds).toBeGreaterThanOrEqual(300);

    // Taken is still waiting: the guest has not been served yet.
    await act('acknowledge', old, serverCookie);
    expect((await dashboard(restaurant.id, adminCookie)).waitingNow).toBe(2);

    // The oldest completed: the longest wait is now the fresh press's.
    await act('complete', old, serverCookie);
    d = await dashboard(restaurant.id, adminCookie);
    expect(d.waitingNow).toBe(1);
    expect(d.longestWaitSeconds).toBeGreaterThanOrEqual(0);
    expect(d.longestWaitSeconds).toBeLessThan(60);

    await act('dismiss', fresh, serverCookie);
    expect(await dashboard(restaurant.id, adminCookie)).toMatchObject({
      waitingNow: 0,
      longestWaitSeconds: null,
    });

    // Another restaurant's waiting guests never count.
    const other = await makeFloor(t);
    await insertRequest(other.restaurant.id, other.table.id, Date.now() - HOUR);
    expect((await dashboard(restaurant.id, adminCookie)).waitingNow).toBe(0);
    expect(await dashboard(other.restaurant.id, other.adminCookie)).toMatchObject({
      waitingNow: 1,
      longestWaitSeconds: expect.any(Number),
    });
  });

  it("counts in a server's Open every request they took, also at a table not assigned to them", async () => {
    const { restaurant, table, server, serverCookie, adminCookie } = await makeFloor(t);
    const colleague = await makeServer(t, restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const unassigned = await makeTable(t, restaurant.id, '22');
    expect(
      (await request(t, 'POST', `/api/tables/${table.id}/assign`, { cookie: serverCookie }))
        .statusCode,
    ).toBe(200);

    // Pending at the server's table: the server's. Taken by the colleague at a table nobody has: the colleague's.
    await press(restaurant.id, table.id);
    const atUnassigned = await press(restaurant.id, unassigned.id);
    await act('acknowledge', atUnassigned, colleagueCookie);
    let byId = new Map((await dashboard(restaurant.id, adminCookie)).servers.map((s) => [s.id, s]));
    expect(byId.get(server.user.id)).toMatchObject({ tablesAssigned: 1, openRequests: 1 });
    expect(byId.get(colleague.user.id)).toMatchObject({ tablesAssigned: 0, openRequests: 1 });

    // Made for the server, then the table moved on: the taker answers for it, not the table's old server.
    const handedOver = await insertRequest(restaurant.id, table.id, Date.now() - MIN, {
      serverId: server.user.id,
      status: 'acknowledged',
      acknowledgedAt: Date.now(),
      acknowledgedBy: colleague.user.id,
    });
    byId = new Map((await dashboard(restaurant.id, adminCookie)).servers.map((s) => [s.id, s]));
    expect(byId.get(server.user.id)?.openRequests).toBe(1);
    expect(byId.get(colleague.user.id)?.openRequests).toBe(2);

    // Completed: no longer anyone's.
    await act('complete', atUnassigned, colleagueCookie);
    await act('complete', handedOver, adminCookie);
    byId = new Map((await dashboard(restaurant.id, adminCookie)).servers.map((s) => [s.id, s]));
    expect(byId.get(colleague.user.id)?.openRequests).toBe(0);
    expect(byId.get(server.user.id)?.openRequests).toBe(1);
  });
});
