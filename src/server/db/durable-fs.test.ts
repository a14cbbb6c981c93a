/** The embedded database's durability promise (docs/decisions/023): a commit is on the disk before it is answered. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './client';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(durable?: boolean): Promise<Database> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-durable-'));
  dirs.push(dataDir);
  return openDatabase({ kind: 'pglite', dataDir, durable });
}

const setting = async (database: Database, name: string) =>
  (await queryRows<{ v: string }>(database.db, sql`select current_setting(${name}) as v`))[0]?.v;

describe('embedded database durability', () => {
  it('runs with fsync on, and every commit calls the operating system fsync', async () => {
    const database = await open();
    try {
      expect(await setting(database, 'fsync')).toBe('on');
      expect(await setting(database, 'wal_sync_method')).toBe('fsync');
      await database.db.execute(sql`create table durability_probe (n int)`);
      for (let n = 1; n <= 3; n++) {
        const before = await database.fsyncCount!();
        await database.db.execute(sql`insert into durability_probe values (${n})`);
        // The commit's WAL flush went down to the disk before the statement returned.
        expect(await database.fsyncCount!()).toBeGreaterThan(before);
      }
    } finally {
      await database.close();
    }
  }, 60_000);

  it('PGlite as shipped (durable: false, the benchmark baseline) never syncs', async () => {
    const database = await open(false);
    try {
      expect(await setting(database, 'fsync')).toBe('off');
      const before = await database.fsyncCount!();
      await database.db.execute(sql`create table durability_probe (n int)`);
      await database.db.execute(sql`insert into durability_probe values (1)`);
      expect(await database.fsyncCount!()).toBe(before);
    } finally {
      await database.close();
    }
  }, 60_000);
});
