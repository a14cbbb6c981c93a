/**
 * Service timers (issue 27 item 6, decision 097): the visits sweep reminds the table's server of a party seated N
 * minutes with no order request, and of a bill still open N minutes after it was pressed — on the sweep's clock, at
 * most once per visit and kind (even with two sweeps at once), never when the setting is off. A reminder is a request
 * of a staff-only type: routed like the press, taken / done like any call, but never on the guest page or its live
 * channel, never in analytics or usual waits, never escalated, never the cool-down's; Clear table dismisses it. Runs
 * on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { and, eq } from 'drizzle-orm';
import { requests, restaurants, tables } from '../../db/schema';
import {
  guestTableResponseSchema,
  requestsResponseSchema,
  restaurantSchema,
  type Restaurant,
} from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeFloor, makeServer, signInServer } from '../../../../tests/support/factories';
import { connectLive } from '../../../../tests/support/live-socket';
import { USUAL_WAIT_MIN_ANSWERED } from '../guest/usual-waits';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

type Floor = Awaited<ReturnType<typeof makeFloor>>;
const MINUTE = 60_000;

let calls = 0;
const address = () => `10.97.${Math.floor(++calls / 250)}.${calls % 250}`;
const guest = (f: Floor) => `/api/public/restaurants/${f.restaurant.id}/tables/${f.table.id}`;
const press = async (f: Floor, type = 'order') => {
  const res = await request(t, 'POST', `${guest(f)}/requests`, {
    body: { type },
    remoteAddress: address(),
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ request: { id: string; createdAt: number } }>().request;
};
const act = (id: string, action: 'acknowledge' | 'complete' | 'dismiss', cookie: string) =>
  request(t, 'POST', `/api/requests/${id}/${action}`, { cookie });
const settings = (f: Floor, body: Record<string, unknown>, cookie = f.adminCookie) =>
  request(t, 'PATCH', `/api/restaurants/${f.restaurant.id}`, { body, cookie });
const seat = async (f: Floor) => {
  expect(
    (await request(t, 'POST', `/api/tables/${f.table.id}/seat`, { cookie: f.serverCookie }))
      .statusCode,
  ).toBe(200);
  return (await tableRow(f.table.id)).seatedAt!;
};
const tableRow = async (id: string) =>
  (await t.database.db.select().from(tables).where(eq(tables.id, id)))[0]!;
const requestRow = async (id: string) =>
  (await t.database.db.select().from(requests).where(eq(requests.id, id)))[0]!;
const remindersOf = (tableId: string) =>
  t.database.db
    .select()
    .from(requests)
    .where(and(eq(requests.tableId, tableId), eq(requests.type, 'reminder_order')))
    .then(async (orders) => [
      ...orders,
      ...(await t.database.db
        .select()
        .from(requests)
        .where(and(eq(requests.tableId, tableId), eq(requests.type, 'reminder_bill')))),
    ]);
const sweep = (now: number) => t.services.visits.sweep(now);
const guestPage = async (f: Floor) => {
  const res = await request(t, 'GET', guest(f), { remoteAddress: address() });
  expect(res.statusCode).toBe(200);
  return guestTableResponseSchema.parse(res.json());
};
const consoleList = async (f: Floor, cookie: string) => {
  const res = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/requests`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return requestsResponseSchema.parse(res.json()).pending;
};
/** A floor whose table the floor's server has taken for themselves, with the timers set (minutes). */
async function floorWithTimers(order: number | null, bill: number | null) {
  const f = await makeFloor(t);
  const res = await settings(f, { orderReminderMinutes: order, billReminderMinutes: bill });
  expect(res.statusCode, res.body).toBe(200);
  const assigned = await request(t, 'POST', `/api/tables/${f.table.id}/assign`, {
    cookie: f.serverCookie,
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return f;
}

describe('the settings (decision 097)', () => {
  it('are off by default, set and cleared by the owner in whole minutes within bounds', async () => {
    const f = await makeFloor(t);
    const read = async () =>
      restaurantSchema.parse(
        (
          await request(t, 'GET', `/api/restaurants/${f.restaurant.id}`, { cookie: f.adminCookie })
        ).json<{ restaurant: Restaurant }>().restaurant,
      );
    expect(await read()).toMatchObject({ orderReminderMinutes: null, billReminderMinutes: null });
    expect(
      (await settings(f, { orderReminderMinutes: 20, billReminderMinutes: 10 })).statusCode,
    ).toBe(200);
    expect(await read()).toMatchObject({ orderReminderMinutes: 20, billReminderMinutes: 10 });
    // Leaving a field out keeps it; null turns it off.
    expect((await settings(f, { orderReminderMinutes: null })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ orderReminderMinutes: null, billReminderMinutes: 10 });
    for (const bad of [0, 241, 2.5, '10'])
      expect((await settings(f, { billReminderMinutes: bad })).statusCode).toBe(400);
    // A server may not change them.
    expect((await settings(f, { billReminderMinutes: 5 }, f.serverCookie)).statusCode).toBe(403);
  });
});

describe('the order reminder', () => {
  it('comes N minutes after the party sat down with no order, not before, once, to the table’s server', async () => {
    const f = await floorWithTimers(10, null);
    const colleague = await makeServer(t, f.restaurant.id, '5678');
    const colleagueCookie = await signInServer(t, colleague);
    const staff = await connectLive(base, f.serverCookie);
    const seatedAt = await seat(f);

    expect((await sweep(seatedAt + 10 * MINUTE - 1)).reminders).toEqual([]);
    expect(await remindersOf(f.table.id)).toEqual([]);

    const { reminders } = await sweep(seatedAt + 10 * MINUTE);
    expect(reminders).toHaveLength(1);
    const [made] = reminders;
    expect(made).toMatchObject({ type: 'reminder_order' });
    const row = await requestRow(made!.id);
    expect(row).toMatchObject({
      type: 'reminder_order',
      status: 'pending',
      serverId: f.server.user.id,
      tableId: f.table.id,
      visitId: (await tableRow(f.table.id)).visitId,
    });
    // Live to the table's server, on their console; not on a colleague's.
    const created = await staff.until(
      (e) => e.type === 'request.created' && e.request.id === made!.id,
    );
    expect(created).toMatchObject({ request: { type: 'reminder_order', overdue: false } });
    expect((await consoleList(f, f.serverCookie)).map((r) => r.id)).toContain(made!.id);
    expect((await consoleList(f, colleagueCookie)).map((r) => r.id)).not.toContain(made!.id);
    expect((await consoleList(f, f.adminCookie)).map((r) => r.id)).toContain(made!.id);
    staff.ws.close();

    // Later sweeps never remind this party again, even once the reminder is handled.
    expect((await act(made!.id, 'complete', f.serverCookie)).statusCode).toBe(200);
    expect((await sweep(seatedAt + 60 * MINUTE)).reminders).toEqual([]);
    expect(await remindersOf(f.table.id)).toHaveLength(1);
  });

  it('is made once by two sweeps at the same moment (two instances)', async () => {
    const f = await floorWithTimers(5, 5);
    const seatedAt = await seat(f);
    const bill = await press(f, 'bill');
    const now = Math.max(seatedAt, bill.createdAt) + 6 * MINUTE;
    // A second VisitsService would share the same statements; two sweeps at once on the one database stand for it.
    const [a, b] = await Promise.all([sweep(now), sweep(now)]);
    expect([...a.reminders, ...b.reminders].map((r) => r.type).sort()).toEqual(['reminder_bill']);
    await Promise.all([sweep(now + MINUTE), sweep(now + MINUTE)]);
    expect((await remindersOf(f.table.id)).map((r) => r.type)).toEqual(['reminder_bill']);
  });

  it('is not made when the party ordered (or asked for the bill), nor when the setting is off', async () => {
    const ordered = await floorWithTimers(10, null);
    const seatedAt = await seat(ordered);
    await press(ordered, 'order');
    expect((await sweep(seatedAt + 30 * MINUTE)).reminders).toEqual([]);

    const off = await floorWithTimers(null, null);
    const offSeated = await seat(off);
    await press(off, 'bill');
    expect((await sweep(offSeated + 10 * 60 * MINUTE)).reminders).toEqual([]);
    expect(await remindersOf(off.table.id)).toEqual([]);
  });
});

describe('the bill reminder', () => {
  it('comes N minutes after Get Bill while the bill is still open, not before, and not for a bill done in time', async () => {
    const f = await floorWithTimers(null, 5);
    const bill = await press(f, 'bill');
    expect((await act(bill.id, 'acknowledge', f.serverCookie)).statusCode).toBe(200);
    expect((await sweep(bill.createdAt + 5 * MINUTE - 1)).reminders).toEqual([]);
    const { reminders } = await sweep(bill.createdAt + 5 * MINUTE);
    expect(reminders.map((r) => r.type)).toEqual(['reminder_bill']);
    expect(await requestRow(reminders[0]!.id)).toMatchObject({ serverId: f.server.user.id });

    const done = await floorWithTimers(null, 5);
    const paid = await press(done, 'bill');
    expect((await act(paid.id, 'complete', done.serverCookie)).statusCode).toBe(200);
    expect((await sweep(paid.createdAt + 10 * MINUTE)).reminders).toEqual([]);
  });
});

describe('a reminder is the staff’s alone', () => {
  it('never reaches the guest page, its re-check or the table’s live channel, nor starts or ends the cool-down', async () => {
    const f = await floorWithTimers(null, 1);
    const socket = new WebSocket(`${base.replace('http', 'ws')}${guest(f)}/live`, { origin: base });
    const frames: { type: string; request?: { id: string; type: string } }[] = [];
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    for (let i = 0; i < 200 && t.services.live.hub.guestSize < 1; i++)
      await new Promise((r) => setTimeout(r, 10));

    const bill = await press(f, 'bill');
    const cooldownAt = (await tableRow(f.table.id)).lastRequestAt;
    const { reminders } = await sweep(bill.createdAt + 2 * MINUTE);
    const reminderId = reminders[0]!.id;
    // The press's cool-down is untouched by the reminder…
    expect((await tableRow(f.table.id)).lastRequestAt).toBe(cooldownAt);
    // … and by handling it.
    expect((await act(reminderId, 'dismiss', f.serverCookie)).statusCode).toBe(200);
    expect((await tableRow(f.table.id)).lastRequestAt).toBe(cooldownAt);

    // The guest's page and its 15 s re-check show the bill only.
    expect((await guestPage(f)).openRequests.map((r) => r.id)).toEqual([bill.id]);
    const recheck = await request(t, 'GET', `${guest(f)}/cooldown`, { remoteAddress: address() });
    if (recheck.statusCode === 200)
      expect(
        recheck.json<{ openRequests: { id: string }[] }>().openRequests.map((r) => r.id),
      ).toEqual([bill.id]);

    // The guest channel hears the bill's take (sent after the reminder's events), never the reminder.
    expect((await act(bill.id, 'acknowledge', f.serverCookie)).statusCode).toBe(200);
    for (
      let i = 0;
      i < 300 && !frames.some((x) => x.request?.id === bill.id && x.type === 'table.request');
      i++
    )
      await new Promise((r) => setTimeout(r, 10));
    expect(frames.some((x) => x.request?.id === bill.id)).toBe(true);
    expect(frames.some((x) => x.request?.id === reminderId)).toBe(false);
    expect(JSON.stringify(frames)).not.toContain('reminder_');
    socket.close();
  });

  it('is never escalated, and counts in no analytics, dashboard or usual wait', async () => {
    const f = await floorWithTimers(1, null);
    const seatedAt = await seat(f);
    const { reminders } = await sweep(seatedAt + 2 * MINUTE);
    expect(reminders).toHaveLength(1);
    const reminderId = reminders[0]!.id;
    // Hours later the escalation sweep leaves it alone.
    const escalated = await t.services.escalation.sweep(Date.now() + 60 * MINUTE);
    expect(escalated.map((r) => r.id)).not.toContain(reminderId);
    expect((await requestRow(reminderId)).escalatedAt).toBeNull();
    expect((await act(reminderId, 'acknowledge', f.serverCookie)).statusCode).toBe(200);
    expect((await act(reminderId, 'complete', f.serverCookie)).statusCode).toBe(200);

    const analytics = await request(
      t,
      'GET',
      `/api/restaurants/${f.restaurant.id}/analytics?period=day`,
      {
        cookie: f.adminCookie,
      },
    );
    expect(analytics.statusCode, analytics.body).toBe(200);
    const figures = analytics.json<{ totals: { count: number }; types: { type: string }[] }>();
    expect(figures.totals.count).toBe(0);
    expect(figures.types.map((r) => r.type)).not.toContain('reminder_order');
    const dashboard = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/dashboard`, {
      cookie: f.adminCookie,
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const board = dashboard.json<{
      requestsToday: number;
      waitingNow: number;
      recentActivity: { requestType: string | null }[];
    }>();
    expect(board).toMatchObject({ requestsToday: 0, waitingNow: 0 });
    // Only the table's assignment: no event of the reminder.
    expect(board.recentActivity.map((a) => a.requestType)).toEqual([null]);

    // Usual waits: as many answered reminders at this hour as would show a type's median show nothing.
    const now = Date.now();
    await t.database.db.insert(requests).values(
      Array.from({ length: USUAL_WAIT_MIN_ANSWERED + 2 }, (_, i) => ({
        id: randomUUID(),
        restaurantId: f.restaurant.id,
        tableId: f.table.id,
        type: 'reminder_bill' as const,
        status: 'completed' as const,
        createdAt: now - (i + 1) * 86_400_000,
        updatedAt: now - (i + 1) * 86_400_000 + MINUTE,
        acknowledgedAt: now - (i + 1) * 86_400_000 + MINUTE,
        resolvedAt: now - (i + 1) * 86_400_000 + MINUTE,
      })),
    );
    expect((await guestPage(f)).usualWaits).toEqual({});
  });

  it('is dismissed with the rest when the table is cleared, and with its visit when the sweep closes it', async () => {
    const f = await floorWithTimers(1, null);
    const seatedAt = await seat(f);
    const [made] = (await sweep(seatedAt + 2 * MINUTE)).reminders;
    const cleared = await request(t, 'POST', `/api/tables/${f.table.id}/clear`, {
      cookie: f.serverCookie,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await requestRow(made!.id)).toMatchObject({
      status: 'dismissed',
      resolvedBy: f.server.user.id,
    });

    // A party that sat, was reminded, and left unnoticed: the idle close takes the reminder with it.
    const g = await floorWithTimers(1, null);
    const gSeated = await seat(g);
    const [idle] = (await sweep(gSeated + 2 * MINUTE)).reminders;
    const later = Date.now() + 5 * 60 * MINUTE;
    const swept = await sweep(later);
    const visitId = (await requestRow(idle!.id)).visitId;
    expect(swept.closed).toContainEqual(
      expect.objectContaining({ id: visitId, reason: 'idle', dismissedIds: [idle!.id] }),
    );
    expect(await requestRow(idle!.id)).toMatchObject({ status: 'dismissed' });
  });
});

describe('tenancy', () => {
  it('another restaurant’s staff cannot see or act on a reminder, nor change the timers', async () => {
    const a = await floorWithTimers(1, null);
    const b = await floorWithTimers(1, null);
    const seatedAt = await seat(a);
    const [made] = (await sweep(seatedAt + 2 * MINUTE)).reminders;
    expect(made).toBeDefined();
    // B's table was never seated: no reminder there.
    expect(await remindersOf(b.table.id)).toEqual([]);
    for (const cookie of [b.serverCookie, b.adminCookie])
      expect((await act(made!.id, 'acknowledge', cookie)).statusCode).toBe(404);
    expect((await consoleList(b, b.adminCookie)).map((r) => r.id)).not.toContain(made!.id);
    expect((await settings(a, { orderReminderMinutes: 30 }, b.adminCookie)).statusCode).toBe(404);
    const [row] = await t.database.db
      .select({ order: restaurants.orderReminderMinutes })
      .from(restaurants)
      .where(eq(restaurants.id, a.restaurant.id));
    expect(row?.order).toBe(1);
  });
});
