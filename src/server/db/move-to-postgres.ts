/**
 * `npm run cli -- move-to-postgres --to URL`: every row of the embedded database (DATA_DIR) into an empty PostgreSQL
 * database, in one transaction that commits only when each table's row count and checksum agree on both sides
 * (docs/decisions/022).
 *
 * - The tables are every table in schema.ts: a table added there later is copied without a change here, and a table
 *   in either database that schema.ts does not name stops the move before anything is written.
 * - Rows travel as the source's own JSON text (`row_to_json`) and are parsed back by the target
 *   (`json_populate_recordset` over the table's row type), so every column type — bytea logos, bigint times, text
 *   arrays — crosses without passing through JavaScript values.
 * - Foreign keys are satisfied by the order of the tables; where two tables refer to each other (users ↔
 *   restaurants), the nullable side's column is written after every table is in.
 * - The checksum is computed by SQL on both sides: md5 over the sorted md5s of each row's text form, with the
 *   settings that shape that text (time zone, date and bytea formats) fixed on both.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase, pgliteOf } from './client';
import { hasDatabase } from './backup';
import { DataCommandError } from './data-command';
import * as schema from './schema';
import path from 'node:path';

interface TableInfo {
  name: string;
  columns: { name: string; notNull: boolean; bytea: boolean }[];
  primaryKey: string[];
  /** Foreign keys as (column names, referenced table). */
  references: { columns: string[]; table: string }[];
}

/** Every table schema.ts defines, read from drizzle's own table definitions. */
export function schemaTables(): TableInfo[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const config = getTableConfig(table);
      return {
        name: config.name,
        columns: config.columns.map((c) => ({
          name: c.name,
          notNull: c.notNull,
          bytea: c.getSQLType() === 'bytea',
        })),
        primaryKey: config.columns.some((c) => c.primary)
          ? config.columns.filter((c) => c.primary).map((c) => c.name)
          : (config.primaryKeys[0]?.columns.map((c) => c.name) ?? []),
        references: config.foreignKeys.map((fk) => {
          const ref = fk.reference();
          return {
            columns: ref.columns.map((c) => c.name),
            table: getTableConfig(ref.foreignTable).name,
          };
        }),
      };
    });
}

export interface CopyStep {
  table: TableInfo;
  /** Columns written as null at first and filled in once every table is in (a reference cycle). */
  deferred: string[];
}

/**
 * An insert order in which every foreign key points at rows already written. A table whose references cannot all
 * be met yet (a cycle, or a reference to itself) defers its nullable referencing columns; if one of them is NOT NULL
 * there is no order, and the move stops before it starts.
 */
export function copyOrder(tables: TableInfo[]): CopyStep[] {
  const steps: CopyStep[] = [];
  const done = new Set<string>();
  const remaining = [...tables];
  const unmet = (t: TableInfo) =>
    t.references.filter((r) => !done.has(r.table) || r.table === t.name);
  while (remaining.length > 0) {
    let index = remaining.findIndex((t) => unmet(t).length === 0);
    let deferred: string[] = [];
    if (index < 0) {
      index = remaining.findIndex((t) =>
        unmet(t).every((r) =>
          r.columns.every((c) => !t.columns.find((col) => col.name === c)?.notNull),
        ),
      );
      if (index < 0)
        throw new Error(
          `No copy order: ${remaining.map((t) => t.name).join(', ')} refer to each other`,
        );
      deferred = [...new Set(unmet(remaining[index]!).flatMap((r) => r.columns))];
    }
    const [table] = remaining.splice(index, 1);
    steps.push({ table: table!, deferred });
    done.add(table!.name);
  }
  return steps;
}

/** What a database answers; PGlite and node-postgres both give `{ rows }`. */
type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The settings that shape a row's text form, the same on both sides so the checksums can agree. */
const TEXT_SETTINGS = [
  "set timezone to 'UTC'",
  "set datestyle to 'ISO, MDY'",
  "set intervalstyle to 'postgres'",
  "set bytea_output to 'hex'",
  'set extra_float_digits to 1',
];

