/**
 * Escalation (issue 5): a request pending past its restaurant's minutes is marked overdue once — live on every
 * console and pushed again to its server and the admin — however many instances sweep, and not again after a
 * restart. With DATABASE_URL the second instance has its own connection pool, so the sweeps really race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp, type App } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { requests } from '../../db/schema';
import type { LiveEvent } from '@shared/schemas';
import {
  createTestApp,
  PUBLIC_URL,
  request,
  type TestApp,
} from '../../../../tests/support/test-app';
import { makeFloor, makeTable } from '../../../../tests/support/factories';
import {
  startPushService,
  type FakeDevice,
  type LocalPushService,
} from '../../../../tests/support/push-service';

let t: TestApp;
let pushService: LocalPushService;
const MINUTE = 60_000;

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

/** Another app instance on the same database: its own pool on PostgreSQL, the same PGlite otherwise. */
async function anotherInstance(
  options: { escalationSweepMs?: number } = {},
): Promise<App & { close(): Promise<void> }> {
  const database: Database =
    t.database.kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: t.database.url!, poolSize: 5 })
      : t.database;
  const built = await buildApp({
    database,
    publicUrl: PUBLIC_URL,
    escalationSweepMs: options.escalationSweepMs ?? 0,
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

const subscribe = (cookie: string, device: FakeDevice) =>
  request(t, 'POST', '/api/push/subscriptions', { cookie, body: device.subscription });
const press = async (restaurantId: string, tableId: string, type = 'order') => {
  const res = await request(
    t,
    'POST',
    `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
    { body: { type } },
  );
  expect(res.statusCode).toBe(201);
  return res.json().request as { id: string; createdAt: number };
};

/** Collects the live events a console receives. */
async function console_(base: string, cookie: string) {
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

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('escalation sweep', () => {
  it('escalates each overdue request exactly once across two instances, and not again after a restart', async () => {
    const { restaurant, table, serverCookie, adminCookie } = await makeFloor(t);
    await request(t, 'POST', `/api/tables/${table.id}/assign`, { cookie: serverCookie });
    const unassigned = await makeTable(t, restaurant.id, '9');
    const serverPhone = pushService.device();
    const adminPhone = pushService.device();
    expect((await subscribe(serverCookie, serverPhone)).statusCode).toBe(201);
    expect((await subscribe(adminCookie, adminPhone)).statusCode).toBe(201);

    const first = await press(restaurant.id, table.id, 'bill');
    const second = await press(restaurant.id, unassigned.id, 'refill');
    await pushService.waitFor(serverPhone, 2); // the two new-request pushes
    await t.services.push.whenIdle();

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = await console_(base, serverCookie);
    const b = await anotherInstance();
    let c: Awaited<ReturnType<typeof anotherInstance>> | undefined;
    try {
      // Not yet: the restaurant's default is 3 minutes.
      const early = first.createdAt + 3 * MINUTE - 1000;
      expect(await t.services.escalation.sweep(early)).toEqual([]);
      expect(await b.services.escalation.sweep(early)).toEqual([]);

      // Both instances sweep at the same moment, several times over.
      const late = second.createdAt + 3 * MINUTE;
      const results = await Promise.all([
        t.services.escalation.sweep(late),
        b.services.escalation.sweep(late),
        t.services.escalation.sweep(late),
        b.services.escalation.sweep(late),
      ]);
      const ids = results.flat().map((r) => r.id);
      expect(ids.sort()).toEqual([first.id, second.id].sort());
      expect(results.flat().every((r) => r.overdue && r.status === 'pending')).toBe(true);

      await t.services.push.whenIdle();
      await b.services.push.whenIdle();
      // Server: 2 new-request pushes + 2 escalations; admin: the 2 escalations only.
      const serverPushes = pushService
        .pushesTo(serverPhone)
        .map((p) => serverPhone.decrypt(p.body));
      const adminPushes = pushService.pushesTo(adminPhone).map((p) => adminPhone.decrypt(p.body));
      expect(serverPushes).toHaveLength(4);
      expect(adminPushes).toHaveLength(2);
      expect(serverPushes.slice(2)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            title: 'Still waiting: Table 3',
            body: 'Bill Payment Requested — pending for over 3 min',
            tag: `table:${table.id}`,
            requestId: first.id,
            url: '/server/requests',
            late: true,
          }),
          expect.objectContaining({ title: 'Still waiting: Table 9', requestId: second.id }),
        ]),
      );
      expect(adminPushes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ requestId: first.id, url: '/admin/dashboard' }),
          expect.objectContaining({ requestId: second.id, url: '/admin/dashboard' }),
        ]),
      );
      for (const p of pushService.pushesTo(adminPhone)) expect(p.headers.urgency).toBe('high');

      // Consoles hear it live, once per request, flagged overdue.
      await until(() => live.events.filter((e) => e.type === 'request.updated').length >= 2);
      await new Promise((r) => setTimeout(r, 100));
      const updates = live.events.filter((e) => e.type === 'request.updated');
      expect(updates.map((e) => e.request.id).sort()).toEqual([first.id, second.id].sort());
      expect(updates.every((e) => e.request.overdue)).toBe(true);

      // The list says overdue too.
      const list = await request(t, 'GET', `/api/restaurants/${restaurant.id}/requests`, {
        cookie: serverCookie,
      });
      expect(list.json().pending.map((r: { overdue: boolean }) => r.overdue)).toEqual([true, true]);

      // A restart: a new instance sweeping much later finds nothing left to escalate.
      await b.close();
      c = await anotherInstance();
      expect(await c.services.escalation.sweep(late + 60 * MINUTE)).toEqual([]);
      expect(await t.services.escalation.sweep(late + 60 * MINUTE)).toEqual([]);
      await c.services.push.whenIdle();
      expect(pushService.pushesTo(serverPhone)).toHaveLength(4);
      expect(pushService.pushesTo(adminPhone)).toHaveLength(2);
    } finally {
      live.ws.close();
      await c?.close();
      await b.close().catch(() => undefined);
    }
  });

  it('follows each restaurant’s minutes and leaves completed requests alone', async () => {
    const fast = await makeFloor(t);
    const patched = await request(t, 'PATCH', `/api/restaurants/${fast.restaurant.id}`, {
      cookie: fast.adminCookie,
      body: { escalateAfterMinutes: 1 },
    });
    expect(patched.statusCode).toBe(200);
    const slow = await makeFloor(t);
    const done = await makeTable(t, fast.restaurant.id, '8');

    const a = await press(fast.restaurant.id, fast.table.id);
    const b = await press(slow.restaurant.id, slow.table.id);
    const c = await press(fast.restaurant.id, done.id);
    expect(
      (await request(t, 'POST', `/api/requests/${c.id}/complete`, { cookie: fast.serverCookie }))
        .statusCode,
    ).toBe(200);

    const at = Math.max(a.createdAt, b.createdAt, c.createdAt) + MINUTE + 1000;
    const escalated = await t.services.escalation.sweep(at);
    expect(escalated.map((r) => r.id)).toEqual([a.id]);
    expect((await t.services.escalation.sweep(at + 2 * MINUTE)).map((r) => r.id)).toEqual([b.id]);
    await t.services.push.whenIdle();
  });

  it('runs by itself on a timer', async () => {
    const { restaurant, table } = await makeFloor(t);
    const pressed = await press(restaurant.id, table.id);
    // Pressed four minutes ago, as far as the database knows.
    await t.database.db
      .update(requests)
      .set({ createdAt: pressed.createdAt - 4 * MINUTE })
      .where(eq(requests.id, pressed.id));
    const ticking = await anotherInstance({ escalationSweepMs: 50 });
    try {
      await until(async () => {
        const [row] = await t.database.db
          .select()
          .from(requests)
          .where(eq(requests.id, pressed.id));
        return row!.escalatedAt !== null;
      });
    } finally {
      await ticking.close();
    }
  });
});
