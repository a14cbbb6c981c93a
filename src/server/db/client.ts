/**
 * Opens the database: PostgreSQL through node-postgres when DATABASE_URL is set, otherwise PGlite (Postgres in
 * WebAssembly) under DATA_DIR/db. Both run the same committed SQL migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema';
import { enableNamedStatements, queryNamed } from './pglite-statements';
import { RemotePGlite, type WorkerScript } from './pglite-remote';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repo function runs on the database or inside a caller's transaction. */
export type Executor = Db | Tx;

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.join(HERE, 'migrations');
/**
 * An empty, freshly initialised PGlite cluster, written beside the compiled server by `npm run build`
 * (scripts/build-server.mjs). A first start loads it instead of running initdb, which PGlite 0.5 does in a second
 * WebAssembly instance: that doubled the first start's peak memory (issue 16). From source (tsx) there is none and
 * PGlite runs initdb as before.
 */
const PGLITE_TEMPLATE = path.join(HERE, 'pglite-template.tar.gz');

/** The template's bytes when `dir` holds no cluster yet and the build made one; otherwise undefined. */
function freshClusterTemplate(dir: string): ArrayBuffer | undefined {
  if (fs.existsSync(path.join(dir, 'PG_VERSION')) || !fs.existsSync(PGLITE_TEMPLATE))
    return undefined;
  return new Uint8Array(fs.readFileSync(PGLITE_TEMPLATE)).buffer;
}

/**
 * The embedded database's worker (decision 072): compiled beside the server by `npm run build`, or its TypeScript
 * source run through tsx (from source and in tests).
 */
function workerScript(): WorkerScript {
  const compiled = path.join(HERE, 'pglite-worker.js');
  if (fs.existsSync(compiled)) return { file: compiled, execArgv: [] };
  return { file: path.join(HERE, 'pglite-worker-source.mjs'), execArgv: [] };
}

/**
 * Where PGlite runs (decision 072, `PGLITE_THREAD`): on a worker thread of its own, behind a priority queue, or on
 * the calling thread. The command line's offline tools (backup, move-to-postgres) always use their own thread.
 */
export type EmbeddedThread = 'worker' | 'main';
/** Without PGLITE_THREAD (decision 072: chosen by measuring the suite and the abuse bench). */
const DEFAULT_EMBEDDED_THREAD: EmbeddedThread = 'worker';

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `durable: false` only for the benchmark that measures fsync's cost (durable-fs.ts). */
  | { kind: 'pglite'; dataDir: string; durable?: boolean; thread?: EmbeddedThread }
  /** Tests: an in-memory PGlite loaded from a migrated template dump. */
  | { kind: 'pglite-memory'; template?: Blob; thread?: EmbeddedThread };

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Only for postgres: the pool, for LISTEN/NOTIFY and health checks. */
  pool?: pg.Pool;
  /** Only for postgres: the connection string, for a dedicated LISTEN connection. */
  url?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Only for the embedded database: fsync calls it made so far (durable-fs.ts; tests check commits reach the disk). */
  fsyncCount?: () => Promise<number>;
}

export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Table Service process (pid ${pid}). ` +
        'Stop it first, or set DATABASE_URL to use PostgreSQL. ' +
        `If pid ${pid} is not Table Service (a stale lock after a crash, its pid since reused), delete ` +
        `${path.join(dataDir, 'db.lock')} and start again.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite lets one process at a time open a data directory; a second opener would corrupt it.
 * A lock file holding the owner's pid guards it; a stale lock (dead pid) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseInUseError(dataDir, pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database that cannot be reached fails the request (503, decision 027) instead of holding it forever.
      connectionTimeoutMillis: 5_000,
    });
    // An idle client's error (e.g. the server restarting) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      url: options.url,
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let release = () => undefined as void;
  if (options.kind === 'pglite') release = acquireDataDirLock(options.dataDir);
  let client: EmbeddedClient;
  let fsyncCount: () => Promise<number>;
  try {
    if ((options.thread ?? DEFAULT_EMBEDDED_THREAD) === 'worker') {
      const remote = await openRemote(options);
      client = remote;
      fsyncCount = () => remote.fsyncCount();
    } else {
      client = await openInProcess(options);
      const { embeddedFsyncCount } = await import('./durable-fs');
      fsyncCount = () => Promise.resolve(embeddedFsyncCount());
    }
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () =>
      migratePglite(drizzlePglite(client as PGlite), { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close();
      release();
    },
    fsyncCount,
  };
}

