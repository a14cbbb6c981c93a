/**
 * Issue 14, finding 8 (decision 027): when the LISTEN connection is lost — PostgreSQL restarted, the connection
 * killed — presses still get 201 through the pool, and their NOTIFYs reach no console until the bus listens again.
 * So the bus reconnects promptly and then tells every console on the instance to resync; a press acknowledged in the
 * gap reaches the console live or through that refetch. The LISTEN backend is terminated with pg_terminate_backend
 * (the shared PostgreSQL server is not restarted: other suites use it). PostgreSQL only: PGlite has no bus to lose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import type { LiveEvent } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../tests/support/test-app';
import { makeFloor, makeTable } from '../../../tests/support/factories';
import { backend } from '../../../tests/support/test-db';
import { CHANNEL } from './bus';

let t: TestApp;
let base: string;
beforeAll(async () => {
  if (backend !== 'postgres') return;
  t = await createTestApp({ escalationSweepMs: 0 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

async function console_(cookie: string) {
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

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Terminates this test database's LISTEN connection from a connection of its own; returns how many it ended. */
async function killListener(): Promise<number> {
  const admin = new pg.Client({ connectionString: t.database.url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query = $1`,
      [`LISTEN ${CHANNEL}`],
    );
    return rows.filter((r) => r.ended).length;
  } finally {
    await admin.end();
  }
}

describe.skipIf(backend !== 'postgres')('live bus recovery (PostgreSQL)', () => {
  it('after the LISTEN connection is killed, presses in the gap reach the console, live or through a resync', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const live = await console_(serverCookie);
    try {
      await until(() => live.events.some((e) => e.type === 'hello'));
      expect(await killListener()).toBe(1);
      // Pressed in the gap: the pool answers at once, the listener is still reconnecting.
      const tables = [
        table,
        ...(await Promise.all(['4', '5'].map((n) => makeTable(t, restaurant.id, n)))),
      ];
      const ids: string[] = [];
      for (const tbl of tables) {
        const res = await request(
          t,
          'POST',
          `/api/public/restaurants/${restaurant.id}/tables/${tbl.id}/requests`,
          { body: { type: 'order' } },
        );
        expect(res.statusCode).toBe(201);
        ids.push(res.json<{ request: { id: string } }>().request.id);
      }

      // The bus listens again and says so to the console.
      await until(() => live.events.some((e) => e.type === 'resync'));
      // Every acknowledged press reached the console: as a live event, or in the list it refetches on resync.
      const list = await request(t, 'GET', `/api/restaurants/${restaurant.id}/requests`, {
        cookie: serverCookie,
      });
      const listed = new Set(list.json<{ pending: { id: string }[] }>().pending.map((r) => r.id));
      const liveIds = new Set(
        live.events.flatMap((e) => (e.type === 'request.created' ? [e.request.id] : [])),
      );
      for (const id of ids) expect(liveIds.has(id) || listed.has(id)).toBe(true);

      // And the channel is live again: the next press arrives as an event.
      const more = await makeTable(t, restaurant.id, '6');
      const after = await request(
        t,
        'POST',
        `/api/public/restaurants/${restaurant.id}/tables/${more.id}/requests`,
        { body: { type: 'bill' } },
      );
      const afterId = after.json<{ request: { id: string } }>().request.id;
      await until(() =>
        live.events.some((e) => e.type === 'request.created' && e.request.id === afterId),
      );
    } finally {
      live.ws.close();
    }
  });
});
