/**
 * Several instances, one PostgreSQL (issue 7): live events cross instances through LISTEN/NOTIFY. Two real server
 * processes share a fresh database; a guest's press on A reaches a console connected to B, an assignment made on B
 * reaches a console connected to A, and killing A leaves B's consoles working.
 *
 * PostgreSQL only: the embedded default runs one process per data directory, so without DATABASE_URL there is
 * nothing to test and the suite is reported as skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../../src/server/db/client';
import type { LiveEvent } from '@shared/schemas';
import { createRestaurant } from '../../src/server/modules/restaurants/restaurants.service';
import { createTableRow } from '../../src/server/modules/tables/tables.service';
import { createPasswordUser, createPinServer } from '../../src/server/modules/users/users.service';
import { freePort, startServer, type ChildServer } from '../support/child-server';
import { createTestDatabase } from '../support/test-db';

const hasPostgres = !!process.env.DATABASE_URL;
if (!hasPostgres) {
  console.info(
    'multi-instance.test.ts: SKIPPED — set DATABASE_URL to run two instances against one PostgreSQL.',
  );
}

interface LiveClient {
  ws: WebSocket;
  /** The next event of this type (already received or still to come). */
  next(type: LiveEvent['type'], timeoutMs?: number): Promise<LiveEvent>;
  closed: Promise<number>;
}

