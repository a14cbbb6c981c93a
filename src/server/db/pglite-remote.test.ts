/**
 * The embedded database on its own worker thread (decision 072): the queue in front of it serves a press before
 * other work and a report only when nothing else waits; transactions, errors and named statements cross the thread
 * as PGlite's own. Orders and values only, never timings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { embeddedOf, queryPreparedText, queryRows, type Database } from './client';
import { DEFAULT_WAIT_LIMITS_MS, RemotePGlite } from './pglite-remote';
import { withDbPriority, type DbPriority } from './priority';
import { backend, createTestDatabase } from '../../../tests/support/test-db';

describe.skipIf(backend !== 'pglite')('the embedded database on its worker (decision 072)', () => {
  let database: Database;
  // Opening on a worker compiles its module and PGlite again: slow on a busy machine (decision 072).
  beforeAll(async () => {
    database = await createTestDatabase({ thread: 'worker' });
    await database.db.execute(sql`create table remote_probe (id int primary key, note text)`);
  }, 180_000);
  afterAll(() => database.close());

  /** Holds both of the worker's slots until `release` is called, with one call waiting in the worker. */
  async function holdTheWorker(): Promise<{ release: () => Promise<void> }> {
    const db = database.db;
    let endTransaction!: () => void;
    const open = new Promise<void>((resolve) => (endTransaction = resolve));
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const held = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inside();
      await open;
    });
    await entered;
    const blocked = db.execute(sql`select 'blocked'`).then(() => undefined);
    return {
      release: async () => {
        endTransaction();
        await Promise.all([held, blocked]);
      },
    };
  }

  /** Queues one call of each priority in `order` behind a held worker and answers the order they finished in. */
  async function finishingOrder(order: readonly DbPriority[]): Promise<DbPriority[]> {
    const remote = embeddedOf(database) as RemotePGlite;
    const worker = await holdTheWorker();
    const finished: DbPriority[] = [];
    const queued = order.map((priority) =>
      withDbPriority(priority, async () => {
        await database.db.execute(sql`select ${priority}::text`);
      }).then(() => {
        finished.push(priority);
      }),
    );
    await expect.poll(() => remote.queued()).toEqual({ press: 1, normal: 1, report: 1 });
    await worker.release();
    await Promise.all(queued);
    return finished;
  }

  it('lets a call that has waited past its limit go ahead of presses (ageing), a report before a normal call', async () => {
    const remote = embeddedOf(database) as RemotePGlite;
    try {
      remote.waitLimitsMs = { normal: 0, report: 3_600_000 };
      expect(await finishingOrder(['report', 'press', 'normal'])).toEqual([
        'normal',
        'press',
        'report',
      ]);
      remote.waitLimitsMs = { normal: 0, report: 0 };
      expect(await finishingOrder(['press', 'normal', 'report'])).toEqual([
        'report',
        'normal',
        'press',
      ]);
    } finally {
      remote.waitLimitsMs = { ...DEFAULT_WAIT_LIMITS_MS };
    }
  });

  it('serves a staff call during a rush of presses instead of after it (no starvation)', async () => {
    const remote = embeddedOf(database) as RemotePGlite;
    remote.waitLimitsMs = { normal: 20, report: 3_600_000 };
    try {
      const finished: string[] = [];
      const presses = Array.from({ length: 4_000 }, (_, i) =>
        // (Awaited inside: a Drizzle query starts when awaited, and must start inside the priority.)
        withDbPriority('press', async () => {
          await database.db.execute(sql`select ${i}::int`);
        }).then(() => {
          finished.push('press');
        }),
      );
      const staff = withDbPriority('normal', async () => {
        await database.db.execute(sql`select 'staff'`);
      }).then(() => {
        finished.push('staff');
      });
      await Promise.all([...presses, staff]);
      // Without ageing it would be the last of 4,001: the press queue is never empty until the rush ends.
      expect(finished.indexOf('staff')).toBeLessThan(3_000);
    } finally {
      remote.waitLimitsMs = { ...DEFAULT_WAIT_LIMITS_MS };
    }
  });

  it('runs a queued press before other work, and a report only when nothing else waits', async () => {
    const remote = embeddedOf(database);
    expect(remote).toBeInstanceOf(RemotePGlite);
    // The plain order, without ageing (a slow machine may take longer than the limits to queue the three).
    (remote as RemotePGlite).waitLimitsMs = { normal: 3_600_000, report: 3_600_000 };
    try {
      expect(await finishingOrder(['report', 'normal', 'press'])).toEqual([
        'press',
        'normal',
        'report',
      ]);
    } finally {
      (remote as RemotePGlite).waitLimitsMs = { ...DEFAULT_WAIT_LIMITS_MS };
    }
  });

  it('commits a transaction, rolls one back on the caller’s own error, and carries PostgreSQL’s error fields', async () => {
    const db = database.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into remote_probe values (1, 'kept')`);
    });
    const mine = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into remote_probe values (2, 'rolled back')`);
        throw mine;
      }),
    ).rejects.toBe(mine);
    const duplicate = await db.execute(sql`insert into remote_probe values (1, 'again')`).then(
      () => null,
      (err: unknown) => err as { code?: string; message: string },
    );
    // Drizzle wraps the driver's error; PostgreSQL's code is on it or on its cause.
    const code =
      (duplicate as { code?: string } | null)?.code ??
      (duplicate as { cause?: { code?: string } } | null)?.cause?.code;
    expect(code).toBe('23505');
    expect(
      await queryRows<{ id: number; note: string }>(
        db,
        sql`select id, note from remote_probe order by id`,
      ),
    ).toEqual([{ id: 1, note: 'kept' }]);
  });

  it('runs named statements on the worker’s connection', async () => {
    const rows = await queryPreparedText<{ n: number }>(
      database.db,
      'remote_probe_count',
      'select count(*)::int as n from remote_probe where id >= $1',
      [0],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
