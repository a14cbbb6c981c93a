/**
 * Issue 12, closing the loop on the floor (docs/decisions/028-030): acknowledge ("On my way"), complete and
 * dismiss as conditional transitions with their refusals, who may act on which request, what escalation and the
 * dashboard make of them, the table's state on the guest endpoint, and the shift history.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requests, restaurants } from '../../db/schema';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeServer,
  makeSuperAdmin,
  makeTable,
  signInPassword,
  signInServer,
} from '../../../../tests/support/factories';
import { createPinServer } from '../users/users.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
});
afterAll(() => t.close());

const press = async (restaurantId: string, tableId: string, type = 'bill') => {
  const res = await request(
    t,
    'POST',
    `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
    { body: { type } },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ request: { id: string } }>().request.id;
};
const act = (action: 'acknowledge' | 'complete' | 'dismiss', id: string, cookie?: string) =>
  request(t, 'POST', `/api/requests/${id}/${action}`, cookie ? { cookie } : {});
const rowOf = async (id: string) =>
  (await t.database.db.select().from(requests).where(eq(requests.id, id)))[0]!;

/** A server with a real first name (what the guest is told). */
async function namedServer(restaurantId: string, name: string) {
  const loginId = 'n' + randomBytes(4).toString('hex');
  const user = await createPinServer(t.database.db, { restaurantId, name, loginId, pin: '1234' });
  return { user, cookie: await signInServer(t, { loginId, pin: '1234' }) };
}

