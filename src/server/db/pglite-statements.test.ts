/**
 * Named statements on the embedded database (pglite-statements.ts, decision 053): the same answers as PGlite's own
 * query(), errors as PGlite gives them, a statement whose tables changed is prepared again, and a call never runs
 * inside another caller's open transaction. PGlite only: on PostgreSQL node-postgres names the statements itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteOf, queryPreparedText, type Database } from './client';
import { queryNamed, registerNamedStatement } from './pglite-statements';
import { backend, createTestDatabase } from '../../../tests/support/test-db';

describe.skipIf(backend !== 'pglite')('named statements on PGlite', () => {
  let database: Database;
  let client: PGlite;
  beforeAll(async () => {
    database = await createTestDatabase({ thread: 'main' });
    client = pgliteOf(database);
    await client.exec(`
      create table probe (id text primary key, n bigint, at timestamptz, tags text[], note text);
      insert into probe values ('a', 1, '2026-01-02T03:04:05Z', '{x,y}', null), ('b', 9007199254740993, null, '{}', 'it''s');
    `);
  });
  afterAll(() => database.close());

  const SELECT = 'select id, n, at, tags, note from probe where id = any($1::text[]) order by id';

  it('answers as PGlite does, as objects and as arrays, with the caller’s parsers', async () => {
    const plain = await client.query(SELECT, [['a', 'b']]);
    const named = await queryNamed(client, SELECT, [['a', 'b']]);
    expect(named!.rows).toEqual(plain.rows);
    expect(named!.rows[1]).toMatchObject({ n: 9007199254740993n, note: "it's", tags: [] });

    // Drizzle's prepared statements call query(): once the text is registered, that call takes the named path.
    const options = { rowMode: 'array' as const, parsers: { 1184: (v: string) => `at:${v}` } };
    const plainArrays = await client.query(SELECT, [['a']], options);
    registerNamedStatement(client, SELECT);
    const viaQuery = await client.query(SELECT, [['a']], options);
    expect(viaQuery.rows).toEqual(plainArrays.rows);
    expect(viaQuery.rows).toEqual([['a', 1, 'at:2026-01-02 03:04:05+00', ['x', 'y'], null]]);
  });

  it('gives a statement’s error with its SQLSTATE, and the database stays usable', async () => {
    const insert = 'insert into probe (id, n) values ($1, $2) returning id';
    expect(
      (await queryPreparedText<{ id: string }>(database.db, 'probe_insert', insert, ['c', 3]))[0],
    ).toEqual({
      id: 'c',
    });
    const duplicate = await queryPreparedText(database.db, 'probe_insert', insert, ['c', 4]).catch(
      (err: unknown) => err,
    );
    // The statement's text rides with the SQLSTATE (for the log); its values do not.
    expect(duplicate).toMatchObject({ code: '23505', query: insert });
    expect(duplicate).not.toHaveProperty('params');
    expect((await queryNamed(client, SELECT, [['c']]))!.rows).toHaveLength(1);
    // A value of the wrong type is the statement's error too (22P02), not a broken connection.
    await expect(queryNamed(client, insert, ['d', 'not a number'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('prepares a statement again when its table changed under it', async () => {
    const star = 'select * from probe where id = $1';
    expect(Object.keys((await queryNamed<object>(client, star, ['a']))!.rows[0]!)).not.toContain(
      'extra',
    );
    const named = async () =>
      (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
        .rows[0]!.n;
    const before = await named();
    await client.exec('alter table probe add column extra int default 7');
    expect((await queryNamed<{ extra: number }>(client, star, ['a']))!.rows[0]!.extra).toBe(7);
    expect(await named()).toBe(before); // the stale one was closed, not left beside the new one
  });

  it('waits for another caller’s transaction instead of running inside it', async () => {
    const count = 'select count(*)::int as n from probe where id like $1';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = client.transaction(async (t) => {
      await t.query(`insert into probe (id) values ('tx-1')`);
      await held;
      await t.rollback();
    });
    await new Promise((r) => setTimeout(r, 20));
    let answered = false;
    const read = queryNamed<{ n: number }>(client, count, ['tx-%'])!.then((r) => {
      answered = true;
      return r.rows[0]!.n;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false); // it waits for the transaction…
    release();
    await tx;
    expect(await read).toBe(0); // …and never saw its row.
  });

  it('says the database is closed once it is', async () => {
    const other = await createTestDatabase({ thread: 'main' });
    const pg = pgliteOf(other);
    expect((await queryNamed<{ one: number }>(pg, 'select $1::int as one', [1]))!.rows).toEqual([
      { one: 1 },
    ]);
    await other.close();
    await expect(queryNamed(pg, 'select $1::int as one', [1])).rejects.toThrow(/PGlite is closed/);
  });
});
