/**
 * The data commands as an operator runs them: `backup`, `restore` and `move-to-postgres` as child processes on real
 * data directories (like cli.test.ts). Backup and restore concern the embedded database only, so they run in both
 * passes; the move needs a PostgreSQL server and runs in CI's PostgreSQL pass (DATABASE_URL set).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, openDatabase, queryRows } from './db/client';
import { schemaTables } from './db/move-to-postgres';
import {
  pushOutbox,
  pushSubscriptions,
  requests,
  restaurantLogos,
  sessions,
  tables,
  users,
} from './db/schema';
import { withDatabase } from '../../tests/support/global-setup';
import { TEST_DB_PREFIX, adminUrl } from '../../tests/support/paths';

const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-cli-data-'));
const postgresUrl = process.env.DATABASE_URL;

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The CLI on the embedded database in `dataDir` (DATABASE_URL unset: backup and restore refuse it). */
async function cli(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NO_DEMO: '1' };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await exec(tsx, [path.join(root, 'src/server/cli.ts'), ...args], {
      env,
      cwd: root,
    });
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout.trim(), stderr: e.stderr.trim() };
  }
}

/** An admin with a restaurant and tables, made through the CLI. */
async function seed(dataDir: string, tableNumbers: string[]): Promise<string> {
  const email = `owner-${randomBytes(3).toString('hex')}@example.test`;
  const admin = await cli(
    dataDir,
    'create-user',
    '--role',
    'admin',
    '--name',
    'Owner',
    '--email',
    email,
    '--password',
    'Abcdef1!',
    '--verified',
  );
  expect(admin.code, admin.stderr).toBe(0);
  const restaurant = await cli(dataDir, 'create-restaurant', '--name', 'Harbour', '--owner', email);
  expect(restaurant.code, restaurant.stderr).toBe(0);
  for (const number of tableNumbers) {
    const table = await cli(
      dataDir,
      'create-table',
      '--restaurant',
      restaurant.stdout,
      '--number',
      number,
    );
    expect(table.code, table.stderr).toBe(0);
  }
  return restaurant.stdout;
}

async function tableNumbers(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const rows = await database.db.select({ number: tables.number }).from(tables);
    return rows.map((r) => r.number).sort();
  } finally {
    await database.close();
  }
}