describe('acknowledge ("On my way")', () => {
  it('takes a pending request: status, who and when, in the console list', async () => {
    const f = await makeFloor(t);
    const anna = await namedServer(f.restaurant.id, 'Anna Berg');
    const id = await press(f.restaurant.id, f.table.id);
    const res = await act('acknowledge', id, anna.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const taken = res.json().request;
    expect(taken).toMatchObject({
      id,
      status: 'acknowledged',
      acknowledgedBy: { id: anna.user.id, name: 'Anna Berg' },
      resolvedAt: null,
      resolvedBy: null,
      overdue: false,
    });
    expect(taken.acknowledgedAt).toBeGreaterThanOrEqual(taken.createdAt);
    // Still open: every console lists it, with who took it (no double coverage).
    const list = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/requests`, {
      cookie: f.serverCookie,
    });
    expect(list.json().pending).toEqual([taken]);
  });

  it('of two servers taking at once, exactly one wins; the other gets 409 naming who took it', async () => {
    const f = await makeFloor(t);
    const anna = await namedServer(f.restaurant.id, 'Anna Berg');
    const ben = await namedServer(f.restaurant.id, 'Ben Ode');
    const id = await press(f.restaurant.id, f.table.id);
    const [a, b] = await Promise.all([
      act('acknowledge', id, anna.cookie),
      act('acknowledge', id, ben.cookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winner = a.statusCode === 200 ? 'Anna Berg' : 'Ben Ode';
    expect(loser.json().error).toEqual({
      code: 'request_taken',
      message: `${winner} is already on it.`,
      values: { name: winner },
    });
    expect((await rowOf(id)).acknowledgedBy).toBe(
      a.statusCode === 200 ? anna.user.id : ben.user.id,
    );
  });

  it('is harmless twice by the same server (a double tap), and keeps the first time', async () => {
    const f = await makeFloor(t);
    const id = await press(f.restaurant.id, f.table.id);
    const first = await act('acknowledge', id, f.serverCookie);
    const again = await act('acknowledge', id, f.serverCookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().request.acknowledgedAt).toBe(first.json().request.acknowledgedAt);
  });

  it('refuses a completed or dismissed request with 409 and leaves it as it is', async () => {
    const f = await makeFloor(t);
    const done = await press(f.restaurant.id, f.table.id);
    await act('complete', done, f.serverCookie);
    const res = await act('acknowledge', done, f.serverCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'request_completed',
      message: 'This request was already completed.',
      messageId: 'requestAlreadyCompleted',
    });
    const table2 = await makeTable(t, f.restaurant.id, '31');
    const gone = await press(f.restaurant.id, table2.id);
    await act('dismiss', gone, f.serverCookie);
    const res2 = await act('acknowledge', gone, f.serverCookie);
    expect(res2.statusCode).toBe(409);
    expect(res2.json().error.code).toBe('request_dismissed');
    expect((await rowOf(gone)).acknowledgedAt).toBeNull();
  });

  it('stops escalation: a taken request is never overdue and the sweep leaves it alone', async () => {
    const f = await makeFloor(t);
    const id = await press(f.restaurant.id, f.table.id);
    await act('acknowledge', id, f.serverCookie);
    const later = Date.now() + 60 * 60_000;
    expect(await t.services.escalation.sweep(later)).not.toContain(id);
    expect((await rowOf(id)).escalatedAt).toBeNull();
  });
});

describe('complete and dismiss', () => {
  it('completes a taken request (the one who took it) with who and when', async () => {
    const f = await makeFloor(t);
    const id = await press(f.restaurant.id, f.table.id);
    await act('acknowledge', id, f.serverCookie);
    const res = await act('complete', id, f.serverCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({
      status: 'completed',
      resolvedBy: { id: f.server.user.id },
      acknowledgedBy: { id: f.server.user.id },
    });
    const list = (
      await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/requests`, {
        cookie: f.serverCookie,
      })
    ).json();
    expect(list.pending).toEqual([]);
    expect(list.completed.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('completes a pending request directly (one tap, as before), with no acknowledgement', async () => {
    const f = await makeFloor(t);
    const id = await press(f.restaurant.id, f.table.id);
    const res = await act('complete', id, f.serverCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'completed', acknowledgedAt: null });
  });

  it('dismisses a pending or a taken request; it leaves every list and is not completed', async () => {
    const f = await makeFloor(t);
    const pending = await press(f.restaurant.id, f.table.id);
    const table2 = await makeTable(t, f.restaurant.id, '32');
    const taken = await press(f.restaurant.id, table2.id);
    await act('acknowledge', taken, f.serverCookie);
    for (const id of [pending, taken]) {
      const res = await act('dismiss', id, f.adminCookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().request).toMatchObject({
        status: 'dismissed',
        resolvedBy: { id: f.admin.user.id },
      });
    }
    const list = (
      await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/requests`, {
        cookie: f.serverCookie,
      })
    ).json();
    expect(list.pending).toEqual([]);
    expect(list.completed).toEqual([]);
    // Dismissing twice is harmless; completing a dismissed request is not possible.
    expect((await act('dismiss', pending, f.serverCookie)).statusCode).toBe(200);
    const complete = await act('complete', pending, f.serverCookie);
    expect(complete.statusCode).toBe(409);
    expect(complete.json().error).toEqual({
      code: 'request_dismissed',
      message: 'This request was dismissed.',
      messageId: 'requestAlreadyDismissed',
    });
    expect((await rowOf(pending)).status).toBe('dismissed');
  });

  it('refuses to dismiss a completed request (409), and keeps it completed', async () => {
    const f = await makeFloor(t);
    const id = await press(f.restaurant.id, f.table.id);
    await act('complete', id, f.serverCookie);
    const res = await act('dismiss', id, f.serverCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('request_completed');
    expect((await rowOf(id)).status).toBe('completed');
  });

  it('never counts a dismissed request in the average response time', async () => {
    const f = await makeFloor(t);
    const completed = await press(f.restaurant.id, f.table.id);
    const table2 = await makeTable(t, f.restaurant.id, '33');
    const dismissed = await press(f.restaurant.id, table2.id);
    // The average counts requests made today in the restaurant's zone: in the first minutes after UTC midnight a
    // request made 10 minutes ago was made yesterday there. A fixed zone whose clock is far from midnight now
    // (UTC−6 when it is before 03:00 UTC) keeps the test meaning the same at any hour.
    await t.database.db
      .update(restaurants)
      .set({ timeZone: new Date().getUTCHours() < 3 ? 'Etc/GMT+6' : 'UTC' })
      .where(eq(restaurants.id, f.restaurant.id));
    const created = Date.now() - 10 * 60_000;
    // Completed after 2 minutes; the dismissed one after an hour — it must not pull the average up.
    await t.database.db
      .update(requests)
      .set({ createdAt: created, updatedAt: created + 2 * 60_000 })
      .where(eq(requests.id, completed));
    await act('complete', completed, f.serverCookie);
    await t.database.db
      .update(requests)
      .set({ createdAt: created - 60 * 60_000 })
      .where(eq(requests.id, dismissed));
    await act('dismiss', dismissed, f.serverCookie);
    const dashboard = await request(
      t,
      'GET',
      `/api/restaurants/${f.restaurant.id}/dashboard?since=${Date.now() - 3_600_000}`,
      { cookie: f.adminCookie },
    );
    expect(dashboard.statusCode).toBe(200);
    // Completed now: about 10 minutes after its (moved) creation; a dismissed hour would make it ~40.
    expect(dashboard.json().avgResponseMinutes).toBeGreaterThan(9);
    expect(dashboard.json().avgResponseMinutes).toBeLessThan(11);
  });
});

describe('who may act on which request (decision 028)', () => {
  it('lets a server act only on requests they may see (own and unassigned tables); others are 404', async () => {
    const f = await makeFloor(t);
    const colleague = await makeServer(t, f.restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const theirs = await makeTable(t, f.restaurant.id, '40');
    await request(t, 'POST', `/api/tables/${theirs.id}/assign`, { cookie: colleagueCookie });
    const id = await press(f.restaurant.id, theirs.id);
    for (const action of ['acknowledge', 'complete', 'dismiss'] as const) {
      const res = await act(action, id, f.serverCookie);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().error.code).toBe('request_not_found');
    }
    expect((await rowOf(id)).status).toBe('pending');
    expect((await act('acknowledge', id, colleagueCookie)).statusCode).toBe(200);
  });

  it('lets the restaurant’s admin take, complete and dismiss; refuses other tenants, guests and the super admin', async () => {
    const f = await makeFloor(t);
    const other = await makeFloor(t);
    const superAdmin = await makeSuperAdmin(t);
    const superCookie = await signInPassword(t, superAdmin);
    const id = await press(f.restaurant.id, f.table.id);
    for (const action of ['acknowledge', 'complete', 'dismiss'] as const) {
      expect((await act(action, id)).statusCode, action).toBe(401);
      expect((await act(action, id, other.adminCookie)).statusCode, action).toBe(404);
      expect((await act(action, id, other.serverCookie)).statusCode, action).toBe(404);
      expect((await act(action, id, superCookie)).statusCode, action).toBe(403);
    }
    expect((await rowOf(id)).status).toBe('pending');
    expect((await act('acknowledge', id, f.adminCookie)).statusCode).toBe(200);
    expect((await act('complete', id, f.adminCookie)).statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      status: 'completed',
      acknowledgedBy: f.admin.user.id,
      resolvedBy: f.admin.user.id,
    });
  });

  it('answers 404 for an unknown request', async () => {
    const f = await makeFloor(t);
    expect((await act('acknowledge', 'no-such-request', f.serverCookie)).statusCode).toBe(404);
  });
});

describe('the guest sees the truth (decision 029)', () => {
  const guestTable = (restaurantId: string, tableId: string) =>
    request(t, 'GET', `/api/public/restaurants/${restaurantId}/tables/${tableId}`);

  it('returns the table’s open request with the taker’s first name, and nothing of staff ids', async () => {
    const f = await makeFloor(t);
    const anna = await namedServer(f.restaurant.id, 'Anna Berg');
    const id = await press(f.restaurant.id, f.table.id, 'refill');
    const sent = (await guestTable(f.restaurant.id, f.table.id)).json();
    expect(sent.openRequests).toEqual([
      {
        id,
        type: 'refill',
        status: 'pending',
        createdAt: expect.any(Number) as number,
        acknowledgedAt: null,
        takenBy: null,
        note: null,
        urgent: false,
        billMethod: null,
      },
    ]);
    await act('acknowledge', id, anna.cookie);
    const res = await guestTable(f.restaurant.id, f.table.id);
    expect(res.json().openRequests).toEqual([
      expect.objectContaining({ id, status: 'acknowledged', takenBy: 'Anna' }),
    ]);
    expect(res.body).not.toContain(anna.user.id);
    expect(res.body).not.toContain('Berg');
    // The 15 s re-check carries the same state, so a page that missed the live event catches up.
    const recheck = await request(
      t,
      'GET',
      `/api/public/restaurants/${f.restaurant.id}/tables/${f.table.id}/cooldown`,
    );
    expect(recheck.json().openRequests).toEqual(res.json().openRequests);
    expect(recheck.json().cooldownRemainingSeconds).toBeGreaterThan(0);
    // Done: nothing open any more.
    await act('complete', id, anna.cookie);
    expect((await guestTable(f.restaurant.id, f.table.id)).json().openRequests).toEqual([]);
  });

  it('names nobody when the restaurant turns showServerNames off', async () => {
    const f = await makeFloor(t);
    const patched = await request(t, 'PATCH', `/api/restaurants/${f.restaurant.id}`, {
      cookie: f.adminCookie,
      body: { showServerNames: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().restaurant.showServerNames).toBe(false);
    const id = await press(f.restaurant.id, f.table.id);
    await act('acknowledge', id, f.serverCookie);
    const res = await guestTable(f.restaurant.id, f.table.id);
    expect(res.json().openRequests[0]).toMatchObject({ status: 'acknowledged', takenBy: null });
    expect(res.body).not.toContain(f.server.user.name.split(' ')[0]!);
  });

  it('refuses showServerNames that is not a boolean', async () => {
    const f = await makeFloor(t);
    const res = await request(t, 'PATCH', `/api/restaurants/${f.restaurant.id}`, {
      cookie: f.adminCookie,
      body: { showServerNames: 'no' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('tells a press refused by the cool-down which request is already in, and the wait', async () => {
    const f = await makeFloor(t);
    await press(f.restaurant.id, f.table.id, 'bill');
    const again = await request(
      t,
      'POST',
      `/api/public/restaurants/${f.restaurant.id}/tables/${f.table.id}/requests`,
      { body: { type: 'refill' } },
    );
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(
      /^This table’s request is already in: Get Bill, sent just now\. You can send another request in \d+s\.$/,
    );
  });
});

describe('history of the shift (decision 030)', () => {
  const history = (restaurantId: string, cookie: string, query = '') =>
    request(t, 'GET', `/api/restaurants/${restaurantId}/requests/history${query}`, { cookie });

  it('lists today’s handled requests newest first, a page at a time, for admins all and servers what they may see', async () => {
    const f = await makeFloor(t);
    const colleague = await makeServer(t, f.restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const theirs = await makeTable(t, f.restaurant.id, '50');
    await request(t, 'POST', `/api/tables/${theirs.id}/assign`, { cookie: colleagueCookie });
    const handled: string[] = [];
    for (let i = 0; i < 5; i++) {
      const table = await makeTable(t, f.restaurant.id, `h${i}`);
      const id = await press(f.restaurant.id, table.id);
      if (i === 1) await act('acknowledge', id, f.serverCookie);
      await act(i % 2 ? 'complete' : 'dismiss', id, f.serverCookie);
      handled.push(id);
    }
    const colleagues = await press(f.restaurant.id, theirs.id);
    await act('complete', colleagues, colleagueCookie);
    // Still open: not in the history.
    await press(f.restaurant.id, f.table.id);
    // Handled yesterday: not today's.
    const yesterday = await makeTable(t, f.restaurant.id, 'y');
    const old = await press(f.restaurant.id, yesterday.id);
    await act('complete', old, f.serverCookie);
    // The restaurant is on UTC (the default), so its day starts at UTC midnight.
    const startOfUtcDay = (now: number) => now - (now % 86_400_000);
    const beforeToday = startOfUtcDay(Date.now()) - 1000;
    await t.database.db
      .update(requests)
      .set({ resolvedAt: beforeToday })
      .where(eq(requests.id, old));

    const page1 = await history(f.restaurant.id, f.serverCookie, '?limit=3');
    expect(page1.statusCode, page1.body).toBe(200);
    const body1 = page1.json();
    expect(body1.since).toBe(startOfUtcDay(Date.now()));
    expect(body1.requests.map((r: { id: string }) => r.id)).toEqual(handled.slice(2).reverse());
    expect(body1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await history(
        f.restaurant.id,
        f.serverCookie,
        `?limit=3&cursor=${encodeURIComponent(body1.nextCursor)}`,
      )
    ).json();
    expect(page2.requests.map((r: { id: string }) => r.id)).toEqual(handled.slice(0, 2).reverse());
    expect(page2.nextCursor).toBeNull();
    const taken = page2.requests.find((r: { id: string }) => r.id === handled[1]);
    expect(taken).toMatchObject({
      status: 'completed',
      acknowledgedBy: { id: f.server.user.id },
      resolvedBy: { id: f.server.user.id },
    });
    expect(taken.acknowledgedAt).toBeLessThanOrEqual(taken.resolvedAt);

    // The admin sees everything handled today, the colleague's table too.
    const admin = (await history(f.restaurant.id, f.adminCookie)).json();
    expect(admin.requests.map((r: { id: string }) => r.id).sort()).toEqual(
      [...handled, colleagues].sort(),
    );
  });

  it('starts "today" at midnight in the restaurant’s zone, whatever zone the server process has (issue 24)', async () => {
    // The restaurant is in Honolulu (UTC−10 all year). The instance's clock is injected: the latest 23:30 there
    // before now, so the test does not depend on when it runs.
    const HOUR = 3_600_000;
    const real = Date.now();
    const clockNow = real - ((real - 9.5 * HOUR) % (24 * HOUR)); // 23:30 HST = 09:30 UTC
    const restaurantMidnight = clockNow - 23.5 * HOUR;
    const app = await createTestApp({ escalationSweepMs: 0, clock: () => clockNow });
    const processZone = process.env.TZ;
    try {
      const f = await makeFloor(app);
      await app.database.db
        .update(restaurants)
        .set({ timeZone: 'Pacific/Honolulu' })
        .where(eq(restaurants.id, f.restaurant.id));
      let tables = 0;
      const handledAt = async (at: number) => {
        const table = await makeTable(app, f.restaurant.id, `z${++tables}`);
        const pressed = await request(
          app,
          'POST',
          `/api/public/restaurants/${f.restaurant.id}/tables/${table.id}/requests`,
          { body: { type: 'bill' } },
        );
        const id = pressed.json<{ request: { id: string } }>().request.id;
        const done = await request(app, 'POST', `/api/requests/${id}/complete`, {
          cookie: f.adminCookie,
        });
        expect(done.statusCode, done.body).toBe(200);
        await app.database.db
          .update(requests)
          .set({ createdAt: at - 60_000, updatedAt: at, resolvedAt: at })
          .where(eq(requests.id, id));
        return id;
      };
      const lateTonight = await handledAt(clockNow); // 23:30 there: today
      const earlyToday = await handledAt(restaurantMidnight + 5 * 60_000); // 00:05 there: today
      await handledAt(restaurantMidnight - 5 * 60_000); // 23:55 there yesterday: not today

      // Zones far from Honolulu's, east and west, whose midnights are not Honolulu's.
      for (const zone of ['Asia/Tokyo', 'Europe/London', 'America/Los_Angeles']) {
        process.env.TZ = zone;
        const localMidnight = new Date(clockNow);
        localMidnight.setHours(0, 0, 0, 0);
        expect(localMidnight.getTime(), zone).not.toBe(restaurantMidnight);

        const res = await request(
          app,
          'GET',
          `/api/restaurants/${f.restaurant.id}/requests/history`,
          { cookie: f.adminCookie },
        );
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<{ since: number; requests: { id: string }[] }>();
        expect(body.since, zone).toBe(restaurantMidnight);
        expect(
          body.requests.map((r) => r.id),
          zone,
        ).toEqual([lateTonight, earlyToday]);
      }
    } finally {
      if (processZone === undefined) delete process.env.TZ;
      else process.env.TZ = processZone;
      await app.close();
    }
  });

  it('refuses a forged cursor (400), a bad limit (400), and another tenant (404)', async () => {
    const f = await makeFloor(t);
    const other = await makeFloor(t);
    expect((await history(f.restaurant.id, f.adminCookie, '?cursor=garbage')).statusCode).toBe(400);
    expect((await history(f.restaurant.id, f.adminCookie, '?limit=0')).statusCode).toBe(400);
    expect((await history(f.restaurant.id, f.adminCookie, '?limit=101')).statusCode).toBe(400);
    expect((await history(f.restaurant.id, other.adminCookie)).statusCode).toBe(404);
    expect((await history(f.restaurant.id, other.serverCookie)).statusCode).toBe(404);
  });
});