function connectLive(base: string, cookie: string): Promise<LiveClient> {
  const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
    headers: { cookie },
    origin: base,
  });
  const inbox: LiveEvent[] = [];
  const waiters: { type: string; resolve: (e: LiveEvent) => void }[] = [];
  ws.on('message', (data: Buffer) => {
    const event = JSON.parse(data.toString()) as LiveEvent;
    const waiter = waiters.find((w) => w.type === event.type);
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    } else inbox.push(event);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const client: LiveClient = {
    ws,
    closed,
    next: (type, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const seen = inbox.findIndex((e) => e.type === type);
        if (seen >= 0) return resolve(inbox.splice(seen, 1)[0]!);
        const timer = setTimeout(
          () => reject(new Error(`no ${type} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({ type, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('open', () => resolve(client));
  });
}

async function post(base: string, path: string, body: unknown, cookie?: string) {
  return fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function pinLogin(base: string, loginId: string, pin: string): Promise<string> {
  const res = await post(base, '/api/auth/pin-login', { loginId, pin });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

describe.skipIf(!hasPostgres)(
  'two app instances on one PostgreSQL (runs only with DATABASE_URL)',
  () => {
    let database: Database;
    let a: ChildServer;
    let b: ChildServer;
    const sockets: WebSocket[] = [];
    let restaurantId = '';
    const tableIds: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const owner = await createPasswordUser(database.db, {
        role: 'admin',
        name: 'Olive Owner',
        email: 'owner@multi.test',
        password: 'Abcdef1!',
        verified: true,
      });
      restaurantId = (await createRestaurant(database.db, owner.id, 'Two Rooms')).id;
      for (const n of ['1', '2']) {
        tableIds.push((await createTableRow(database.db, restaurantId, n)).id);
      }
      await createPinServer(database.db, {
        restaurantId,
        name: 'Kim',
        loginId: 'kim',
        pin: '2468',
      });
      const env = {
        DATABASE_URL: database.url!,
        NO_DEMO: '1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      };
      const [portA, portB] = [await freePort(), await freePort()];
      [a, b] = await Promise.all([startServer(env, portA), startServer(env, portB)]);
      // Made after both started: the instances read everything from the shared database, nothing at start-up.
      await createPinServer(database.db, {
        restaurantId,
        name: 'Lee',
        loginId: 'lee',
        pin: '1357',
      });
      tableIds.push((await createTableRow(database.db, restaurantId, '3')).id);
    }, 120_000);

    afterAll(async () => {
      for (const ws of sockets) ws.terminate();
      for (const child of [a, b]) if (child?.child.exitCode === null) child.child.kill('SIGKILL');
      await Promise.all([a?.exited, b?.exited]);
      await database?.close();
    });

    const press = (base: string, tableId: string, type = 'order') =>
      post(base, `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`, { type });

    it('shows a branding change saved on A on a guest page connected to B (issue 3)', async () => {
      const guest = new WebSocket(
        `${b.base.replace('http', 'ws')}/api/public/restaurants/${restaurantId}/live`,
      );
      sockets.push(guest);
      const frame = new Promise<Record<string, unknown>>((resolve) =>
        guest.once('message', (data: Buffer) =>
          resolve(JSON.parse(data.toString()) as Record<string, unknown>),
        ),
      );
      await new Promise(
        (resolve, reject) => (guest.once('open', resolve), guest.once('error', reject)),
      );
      // The hub registers the socket right after the upgrade; give it a moment before saving.
      await new Promise((resolve) => setTimeout(resolve, 100));

      const login = await post(a.base, '/api/auth/login', {
        email: 'owner@multi.test',
        password: 'Abcdef1!',
      });
      expect(login.status).toBe(200);
      const adminCookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
      const patched = await fetch(`${a.base}/api/restaurants/${restaurantId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: a.base, cookie: adminCookie },
        body: JSON.stringify({ name: 'Two Rooms, Live', primaryColor: '#B91C1C' }),
      });
      expect(patched.status).toBe(200);
      expect(await frame).toMatchObject({
        type: 'restaurant.updated',
        restaurant: { id: restaurantId, name: 'Two Rooms, Live', primaryColor: '#B91C1C' },
      });
      expect(Object.keys((await frame).restaurant as object).sort()).toEqual([
        'guestLanguage',
        'id',
        'logoUrl',
        'name',
        'primaryColor',
        'requestTypes',
        'reviewUrl',
        'secondaryColor',
      ]);
      guest.close();
    }, 30_000);

    it('lets exactly one press per table through when both instances batch presses at the same tables, without deadlocks', async () => {
      // Presses at the same tables from both instances at once: each instance batches its presses (group commit),
      // so two statements holding several table rows each meet on the same rows. 24 presses per instance stay under
      // its 30-a-minute limit per address.
      const contested: string[] = [];
      for (let i = 0; i < 12; i++)
        contested.push((await createTableRow(database.db, restaurantId, `C${i}`)).id);
      const deadlocks = async () =>
        Number(
          (
            await database.pool!.query<{ n: string }>(
              'select deadlocks as n from pg_stat_database where datname = current_database()',
            )
          ).rows[0]!.n,
        );
      const before = await deadlocks();
      const presses = contested.flatMap((tableId) => [
        press(a.base, tableId, 'server'),
        press(b.base, tableId, 'bill'),
        press(a.base, tableId, 'refill'),
        press(b.base, tableId, 'order'),
      ]);
      const statuses = (await Promise.all(presses)).map((r) => r.status);
      for (let i = 0; i < contested.length; i++) {
        const mine = statuses.slice(i * 4, i * 4 + 4).sort();
        expect(mine).toEqual([201, 429, 429, 429]);
      }
      const stored = await database.pool!.query<{ table_id: string; n: string }>(
        'select table_id, count(*) as n from requests where table_id = any($1) group by table_id',
        [contested],
      );
      expect(stored.rows).toHaveLength(contested.length);
      for (const row of stored.rows) expect(Number(row.n)).toBe(1);
      // pg_stat counters are flushed when a backend's transaction ends or at the latest after a second.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await deadlocks()).toBe(before);
    }, 60_000);

    it('delivers a press to a console on the pressing instance at once and to one on the other, each exactly once (issue 16 item 7)', async () => {
      const tableId = (await createTableRow(database.db, restaurantId, 'L1')).id;
      const kimCookie = await pinLogin(a.base, 'kim', '2468');
      const leeCookie = await pinLogin(b.base, 'lee', '1357');
      const frames = (ws: WebSocket) => {
        const seen: LiveEvent[] = [];
        ws.on('message', (data: Buffer) => seen.push(JSON.parse(data.toString()) as LiveEvent));
        return seen;
      };
      const onA = await connectLive(a.base, kimCookie);
      const onB = await connectLive(b.base, leeCookie);
      sockets.push(onA.ws, onB.ws);
      const [seenOnA, seenOnB] = [frames(onA.ws), frames(onB.ws)];
      await Promise.all([onA.next('hello'), onB.next('hello')]);

      expect((await press(a.base, tableId, 'refill')).status).toBe(201);
      const [local, remote] = await Promise.all([
        onA.next('request.created'),
        onB.next('request.created'),
      ]);
      // The instance that committed the press delivers its own copy (not waiting for its NOTIFY to come back):
      // the same event, with the server and table number the statement read, as the other instance's.
      expect(local).toEqual(remote);
      expect(local).toMatchObject({ request: { tableId, tableNumber: 'L1', serverId: null } });
      // A's own NOTIFY comes back to it and is skipped: no second copy on either console.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const created = (seen: LiveEvent[]) =>
        seen.filter((e) => e.type === 'request.created' && e.request.tableId === tableId);
      expect(created(seenOnA)).toHaveLength(1);
      expect(created(seenOnB)).toHaveLength(1);
      onA.ws.close();
      onB.ws.close();
    }, 30_000);

    it('delivers a press made on A to a console on B, an assignment made on B to a console on A, and survives A being killed', async () => {
      expect(a.base).not.toBe(b.base);
      const kimCookie = await pinLogin(a.base, 'kim', '2468');
      const leeCookie = await pinLogin(b.base, 'lee', '1357');

      // Kim signed in on A but her console is connected to B: the session is in the database, not in A.
      const onB = await connectLive(b.base, kimCookie);
      sockets.push(onB.ws);
      await onB.next('hello');
      const onA = await connectLive(a.base, leeCookie);
      sockets.push(onA.ws);
      await onA.next('hello');

      const pressed = await press(a.base, tableIds[0]!);
      expect(pressed.status).toBe(201);
      const created = await onB.next('request.created');
      expect(created).toMatchObject({
        type: 'request.created',
        request: { restaurantId, tableId: tableIds[0], tableNumber: '1', type: 'order' },
      });

      const assigned = await post(b.base, `/api/tables/${tableIds[1]}/assign`, {}, kimCookie);
      expect(assigned.status).toBe(200);
      // Lee sees Kim's table leave "Available Tables": a colleague's table reaches a server only as its removal
      // (issue 14, docs/decisions/025), never as table.changed with its guest URL.
      const changed = await onA.next('table.deleted');
      expect(changed).toEqual({ type: 'table.deleted', restaurantId, tableId: tableIds[1] });

      a.child.kill('SIGKILL');
      await a.exited;
      // A's own console lost its server; B's did not.
      await onA.closed;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(onB.ws.readyState).toBe(WebSocket.OPEN);

      expect((await press(b.base, tableIds[2]!, 'bill')).status).toBe(201);
      const afterKill = await onB.next('request.created');
      expect(afterKill).toMatchObject({
        request: { tableId: tableIds[2], tableNumber: '3', type: 'bill' },
      });
      expect(onB.ws.readyState).toBe(WebSocket.OPEN);
    }, 60_000);
  },
);
