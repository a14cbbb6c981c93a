/**
 * Issue 28 item 3 (decision 091): receipts and re-routing. A call no device of its responsible server confirms within
 * the restaurant's receipt timeout is offered to every server on duty, then to the admin; a receipt stops that; a
 * pager-style restaurant repeats the alert until someone takes it. Item 2 (decision 090): a handled call's alert is
 * replaced on the devices it reached. The sweeps are driven with the test's clock (the timer is tested once, on its
 * own); pushes go through the real Web Push protocol to a local push service. Runs on PGlite and, with DATABASE_URL,
 * on PostgreSQL with a second instance on its own pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp, type App } from '../../app';
import { queueCloses } from './reach.repo';
import { openDatabase, type Database } from '../../db/client';
import { requests } from '../../db/schema';
import type { DashboardResponse, LiveEvent, ServiceRequest } from '@shared/schemas';
import type { SessionUser } from '../../policy/policy';
import {
  createTestApp,
  PUBLIC_URL,
  request,
  type TestApp,
} from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeServer,
  makeTable,
  signInServer,
} from '../../../../tests/support/factories';
import {
  startPushService,
  type FakeDevice,
  type LocalPushService,
} from '../../../../tests/support/push-service';

let t: TestApp;
let pushService: LocalPushService;
const N = 5; // seconds: the receipt timeout these tests set (the smallest the settings accept)
const S = 1000;

const pushOptions = () => ({
  agent: pushService.agent,
  allowEndpoint: (url: URL) => url.origin === pushService.origin,
});

beforeAll(async () => {
  pushService = await startPushService();
  t = await createTestApp({ escalationSweepMs: 0, push: pushOptions() });
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

async function anotherInstance(
  options: { reachSweepMs?: number } = {},
): Promise<App & { close(): Promise<void> }> {
  const database: Database =
    t.database.kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: t.database.url!, poolSize: 5 })
      : t.database;
  const built = await buildApp({
    database,
    publicUrl: PUBLIC_URL,
    escalationSweepMs: 0,
    webhookSweepMs: 0,
    reachSweepMs: options.reachSweepMs ?? 0,
    push: pushOptions(),
  });
  return {
    ...built,
    close: async () => {
      await built.app.close();
      if (database !== t.database) await database.close();
    },
  };
}

const subscribe = async (cookie: string, device: FakeDevice) =>
  expect(
    (await request(t, 'POST', '/api/push/subscriptions', { cookie, body: device.subscription }))
      .statusCode,
  ).toBe(201);
const press = async (restaurantId: string, tableId: string, type = 'order') => {
  const res = await request(
    t,
    'POST',
    `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
    { body: { type } },
  );
  expect(res.statusCode).toBe(201);
  return res.json().request as ServiceRequest;
};
const receipt = (cookie: string, requestId: string) =>
  request(t, 'POST', `/api/requests/${requestId}/receipt`, { cookie });
/** One sweep, as far as these calls go: the test database holds other tests' calls too. */
const sweepOf = async (calls: { id: string }[], at: number, app: App = t) =>
  (await app.services.reach.sweep(at)).filter((r) => calls.some((c) => c.id === r.id));
const payloads = (device: FakeDevice) =>
  pushService.pushesTo(device).map((p) => device.decrypt(p.body) as Record<string, unknown>);
const openIds = async (restaurantId: string, cookie: string) =>
  (await request(t, 'GET', `/api/restaurants/${restaurantId}/requests`, { cookie }))
    .json<{
      pending: ServiceRequest[];
    }>()
    .pending.map((r) => r.id);

/**
 * A restaurant with a receipt timeout of N s: server A has table 3 (their own), server B is on duty too, the owner
 * and both servers each have a phone subscribed to pushes.
 */
