/** A fresh, migrated database for one test file, on the backend this run uses (PGlite, or PostgreSQL by DATABASE_URL). */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database, type EmbeddedThread } from '../../src/server/db/client';
import { withDatabase } from './global-setup';
import { TEMPLATE_DB, TEMPLATE_DUMP, TEST_DB_PREFIX, adminUrl } from './paths';

export const backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * The embedded database runs on the test's own thread unless `PGLITE_THREAD=worker` (decision 072): every test
 * database opened on a worker pays the worker's start-up (its module and PGlite's WebAssembly compiled again, the
 * template copied across), so the suite stays on the main thread by default; `thread` overrides both.
 */
export async function createTestDatabase(
  options: { thread?: EmbeddedThread } = {},
): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = new Blob([fs.readFileSync(TEMPLATE_DUMP)]);
    const thread = options.thread ?? (process.env.PGLITE_THREAD === 'worker' ? 'worker' : 'main');
    return openDatabase({ kind: 'pglite-memory', template, thread });
  }
  const name = `${TEST_DB_PREFIX}_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabase(url, name),
    poolSize: 5,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl(url) });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`).finally(() => a.end());
    },
  };
}
