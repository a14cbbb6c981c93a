/**
 * Benchmark databases: a fresh PGlite data directory or a fresh PostgreSQL database, migrated and seeded directly
 * (before any server starts) so that setting up 1,000 staff costs seconds, not 1,000 argon2 sign-ins.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { restaurants, sessions, tables, users } from '../../src/server/db/schema';
import { newTableId } from '../../src/server/modules/tables/tables.service';
import { hashSecret } from '../../src/server/modules/users/users.service';
import { PRESS_BUDGET_MAX, SESSION_COOKIE } from '@shared/constants';
import { onCleanup } from './server';

export type Backend = 'pglite' | 'postgres';

/** Never DATABASE_URL: a benchmark must not touch a database it was not pointed at on purpose. */
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  backend: Backend;
  /** PostgreSQL: the database's name. */
  name?: string;
  /** What the server child needs in its environment to use this database. */
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}

export async function postgresAvailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>(
      "select current_setting('server_version') as v",
    );
    return rows[0]?.v ?? 'unknown';
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createBenchDatabase(backend: Backend): Promise<BenchDatabase> {
  if (backend === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-bench-'));
    const drop = () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true }));
    onCleanup(drop);
    return {
      backend,
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      drop,
    };
  }
  const name = `ts_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`).finally(() => admin.end());
  const url = withDatabase(POSTGRES_URL, name);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    const a = new pg.Client({ connectionString: POSTGRES_URL });
    await a.connect();
    await a.query(`drop database if exists "${name}" with (force)`).finally(() => a.end());
  };
  onCleanup(drop);
  return {
    backend,
    name,
    env: { DATABASE_URL: url },
    open: () => openDatabase({ kind: 'postgres', url, poolSize: 4 }),
    drop,
  };
}

interface StaffMember {
  userId: string;
  restaurantId: string;
  /** Cookie header value carrying a live session. */
  cookie: string;
}

export interface SeededRestaurant {
  id: string;
  staff: StaffMember[];
  tableIds: string[];
}

export interface FleetSpec {
  restaurants: number;
  staffPerRestaurant: number;
  tablesPerRestaurant: number;
}

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * R restaurants, each with an owner, S servers holding a live PIN session, and T unassigned tables. Sessions are
 * rows as AuthService.issue writes them: a random token in the cookie, its SHA-256 hex as the id.
 */
export async function seedFleet(
  bench: BenchDatabase,
  spec: FleetSpec,
): Promise<SeededRestaurant[]> {
  const database = await bench.open();
  try {
    await database.migrate();
    const hash = await hashSecret('bench-unused-1!');
    const now = Date.now();
    const owners: (typeof users.$inferInsert)[] = [];
    const restaurantRows: (typeof restaurants.$inferInsert)[] = [];
    const servers: (typeof users.$inferInsert)[] = [];
    const tableRows: (typeof tables.$inferInsert)[] = [];
    const sessionRows: (typeof sessions.$inferInsert)[] = [];
    const fleet: SeededRestaurant[] = [];
    const pad = (n: number) => String(n).padStart(5, '0');
    for (let r = 0; r < spec.restaurants; r++) {
      const ownerId = randomUUID();
      const restaurantId = `bench-${pad(r)}`;
      owners.push({
        id: ownerId,
        name: `Owner ${r}`,
        email: `owner-${pad(r)}@bench.test`,
        role: 'admin',
        authMethod: 'password',
        passwordHash: hash,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      restaurantRows.push({
        id: restaurantId,
        name: `Bench ${r}`,
        ownerId,
        // The benches rush restaurants far past a real floor's rate: the press budget (decision 088) must not be
        // what they measure.
        pressBudgetPerMinute: PRESS_BUDGET_MAX,
        createdAt: now,
        updatedAt: now,
      });
      const seeded: SeededRestaurant = { id: restaurantId, staff: [], tableIds: [] };
      for (let s = 0; s < spec.staffPerRestaurant; s++) {
        const userId = randomUUID();
        servers.push({
          id: userId,
          name: `Server ${r}.${s}`,
          role: 'server',
          restaurantId,
          loginId: `b${pad(r)}s${s}`,
          authMethod: 'pin',
          pinHash: hash,
          createdAt: now,
          updatedAt: now,
        });
        const token = randomBytes(32).toString('base64url');
        sessionRows.push({
          id: createHash('sha256').update(token).digest('hex'),
          userId,
          kind: 'pin',
          createdAt: now,
          expiresAt: now + 14 * 3_600_000,
        });
        seeded.staff.push({ userId, restaurantId, cookie: `${SESSION_COOKIE}=${token}` });
      }
      for (let t = 1; t <= spec.tablesPerRestaurant; t++) {
        const id = newTableId();
        tableRows.push({
          id,
          restaurantId,
          number: String(t),
          status: 'available',
          createdAt: now,
          updatedAt: now,
        });
        seeded.tableIds.push(id);
      }
      fleet.push(seeded);
    }
    await database.db.transaction(async (tx) => {
      await insertChunked(owners, 1000, (c) => tx.insert(users).values(c));
      await insertChunked(restaurantRows, 1000, (c) => tx.insert(restaurants).values(c));
      await insertChunked(servers, 1000, (c) => tx.insert(users).values(c));
      await insertChunked(tableRows, 2000, (c) => tx.insert(tables).values(c));
      await insertChunked(sessionRows, 2000, (c) => tx.insert(sessions).values(c));
    });
    // Fresh statistics, so the planner sees 50,000 tables as it would in a database that grew to them.
    await database.db.execute(sql`analyze`);
    return fleet;
  } finally {
    await database.close();
  }
}