async function tableChecksum(query: Query, table: string): Promise<{ rows: string; sum: string }> {
  const [row] = await query<{ rows: string; sum: string }>(
    `select count(*)::text as rows,
       coalesce(md5(string_agg(h, '' order by h collate "C")), '') as sum
     from (select md5(t::text) as h from ${ident(table)} t) x`,
  );
  return row!;
}

const publicTables = (query: Query) =>
  query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  ).then((rows) => rows.map((r) => r.name));

const appliedMigrations = (query: Query) =>
  query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at').then(
    (rows) => rows.map((r) => r.hash),
  );

/** The URL with its password hidden, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the given URL';
  }
}

export async function moveToPostgres(
  dataDir: string,
  url: string,
  print: (line: string) => void,
): Promise<void> {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new DataCommandError('--to must be a PostgreSQL URL (postgres://USER@HOST/DATABASE).');
  const dbDir = path.join(dataDir, 'db');
  if (!hasDatabase(dbDir)) throw new DataCommandError(`No embedded database in ${dbDir}.`);
  const tables = schemaTables();
  const steps = copyOrder(tables);
  const known = new Set(tables.map((t) => t.name));
  const shown = redactUrl(url);

  // Takes DATA_DIR's lock: refused with one line while the app runs on it (DatabaseInUseError).
  const source = await openDatabase({ kind: 'pglite', dataDir, thread: 'main' });
  const target = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 });
  // A dropped connection is reported by the query that meets it; the event alone must not crash the process.
  target.on('error', () => undefined);
  try {
    await source.migrate();
    const lite = pgliteOf(source);
    const src: Query = async (text, values) => (await lite.query(text, values)).rows as never;
    try {
      await target.connect();
    } catch (err) {
      throw new DataCommandError(`Cannot connect to ${shown}: ${(err as Error).message}`);
    }
    const dst: Query = async (text, values) => (await target.query(text, values)).rows as never;
    // Same migrations on both sides, so every table has the same columns in the same order.
    try {
      await migratePg(drizzlePg(target), { migrationsFolder: MIGRATIONS_DIR });
    } catch (err) {
      throw new DataCommandError(`Cannot migrate ${shown}: ${(err as Error).message}`);
    }
    const [srcMigrations, dstMigrations] = [
      await appliedMigrations(src),
      await appliedMigrations(dst),
    ];
    if (srcMigrations.join() !== dstMigrations.join())
      throw new DataCommandError(
        `${shown} has migrations this version does not know (${dstMigrations.length} applied, ${srcMigrations.length} here): ` +
          'use an empty database.',
      );
    for (const [side, query] of [
      ['embedded', src],
      ['target', dst],
    ] as const) {
      const unknown = (await publicTables(query)).filter((name) => !known.has(name));
      if (unknown.length > 0)
        throw new DataCommandError(
          `The ${side} database has tables move-to-postgres does not know (${unknown.join(', ')}): ` +
            'nothing was copied. Every table must be defined in src/server/db/schema.ts.',
        );
    }

    for (const s of TEXT_SETTINGS) await src(s);
    await src('begin isolation level repeatable read read only');
    await dst('begin');
    let committed = false;
    try {
      for (const s of TEXT_SETTINGS) await dst(s.replace(/^set /, 'set local '));
      // Nobody writes to the target while it is filled (an app started on it too early waits).
      await dst(`lock table ${tables.map((t) => ident(t.name)).join(', ')} in exclusive mode`);
      for (const t of tables) {
        const [row] = await dst<{ any: boolean }>(
          `select exists (select 1 from ${ident(t.name)}) as any`,
        );
        if (row!.any)
          throw new DataCommandError(
            `${shown} is not empty (table ${t.name} has rows): move-to-postgres copies only into an empty database.`,
          );
      }
      for (const step of steps) await copyTable(src, dst, step);
      for (const step of steps) if (step.deferred.length) await fillDeferred(src, dst, step);
      await copySequences(src, dst);

      const report: { table: string; rows: string; ok: boolean }[] = [];
      for (const t of tables) {
        const [a, b] = [await tableChecksum(src, t.name), await tableChecksum(dst, t.name)];
        report.push({ table: t.name, rows: a.rows, ok: a.rows === b.rows && a.sum === b.sum });
      }
      const width = Math.max(...report.map((r) => r.table.length));
      print(`${'table'.padEnd(width)}  ${'rows'.padStart(8)}  check`);
      for (const r of report)
        print(`${r.table.padEnd(width)}  ${r.rows.padStart(8)}  ${r.ok ? 'ok' : 'MISMATCH'}`);
      const bad = report.filter((r) => !r.ok).map((r) => r.table);
      if (bad.length > 0)
        throw new DataCommandError(
          `Row counts or checksums differ for ${bad.join(', ')}: the move was rolled back.`,
        );
      await dst('commit');
      committed = true;
      const total = report.reduce((n, r) => n + Number(r.rows), 0);
      print(
        `Moved ${total} rows in ${report.length} tables from ${dbDir} to ${shown}. ` +
          'Start the app with DATABASE_URL set to it.',
      );
    } catch (err) {
      if (!committed) await dst('rollback').catch(() => undefined);
      if (err instanceof DataCommandError) throw err;
      throw new DataCommandError(
        `The move failed and was rolled back (${shown} is migrated and empty): ${(err as Error).message}`,
      );
    } finally {
      await src('rollback').catch(() => undefined);
    }
  } finally {
    await target.end().catch(() => undefined);
    await source.close();
  }
}

/** Rows per fetch: a logo row is up to 2 MB (4 MB as JSON hex), so tables with bytea go a few at a time. */
const fetchSize = (t: TableInfo) => (t.columns.some((c) => c.bytea) ? 4 : 500);
/** JSON characters per insert statement. */
const BATCH_CHARS = 8 * 1024 * 1024;