type EmbeddedOptions = Extract<DatabaseOptions, { kind: 'pglite' | 'pglite-memory' }>;

/** The embedded database on a worker thread of its own (decision 072). */
async function openRemote(options: EmbeddedOptions): Promise<RemotePGlite> {
  const remote =
    options.kind === 'pglite'
      ? new RemotePGlite(workerScript(), {
          kind: 'dir',
          dir: path.join(options.dataDir, 'db'),
          durable: options.durable ?? true,
          template: freshClusterTemplate(path.join(options.dataDir, 'db')),
        })
      : new RemotePGlite(workerScript(), {
          kind: 'memory',
          template: options.template ? await options.template.arrayBuffer() : undefined,
        });
  try {
    await remote.ready;
  } catch (err) {
    await remote.close().catch(() => undefined);
    throw err;
  }
  return remote;
}

/**
 * PGlite on this thread. PGlite (its JS and the durable file system) is loaded only here or in the worker: a
 * PostgreSQL process never holds it in memory (issue 16, lean memory).
 */
async function openInProcess(options: EmbeddedOptions): Promise<PGlite> {
  const [{ PGlite }, { embeddedPgliteOptions }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./durable-fs'),
  ]);
  let client: PGlite;
  if (options.kind === 'pglite') {
    const dir = path.join(options.dataDir, 'db');
    const template = freshClusterTemplate(dir);
    client = await PGlite.create({
      ...embeddedPgliteOptions(dir, { durable: options.durable }),
      ...(template ? { loadDataDir: new Blob([template]) } : {}),
    });
  } else {
    client = await PGlite.create(options.template ? { loadDataDir: options.template } : {});
  }
  enableNamedStatements(client);
  return client;
}

/** PGlite on this thread, or its stand-in for the worker's. */
type EmbeddedClient = PGlite | RemotePGlite;

/** The PGlite instance under an embedded database opened on this thread (backup, move-to-postgres, tests). */
export function pgliteOf(database: Database): PGlite {
  const client = embeddedOf(database);
  if (client instanceof RemotePGlite) throw new Error('The embedded database runs on its worker');
  return client;
}

/** The embedded database's client: PGlite itself, or its worker's stand-in. */
export function embeddedOf(database: Database): EmbeddedClient {
  if (database.kind !== 'pglite') throw new Error('Not an embedded database');
  return (database.db as unknown as { $client: EmbeddedClient }).$client;
}

/** For tests: the migrated template that each test file's in-memory database starts from. */
export async function dumpPglite(database: Database): Promise<Blob> {
  return embeddedOf(database).dumpDataDir('none');
}

/** Runs raw SQL on either backend: node-postgres and PGlite both answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

function isPglite(client: unknown): client is PGlite {
  return typeof client === 'object' && client !== null && 'dumpDataDir' in client;
}

/** Which database `db` runs on. */
export function backendOf(db: Db): Database['kind'] {
  return (db as { $client?: unknown }).$client instanceof pg.Pool ? 'postgres' : 'pglite';
}

/**
 * A statement on the hot path, as SQL text with positional parameters (`$1`…; node-postgres and PGlite both send a JS
 * array as one array parameter). On PostgreSQL it runs as a named prepared statement, so each pooled connection
 * parses and plans it once instead of on every call — for the guest press's CTE the planning was most of
 * PostgreSQL's work (0.75 → 0.26 ms of PostgreSQL CPU per press, BENCHMARKS.md). `name` must be unique per text. On
 * PGlite it is a named statement of the one in-process connection too (pglite-statements.ts). Not for use inside a
 * transaction.
 */
export async function queryPreparedText<T>(
  db: Executor,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  if (client instanceof RemotePGlite) return (await client.queryNamed<T>(text, values)).rows;
  // The only other database is PGlite (not imported here: a PostgreSQL process never loads it); a transaction has
  // no $client.
  if (isPglite(client))
    return (await (queryNamed<T>(client, text, values) ?? client.query<T>(text, values))).rows;
  throw new Error('queryPreparedText needs the database itself, not a transaction');
}
