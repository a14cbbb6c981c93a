/**
 * The embedded database on its own worker thread (decision 072): the queue in front of it serves a press before
 * other work and a report only when nothing else waits; transactions, errors and named statements cross the thread
 * as PGlite's own. Orders and values only, never timings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { embeddedOf, queryPreparedText, queryRows, type Database } from './client';
import { RemotePGlite } from './pglite-remote';
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

  it('runs a queued press before other work, and a report only when nothing else waits', async () => {
    const remote = embeddedOf(database);
    expect(remote).toBeInstanceOf(RemotePGlite);
    const db = database.db;
    // Both of the worker's slots taken: a transaction held open, and a call waiting behind it in the worker.
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
    // (Drizzle's queries start when awaited: `then` starts this one now.)
    const blocked = db.execute(sql`select 'blocked'`).then(() => undefined);
    const finished: DbPriority[] = [];
    const queued = (['report', 'normal', 'press'] as const).map((priority) =>
      withDbPriority(priority, async () => {
        await db.execute(sql`select ${priority}::text`);
      }).then(() => {
        finished.push(priority);
      }),
    );
    await expect
      .poll(() => (remote as RemotePGlite).queued())
      .toEqual({ press: 1, normal: 1, report: 1 });
    endTransaction();
    await Promise.all([held, blocked, ...queued]);
    expect(finished).toEqual(['press', 'normal', 'report']);
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