async function copyTable(src: Query, dst: Query, { table, deferred }: CopyStep): Promise<void> {
  const columns = table.columns.map((c) => ident(c.name)).join(', ');
  const values = table.columns
    .map((c) => (deferred.includes(c.name) ? `null as ${ident(c.name)}` : ident(c.name)))
    .join(', ');
  const insert = `insert into ${ident(table.name)} (${columns})
    select ${values} from json_populate_recordset(null::${ident(table.name)}, $1::json)`;
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await dst(insert, [`[${batch.join(',')}]`]);
    batch = [];
    chars = 0;
  };
  await src(
    `declare copy_rows no scroll cursor for select row_to_json(t)::text as j from ${ident(table.name)} t`,
  );
  try {
    for (;;) {
      const rows = await src<{ j: string }>(`fetch ${fetchSize(table)} from copy_rows`);
      if (rows.length === 0) break;
      for (const { j } of rows) {
        batch.push(j);
        chars += j.length;
      }
      if (chars >= BATCH_CHARS) await flush();
    }
    await flush();
  } finally {
    await src('close copy_rows');
  }
}

/** The columns a reference cycle left null, set from the source's values by primary key. */
async function fillDeferred(src: Query, dst: Query, { table, deferred }: CopyStep): Promise<void> {
  if (table.primaryKey.length === 0)
    throw new Error(`${table.name} has deferred columns but no primary key`);
  const picked = [...table.primaryKey, ...deferred];
  const rows = await src<{ j: string }>(
    `select row_to_json(t)::text as j from (select ${picked.map(ident).join(', ')} from ${ident(table.name)}
       where ${deferred.map((c) => `${ident(c)} is not null`).join(' or ')}) t`,
  );
  if (rows.length === 0) return;
  await dst(
    `update ${ident(table.name)} x set ${deferred.map((c) => `${ident(c)} = r.${ident(c)}`).join(', ')}
     from json_populate_recordset(null::${ident(table.name)}, $1::json) r
     where ${table.primaryKey.map((c) => `x.${ident(c)} = r.${ident(c)}`).join(' and ')}`,
    [`[${rows.map((r) => r.j).join(',')}]`],
  );
}

/** Sequences (none today: ids are text) continue where the embedded database's left off. */
async function copySequences(src: Query, dst: Query): Promise<void> {
  const sequences = await src<{ name: string; last: string | null }>(
    `select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
  );
  for (const s of sequences)
    if (s.last !== null)
      await dst('select setval($1::regclass, $2::bigint, true)', [ident(s.name), s.last]);
}
