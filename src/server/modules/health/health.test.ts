/**
 * The health checks a load balancer polls: live answers while the process runs; ready goes 503 and names the part
 * that fails — the database, the live bus (PostgreSQL's LISTEN connection), the migrations.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { healthResponseSchema } from '@shared/health';
import { openDatabase } from '../../db/client';
import { InProcessBus } from '../../live/bus';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { adminUrl } from '../../../../tests/support/paths';
import { backend } from '../../../../tests/support/test-db';
import { HealthService } from './health.service';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close().catch(() => undefined);
  t = undefined;
});

/** The test database's URL on a port where nothing listens, as when PostgreSQL is stopped. */
function unreachableUrl(app: TestApp): string {
  const url = new URL(app.database.url!);
  url.port = '1';
  return url.toString();
}

async function ready(app: TestApp) {
  const res = await request(app, 'GET', '/api/health/ready');
  return { status: res.statusCode, body: healthResponseSchema.parse(res.json()) };
}

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('health', () => {
  describe('on a healthy instance', () => {
    let healthy: TestApp;
    beforeAll(async () => {
      healthy = await createTestApp();
    });
    afterAll(() => healthy.close());

    it('live answers 200 ok, uncached', async () => {
      const res = await request(healthy, 'GET', '/api/health/live');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('ready answers 200 ok on a migrated database with its bus connected', async () => {
      expect(await ready(healthy)).toEqual({ status: 200, body: { status: 'ok' } });
    });

    it('probes are not rate-limited: a balancer polling from one address keeps getting answers', async () => {
      const statuses = new Set<number>();
      for (let i = 0; i < 300; i++)
        statuses.add((await request(healthy, 'GET', '/api/health/live')).statusCode);
      expect([...statuses]).toEqual([200]);
    });
  });

  it.skipIf(backend !== 'pglite')(
    'ready answers 503 naming the database when the embedded database is closed',
    async () => {
      t = await createTestApp();
      await (t.database.db as unknown as { $client: PGlite }).$client.close();
      expect(await ready(t)).toEqual({
        status: 503,
        body: { status: 'unavailable', failing: ['database'] },
      });
    },
  );

  it.skipIf(backend !== 'postgres')(
    'ready names the database when PostgreSQL does not answer (nothing listens at its address)',
    async () => {
      t = await createTestApp();
      const stopped = await openDatabase({ kind: 'postgres', url: unreachableUrl(t) });
      try {
        expect(await new HealthService(stopped.db, new InProcessBus()).ready()).toEqual({
          status: 'unavailable',
          failing: ['database'],
        });
      } finally {
        await stopped.close();
      }
    },
  );

  it('ready answers 503 naming the migrations when the database lacks one this build ships', async () => {
    t = await createTestApp();
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await ready(t)).toEqual({
      status: 503,
      body: { status: 'unavailable', failing: ['migrations'] },
    });
  });

  it('ready names the bus when the live bus is not connected', async () => {
    t = await createTestApp();
    const bus = new InProcessBus();
    await bus.close();
    expect(await new HealthService(t.database.db, bus).ready()).toEqual({
      status: 'unavailable',
      failing: ['bus'],
    });
  });

  it.skipIf(backend !== 'postgres')(
    'ready answers 503 naming the bus while PostgreSQL LISTEN connection is gone, 200 once it is back',
    async () => {
      t = await createTestApp();
      const url = new URL(t.database.url!);
      const name = url.pathname.slice(1);
      const admin = new pg.Client({ connectionString: adminUrl(t.database.url!) });
      await admin.connect();
      try {
        // New connections to the test database are refused, so the bus cannot reconnect at once; then its LISTEN
        // backend is terminated (the pool's open connections stay, so the database still answers).
        await admin.query(`alter database "${name}" allow_connections false`);
        const killed = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = $1 and query ilike 'LISTEN %'`,
          [name],
        );
        expect(killed.rowCount).toBe(1);
        const down = await until(
          () => ready(t!),
          (r) => r.status === 503,
        );
        expect(down.status).toBe(503);
        expect(down.body).toMatchObject({ status: 'unavailable' });
        expect(down.body.status === 'unavailable' && down.body.failing).toContain('bus');
        await admin.query(`alter database "${name}" allow_connections true`);
        const up = await until(
          () => ready(t!),
          (r) => r.status === 200,
        );
        expect(up).toEqual({ status: 200, body: { status: 'ok' } });
      } finally {
        await admin.query(`alter database "${name}" allow_connections true`).catch(() => undefined);
        await admin.end();
      }
    },
  );
});
