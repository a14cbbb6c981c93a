/**
 * Once per test run: a migrated database template. PGlite's initdb costs seconds and hundreds of MB, so it runs
 * once and every test file loads the dump into its own in-memory instance. With DATABASE_URL, a migrated
 * template database is made and each test file clones it.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { dumpPglite, openDatabase } from '../../src/server/db/client';
import { TEMPLATE_DB, TEMPLATE_DUMP, TEST_DB_PATTERN, adminUrl } from './paths';

export default async function setup(): Promise<void> {
  fs.mkdirSync(path.dirname(TEMPLATE_DUMP), { recursive: true });
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    try {
      // Leftover test databases of an interrupted run.
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1 or datname = $2',
        [TEST_DB_PATTERN, TEMPLATE_DB],
      );
      for (const r of rows)
        await admin.query(`drop database if exists "${r.datname}" with (force)`);
      await admin.query(`create database "${TEMPLATE_DB}"`);
    } finally {
      await admin.end();
    }
    const db = await openDatabase({ kind: 'postgres', url: withDatabase(url, TEMPLATE_DB) });
    await db.migrate();
    await db.close();
    return;
  }
  const db = await openDatabase({ kind: 'pglite-memory', thread: 'main' });
  await db.migrate();
  const blob = await dumpPglite(db);
  fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(await blob.arrayBuffer()));
  await db.close();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}