describe('npm run cli -- backup / restore', () => {
  const dataDir = path.join(tmp, 'backup');
  const file = path.join(tmp, 'backup.tgz');

  it('round trip: backup, change, restore refused without --force, restored with it', async () => {
    const restaurant = await seed(dataDir, ['1']);
    const backup = await cli(dataDir, 'backup', '--to', file);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(file);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    // Changed after the backup: table 2 is added.
    expect(
      (await cli(dataDir, 'create-table', '--restaurant', restaurant, '--number', '2')).code,
    ).toBe(0);

    const refused = await cli(dataDir, 'restore', '--from', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `${path.join(dataDir, 'db')} already holds a database; restore replaces it only with --force.`,
    );
    expect(await tableNumbers(dataDir)).toEqual(['1', '2']); // nothing was replaced
    const restored = await cli(dataDir, 'restore', '--from', file, '--force');
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('1 users, 1 restaurants');
    // The backup's state is back: table 1, without table 2 (made after the backup).
    expect(await tableNumbers(dataDir)).toEqual(['1']);
  }, 420_000);

  it('restores into an empty DATA_DIR', async () => {
    const fresh = path.join(tmp, 'fresh');
    const restored = await cli(fresh, 'restore', '--from', file);
    expect(restored.code, restored.stderr).toBe(0);
    expect(await tableNumbers(fresh)).toEqual(['1']);
  }, 240_000);

  it('refuses a file that is not a backup, and leaves the database alone', async () => {
    const other = path.join(tmp, 'not-a-backup.tgz');
    fs.writeFileSync(other, 'hello');
    const res = await cli(dataDir, 'restore', '--from', other, '--force');
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(`${other} is not a backup made by \`npm run cli -- backup\`.`);
    expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('both refuse while the app holds the embedded database', async () => {
    const release = acquireDataDirLock(dataDir); // stands in for a running server
    try {
      for (const args of [
        ['backup', '--to', path.join(tmp, 'while-running.tgz')],
        ['restore', '--from', file, '--force'],
      ]) {
        const res = await cli(dataDir, ...args);
        expect(res.code).toBe(1);
        expect(res.stderr).toContain('is in use by another Table Service process');
      }
    } finally {
      release();
    }
    expect(fs.existsSync(path.join(tmp, 'while-running.tgz'))).toBe(false);
  }, 120_000);

  it('backup refuses with DATABASE_URL set: PostgreSQL is backed up with pg_dump', async () => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@127.0.0.1/none' };
    const err = await exec(tsx, [path.join(root, 'src/server/cli.ts'), 'backup', '--to', file], {
      env,
      cwd: root,
    }).catch((e: { code: number; stderr: string }) => e);
    expect('code' in err && err.code).toBe(1);
    expect((err as { stderr: string }).stderr).toContain('back PostgreSQL up with pg_dump');
  }, 120_000);
});

describe('npm run cli -- move-to-postgres', () => {
  const dataDir = path.join(tmp, 'move');
  const created: string[] = [];

  /** A fresh, empty PostgreSQL database on the test server, dropped after the file. */
  async function freshDatabase(): Promise<string> {
    const name = `${TEST_DB_PREFIX}_test_move_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(postgresUrl!) });
    await admin.connect();
    await admin.query(`create database "${name}"`).finally(() => admin.end());
    created.push(name);
    return withDatabase(postgresUrl!, name);
  }

  afterAll(async () => {
    if (!postgresUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl(postgresUrl) });
    await admin.connect();
    try {
      for (const name of created)
        await admin.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await admin.end();
    }
  });

  it('refuses while the app holds the embedded database', async () => {
    await seed(dataDir, ['1']);
    const release = acquireDataDirLock(dataDir);
    try {
      const res = await cli(dataDir, 'move-to-postgres', '--to', 'postgres://x@127.0.0.1:1/none');
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('is in use by another Table Service process');
    } finally {
      release();
    }
  }, 240_000);

  const logo = randomBytes(300_000);
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

  it.runIf(postgresUrl)(
    'copies every table, row for row, with the logo byte for byte; a second move is refused',
    async () => {
      // The seed's restaurant and table 1 come from the test above; the rest is written as the services would.
      const source = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const db = source.db;
        const [restaurant] = await queryRows<{ id: string; owner_id: string }>(
          db,
          sql`select id, owner_id from restaurants`,
        );
        const [table] = await db.select().from(tables);
        const now = Date.now();
        const server = randomUUID();
        await db.insert(users).values({
          id: server,
          name: 'Sam',
          role: 'server',
          restaurantId: restaurant!.id,
          loginId: 'sam',
          authMethod: 'pin',
          pinHash: 'x',
          createdAt: now,
          updatedAt: now,
        });
        await db.update(tables).set({ serverId: server }).where(eq(tables.id, table!.id));
        await db.insert(restaurantLogos).values({
          restaurantId: restaurant!.id,
          contentType: 'image/png',
          bytes: logo,
          etag: sha256(logo),
          updatedAt: now,
        });
        const requestIds = [randomUUID(), randomUUID()];
        await db.insert(requests).values(
          requestIds.map((id, i) => ({
            id,
            restaurantId: restaurant!.id,
            tableId: table!.id,
            serverId: server,
            type: 'bill' as const,
            status: i === 0 ? ('completed' as const) : ('pending' as const),
            createdAt: now - 1000 * i,
            updatedAt: now,
          })),
        );
        await db.insert(pushSubscriptions).values({
          id: randomUUID(),
          userId: server,
          restaurantId: restaurant!.id,
          endpoint: 'https://push.example/abc',
          p256dh: 'key',
          auth: 'auth',
          createdAt: now,
        });
        await db.insert(pushOutbox).values({
          id: `new:${requestIds[1]}`,
          requestId: requestIds[1]!,
          restaurantId: restaurant!.id,
          kind: 'new',
          sentTo: ['a', 'b"c'],
          createdAt: now,
          nextAttemptAt: now,
        });
        await db.insert(sessions).values({
          id: randomUUID(),
          userId: server,
          kind: 'pin',
          createdAt: now,
          expiresAt: now + 3600_000,
        });
      } finally {
        await source.close();
      }

      const url = await freshDatabase();
      const moved = await cli(dataDir, 'move-to-postgres', '--to', url);
      expect(moved.code, moved.stderr).toBe(0);
      expect(moved.stdout).toMatch(/^restaurant_logos +1 +ok$/m);
      expect(moved.stdout).not.toContain('MISMATCH');

      const lite = await openDatabase({ kind: 'pglite', dataDir });
      const target = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        for (const { name } of schemaTables()) {
          const count = async (db: typeof lite.db) =>
            (
              await queryRows<{ n: number }>(
                db,
                sql`select count(*)::int as n from ${sql.identifier(name)}`,
              )
            )[0]!.n;
          expect({ name, rows: await count(target.db) }).toEqual({
            name,
            rows: await count(lite.db),
          });
        }
        for (const name of [
          'users',
          'restaurants',
          'tables',
          'requests',
          'push_subscriptions',
          'push_outbox',
          'sessions',
        ])
          expect(
            (
              await queryRows<{ n: number }>(
                target.db,
                sql`select count(*)::int as n from ${sql.identifier(name)}`,
              )
            )[0]!.n,
          ).toBeGreaterThan(0);
        const [copied] = await target.db.select().from(restaurantLogos);
        expect(sha256(copied!.bytes)).toBe(sha256(logo));
        const [original] = await lite.db.select().from(restaurantLogos);
        expect(sha256(original!.bytes)).toBe(sha256(logo));
        const [outbox] = await target.db.select().from(pushOutbox);
        expect(outbox!.sentTo).toEqual(['a', 'b"c']);
        // The users ↔ restaurants cycle: the server's restaurant was filled in after both tables were copied.
        const [sam] = await target.db.select().from(users).where(eq(users.loginId, 'sam'));
        expect(sam!.restaurantId).toBeTruthy();
      } finally {
        await lite.close();
        await target.close();
      }

      const again = await cli(dataDir, 'move-to-postgres', '--to', url);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        /is not empty \(table \w+ has rows\): move-to-postgres copies only into an empty database\.$/,
      );
      expect(again.stderr.split('\n')).toHaveLength(1);
    },
    300_000,
  );

  it.runIf(postgresUrl)(
    'rolls everything back when a checksum differs',
    async () => {
      const url = await freshDatabase();
      const target = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        await target.migrate();
        // Something on the target changes rows as they arrive: the copy no longer matches the source.
        await target.db.execute(
          sql.raw(`create function rename_on_insert() returns trigger language plpgsql as
          $$ begin new.name := new.name || ' (changed)'; return new; end $$;
          create trigger rename_on_insert before insert on restaurants
          for each row execute function rename_on_insert();`),
        );
        const res = await cli(dataDir, 'move-to-postgres', '--to', url);
        expect(res.code).toBe(1);
        expect(res.stdout).toMatch(/^restaurants +1 +MISMATCH$/m);
        expect(res.stderr).toBe(
          'Row counts or checksums differ for restaurants: the move was rolled back.',
        );
        const [row] = await queryRows<{ n: number }>(
          target.db,
          sql`select count(*)::int as n from users`,
        );
        expect(row!.n).toBe(0);
      } finally {
        await target.close();
      }
    },
    180_000,
  );

  it.runIf(postgresUrl)(
    'refuses a target with a table it does not know, before copying',
    async () => {
      const url = await freshDatabase();
      const target = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        await target.db.execute(sql`create table guest_notes (id int primary key)`);
        const res = await cli(dataDir, 'move-to-postgres', '--to', url);
        expect(res.code).toBe(1);
        expect(res.stderr).toContain(
          'The target database has tables move-to-postgres does not know (guest_notes)',
        );
        const [row] = await queryRows<{ n: number }>(
          target.db,
          sql`select count(*)::int as n from users`,
        );
        expect(row!.n).toBe(0);
      } finally {
        await target.close();
      }
    },
    180_000,
  );
});