async function floorWithTwoServers(settings: Record<string, unknown> = {}) {
  const floor = await makeFloor(t);
  const patched = await request(t, 'PATCH', `/api/restaurants/${floor.restaurant.id}`, {
    cookie: floor.adminCookie,
    body: { receiptTimeoutSeconds: N, ...settings },
  });
  expect(patched.statusCode).toBe(200);
  expect(patched.json().restaurant).toMatchObject({ receiptTimeoutSeconds: N });
  expect(
    (
      await request(t, 'POST', `/api/tables/${floor.table.id}/assign`, {
        cookie: floor.serverCookie,
      })
    ).statusCode,
  ).toBe(200);
  const b = await makeServer(t, floor.restaurant.id);
  const bCookie = await signInServer(t, b);
  const phones = { a: pushService.device(), b: pushService.device(), admin: pushService.device() };
  await subscribe(floor.serverCookie, phones.a);
  await subscribe(bCookie, phones.b);
  await subscribe(floor.adminCookie, phones.admin);
  return { ...floor, b, bCookie, phones };
}

/** The shared app's address, listening from the first test that needs a socket on. */
async function listening(): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

async function liveConsole(base: string, cookie: string) {
  const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
    headers: { cookie },
    origin: base,
  });
  const events: LiveEvent[] = [];
  ws.on('message', (data: Buffer) => events.push(JSON.parse(data.toString()) as LiveEvent));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, events };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('re-routing a call nobody confirmed (decision 091)', () => {
  it('without a receipt: the other servers on duty after N s, then the admin after N s more', async () => {
    const f = await floorWithTwoServers();
    const call = await press(f.restaurant.id, f.table.id, 'bill');
    await pushService.waitFor(f.phones.a, 1);
    await t.services.push.whenIdle();
    expect(pushService.pushesTo(f.phones.b)).toHaveLength(0);
    expect(await openIds(f.restaurant.id, f.bCookie)).not.toContain(call.id);
    // B cannot act on it yet: it is A's table's call.
    expect(
      (await request(t, 'POST', `/api/requests/${call.id}/acknowledge`, { cookie: f.bCookie }))
        .statusCode,
    ).toBe(404);

    const base = await listening();
    const bConsole = await liveConsole(base, f.bCookie);
    try {
      expect(await sweepOf([call], call.createdAt + N * S - 1)).toEqual([]);
      const widened = await sweepOf([call], call.createdAt + N * S);
      expect(widened.map((r) => [r.id, r.reach])).toEqual([[call.id, 'servers']]);

      // B's phone gets it, in B's words, with the actions, tagged by table.
      await pushService.waitFor(f.phones.b, 1);
      expect(payloads(f.phones.b)[0]).toMatchObject({
        title: 'Nobody answered: Table 3',
        tag: `table:${f.table.id}`,
        requestId: call.id,
        kind: 'alert',
        actions: [
          { action: 'take', title: 'On my way' },
          { action: 'done', title: 'Done' },
        ],
      });
      // B's console hears it live, and B's list shows it.
      await until(() =>
        bConsole.events.some(
          (e) =>
            e.type === 'request.updated' &&
            e.request.id === call.id &&
            e.request.reach === 'servers',
        ),
      );
      expect(await openIds(f.restaurant.id, f.bCookie)).toContain(call.id);
      await t.services.push.whenIdle();
      expect(pushService.pushesTo(f.phones.admin)).toHaveLength(0);

      // Not the admin before another N s.
      expect(await sweepOf([call], call.createdAt + 2 * N * S - 1)).toEqual([]);
      const toAdmin = await sweepOf([call], call.createdAt + 2 * N * S);
      expect(toAdmin.map((r) => [r.id, r.reach])).toEqual([[call.id, 'admin']]);
      await pushService.waitFor(f.phones.admin, 1);
      expect(payloads(f.phones.admin)[0]).toMatchObject({
        title: 'Reached nobody: Table 3',
        tag: `table:${f.table.id}`,
        url: '/admin/dashboard',
      });
      // Nothing more without pager style.
      expect(await sweepOf([call], call.createdAt + 10 * N * S)).toEqual([]);

      // The dashboard lists it as reaching nobody.
      const dashboard = (
        await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/dashboard`, {
          cookie: f.adminCookie,
        })
      ).json<DashboardResponse>();
      expect(dashboard.reachedNobody.today).toBe(1);
      expect(dashboard.reachedNobody.open.map((r) => r.id)).toEqual([call.id]);

      // B may take it now.
      const taken = await request(t, 'POST', `/api/requests/${call.id}/acknowledge`, {
        cookie: f.bCookie,
      });
      expect(taken.statusCode).toBe(200);
      expect(taken.json().request).toMatchObject({ status: 'acknowledged', reach: 'admin' });
    } finally {
      bConsole.ws.close();
    }
  });

  it('with shifts in use, a re-routed call reaches the servers on duty only: push, list, live and actions (decision 094)', async () => {
    const f = await floorWithTwoServers();
    // A and B start shifts; C works here too but is off duty, with a phone subscribed.
    for (const cookie of [f.serverCookie, f.bCookie]) {
      const started = await request(t, 'POST', `/api/restaurants/${f.restaurant.id}/shift`, {
        cookie,
        body: { sectionIds: [] },
      });
      expect(started.statusCode, started.body).toBeLessThan(300);
    }
    const c = await makeServer(t, f.restaurant.id);
    const cCookie = await signInServer(t, c);
    const cPhone = pushService.device();
    await subscribe(cCookie, cPhone);

    const call = await press(f.restaurant.id, f.table.id, 'order');
    await pushService.waitFor(f.phones.a, 1);
    const base = await listening();
    const bConsole = await liveConsole(base, f.bCookie);
    const cConsole = await liveConsole(base, cCookie);
    try {
      const widened = await sweepOf([call], call.createdAt + N * S);
      expect(widened.map((r) => [r.id, r.reach, r.reachServerIds])).toEqual([
        [call.id, 'servers', [f.server.user.id, f.b.user.id].sort()],
      ]);
      await pushService.waitFor(f.phones.b, 1);
      await t.services.push.whenIdle();
      expect(pushService.pushesTo(cPhone)).toHaveLength(0);
      // B (on duty) hears it live and lists it; C (off duty) does neither, and cannot take it.
      await until(() =>
        bConsole.events.some((e) => e.type === 'request.updated' && e.request.id === call.id),
      );
      expect(await openIds(f.restaurant.id, f.bCookie)).toContain(call.id);
      expect(await openIds(f.restaurant.id, cCookie)).not.toContain(call.id);
      expect(
        (await request(t, 'POST', `/api/requests/${call.id}/acknowledge`, { cookie: cCookie }))
          .statusCode,
      ).toBe(404);
      expect(
        cConsole.events.some(
          (e) =>
            (e.type === 'request.updated' || e.type === 'request.created') &&
            e.request.id === call.id,
        ),
      ).toBe(false);
    } finally {
      bConsole.ws.close();
      cConsole.ws.close();
    }
  });

  it('with a receipt from the responsible server’s device: no re-route, ever', async () => {
    const f = await floorWithTwoServers();
    const call = await press(f.restaurant.id, f.table.id);
    expect((await receipt(f.serverCookie, call.id)).statusCode).toBe(204);
    // A second receipt (another device of A's) is harmless.
    expect((await receipt(f.serverCookie, call.id)).statusCode).toBe(204);
    expect(await sweepOf([call], call.createdAt + N * S)).toEqual([]);
    expect(await sweepOf([call], call.createdAt + 20 * N * S)).toEqual([]);
    await t.services.push.whenIdle();
    expect(pushService.pushesTo(f.phones.b)).toHaveLength(0);
    expect(pushService.pushesTo(f.phones.admin)).toHaveLength(0);
    expect(await openIds(f.restaurant.id, f.bCookie)).not.toContain(call.id);
  });

  it('receipts that arrive together share one read and one UPDATE, each checked on its own (group commit)', async () => {
    const f = await floorWithTwoServers();
    const other = await makeFloor(t);
    const free = await makeTable(t, f.restaurant.id, '4');
    const mine = await press(f.restaurant.id, f.table.id);
    // Table 4 has no server: its call reaches everyone on duty.
    const anyones = await press(f.restaurant.id, free.id);
    const server = (id: string, restaurantId: string): SessionUser => ({
      id,
      role: 'server',
      name: 'x',
      restaurantId,
    });
    const a = server(f.server.user.id, f.restaurant.id);
    const b = server(f.b.user.id, f.restaurant.id);
    const stranger = server(other.server.user.id, other.restaurant.id);
    const before = { ...t.services.reach.receiptStats };
    // Submitted in one tick: the first runs alone, the five that arrive meanwhile share the next statement.
    const sent: [SessionUser, string][] = [
      [a, mine.id],
      [b, mine.id],
      [stranger, anyones.id],
      [b, anyones.id],
      [a, 'no-such-request'],
      [a, mine.id],
    ];
    const answers = await Promise.allSettled(
      sent.map(([user, id]) => t.services.reach.receipt(user, id)),
    );
    expect(answers.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    for (const refused of answers.filter((r) => r.status === 'rejected'))
      expect(refused.reason).toMatchObject({ status: 404, code: 'request_not_found' });
    expect(t.services.reach.receiptStats.items - before.items).toBe(6);
    expect(t.services.reach.receiptStats.statements - before.statements).toBe(2);
    // Both calls are confirmed: neither widens.
    expect(await sweepOf([mine, anyones], mine.createdAt + 20 * N * S)).toEqual([]);
  });

  it('a receipt after the re-route stops the admin step', async () => {
    const f = await floorWithTwoServers();
    const call = await press(f.restaurant.id, f.table.id);
    await sweepOf([call], call.createdAt + N * S);
    // B's phone showed it.
    expect((await receipt(f.bCookie, call.id)).statusCode).toBe(204);
    expect(await sweepOf([call], call.createdAt + 2 * N * S)).toEqual([]);
    await t.services.push.whenIdle();
    expect(pushService.pushesTo(f.phones.admin)).toHaveLength(0);
  });

  it('refuses receipts for calls not routed to the sender and for another restaurant; an admin’s early receipt changes nothing', async () => {
    const f = await floorWithTwoServers();
    const other = await makeFloor(t);
    const call = await press(f.restaurant.id, f.table.id);
    // B: not B's call (yet).
    expect((await receipt(f.bCookie, call.id)).statusCode).toBe(404);
    expect((await receipt(f.bCookie, call.id)).json().error.code).toBe('request_not_found');
    // Another restaurant's server and admin: as if it did not exist; nor can they act on it.
    expect((await receipt(other.serverCookie, call.id)).statusCode).toBe(404);
    expect((await receipt(other.adminCookie, call.id)).statusCode).toBe(404);
    expect(
      (
        await request(t, 'POST', `/api/requests/${call.id}/acknowledge`, {
          cookie: other.serverCookie,
        })
      ).statusCode,
    ).toBe(404);
    expect((await receipt(f.serverCookie, 'no-such-request')).statusCode).toBe(404);
    // The owner's device is not the responsible server's: the call still widens.
    expect((await receipt(f.adminCookie, call.id)).statusCode).toBe(204);
    expect((await sweepOf([call], call.createdAt + N * S)).map((r) => r.id)).toEqual([call.id]);
    // Even re-routed to every server on duty, another restaurant's server still cannot see or take it.
    expect((await receipt(other.serverCookie, call.id)).statusCode).toBe(404);
    expect(await openIds(other.restaurant.id, other.serverCookie)).not.toContain(call.id);
    await t.services.push.whenIdle();
  });

  it('pager style repeats the alert every N s until someone takes it, then replaces it quietly', async () => {
    const f = await floorWithTwoServers({ pagerRepeat: true });
    const call = await press(f.restaurant.id, f.table.id);
    await pushService.waitFor(f.phones.a, 1);
    expect((await receipt(f.serverCookie, call.id)).statusCode).toBe(204);
    // Confirmed, so it stays A's; but the alert repeats.
    expect(await sweepOf([call], call.createdAt + N * S)).toEqual([]);
    await pushService.waitFor(f.phones.a, 2);
    expect(await sweepOf([call], call.createdAt + N * S + 10)).toEqual([]);
    expect(await sweepOf([call], call.createdAt + 2 * N * S)).toEqual([]);
    await pushService.waitFor(f.phones.a, 3);
    await t.services.push.whenIdle();
    expect(pushService.pushesTo(f.phones.b)).toHaveLength(0);

    const taken = await request(t, 'POST', `/api/requests/${call.id}/acknowledge`, {
      cookie: f.serverCookie,
    });
    expect(taken.statusCode).toBe(200);
    // Decision 090: the table's notification is replaced by a quiet line (same tag), not left ringing.
    await pushService.waitFor(f.phones.a, 4);
    expect(payloads(f.phones.a)[3]).toMatchObject({
      kind: 'closed',
      tag: `table:${f.table.id}`,
      title: expect.stringMatching(/^Table 3: .+ is on the way$/),
    });
    expect(await sweepOf([call], call.createdAt + 10 * N * S)).toEqual([]);
    await t.services.push.whenIdle();
    expect(pushService.pushesTo(f.phones.a)).toHaveLength(4);
  });

  it('handled calls queue their replacements together, and none where no device can be pushed', async () => {
    const f = await floorWithTwoServers();
    const tables = [f.table];
    for (const number of ['21', '22', '23'])
      tables.push(await makeTable(t, f.restaurant.id, number));
    const calls: ServiceRequest[] = [];
    for (const table of tables) calls.push(await press(f.restaurant.id, table.id));
    const bare = await makeFloor(t);
    // The guest's answer names no restaurant; the staff's (which the service is given) does.
    const unpushed = {
      ...(await press(bare.restaurant.id, bare.table.id)),
      restaurantId: bare.restaurant.id,
    };
    for (const call of calls) call.restaurantId = f.restaurant.id;
    const before = { ...t.services.reach.closeStats };
    // Handled at the same moment: the first is written at once, the four that arrive meanwhile share one statement.
    await Promise.all(
      [...calls, unpushed].map((call) =>
        t.services.reach.queueClose({ ...call, status: 'acknowledged' }),
      ),
    );
    expect(t.services.reach.closeStats.items - before.items).toBe(5);
    expect(t.services.reach.closeStats.statements - before.statements).toBe(2);
    // What one statement queues: a replacement for each call of a restaurant with a device, none for the other.
    const close = (call: ServiceRequest) => ({
      requestId: call.id,
      restaurantId: call.restaurantId,
      status: 'completed',
    });
    expect(await queueCloses(t.database.db, [...calls, unpushed].map(close), Date.now())).toBe(4);
    // Queued once: the same replacement again is not queued twice.
    expect(await queueCloses(t.database.db, calls.map(close), Date.now())).toBe(0);
    await t.services.push.whenIdle();
  });

  it('two instances sweeping at once widen each call once', async () => {
    const f = await floorWithTwoServers();
    const t2 = await makeTable(t, f.restaurant.id, '4');
    const calls = [await press(f.restaurant.id, f.table.id), await press(f.restaurant.id, t2.id)];
    const other = await anotherInstance();
    try {
      const at = Math.max(...calls.map((c) => c.createdAt)) + N * S;
      const results = await Promise.all([
        sweepOf(calls, at, t),
        sweepOf(calls, at, other),
        sweepOf(calls, at, t),
        sweepOf(calls, at, other),
      ]);
      expect(
        results
          .flat()
          .map((r) => r.id)
          .sort(),
      ).toEqual(calls.map((c) => c.id).sort());
      await t.services.push.whenIdle();
      await other.services.push.whenIdle();
    } finally {
      await other.close();
    }
  });

  it('runs by itself on a timer: a silent device’s call reaches the others within N + 2 s', async () => {
    const f = await floorWithTwoServers();
    const call = await press(f.restaurant.id, f.table.id);
    // Pressed N s ago as far as the database knows; the sweep ticks every second in production.
    await t.database.db
      .update(requests)
      .set({ createdAt: call.createdAt - N * S })
      .where(eq(requests.id, call.id));
    const ticking = await anotherInstance({ reachSweepMs: 1000 });
    try {
      await until(async () => {
        const [row] = await t.database.db.select().from(requests).where(eq(requests.id, call.id));
        return row!.reachStage === 1;
      }, 2000);
      await pushService.waitFor(f.phones.b, 1);
    } finally {
      await ticking.close();
    }
  });
});
