/**
 * Issue 14 (decision 027): while the database cannot be reached, a press — and any other route that needs the
 * database — answers 503 with Retry-After and a plain message instead of 500 "internal". On PostgreSQL the app talks
 * to it through a TCP relay that the test cuts and restores, as a restart or a network fail-over would; on PGlite the
 * database is closed under the running app.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { MSG } from '@shared/messages';
import {
  createTestApp,
  PUBLIC_URL,
  request,
  type TestApp,
} from '../../../../tests/support/test-app';
import { makeFloor } from '../../../../tests/support/factories';
import { databaseUnavailableCause, isDatabaseUnavailable } from '../../http/errors';

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const cut = async () => {
    const s = server;
    server = null;
    for (const sock of sockets) sock.destroy();
    await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
  };
  await listen();
  return { port: () => port, cut, restore: listen };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
});
afterAll(() => t.close());

const pressPath = (restaurantId: string, tableId: string) =>
  `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`;

function expectUnavailable(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({
    error: {
      code: 'unavailable',
      message: MSG.serviceUnavailable,
      retryAfterSeconds: 5,
      messageId: 'serviceUnavailable',
    },
  });
}

describe('database unreachable (decision 027)', () => {
  it('answers presses and staff reads 503 with Retry-After, and serves them again once it is back', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);

    // An app instance of its own, whose database the test can take away.
    let database: Database;
    let relay: Awaited<ReturnType<typeof startRelay>> | undefined;
    if (t.database.kind === 'postgres') {
      const url = new URL(t.database.url!);
      relay = await startRelay({ host: url.hostname, port: Number(url.port || 5432) });
      url.hostname = '127.0.0.1';
      url.port = String(relay.port());
      database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    } else {
      // PGlite: the same data in a second in-memory instance, closed under the app below.
      const client = (
        t.database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
      ).$client;
      database = await openDatabase({
        kind: 'pglite-memory',
        template: await client.dumpDataDir('none'),
      });
    }
    const built = await buildApp({ database, publicUrl: PUBLIC_URL, escalationSweepMs: 0 });
    const other: TestApp = { ...built, database, close: () => Promise.resolve() };
    try {
      // Reachable: the list loads.
      const before = await request(other, 'GET', `/api/restaurants/${restaurant.id}/requests`, {
        cookie: serverCookie,
      });
      expect(before.statusCode).toBe(200);

      if (relay) await relay.cut();
      else await database.close();

      expectUnavailable(
        await request(other, 'POST', pressPath(restaurant.id, table.id), {
          body: { type: 'bill' },
        }),
      );
      expectUnavailable(
        await request(other, 'GET', `/api/restaurants/${restaurant.id}/requests`, {
          cookie: serverCookie,
        }),
      );

      if (relay) {
        // PostgreSQL is back: the next press goes through, on the same app and pool.
        await relay.restore();
        const after = await request(other, 'POST', pressPath(restaurant.id, table.id), {
          body: { type: 'bill' },
        });
        expect(after.statusCode).toBe(201);
      }
    } finally {
      await built.app.close().catch(() => undefined);
      if (relay) {
        await database.close().catch(() => undefined);
        await relay.cut();
      }
    }
  });

  it('tells a database that is away from one that refused the request', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: …'), { cause });
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: '57P01' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: '08006' })))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(databaseUnavailableCause(wrapped(new Error('Connection terminated unexpectedly')))).toBe(
      'Connection terminated unexpectedly',
    );
    // A constraint, a bad value, a deadlock, a bug: not an outage.
    for (const code of ['23505', '22P02', '40P01', '42703'])
      expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
  });
});
