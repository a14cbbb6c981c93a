/** `npm run db:migrate`: apply the committed migrations to the configured database, idempotently. */
import { EnvError, loadEnv } from '../env';
import { databaseOptionsFromEnv } from './options';
import { DatabaseInUseError, openDatabase, type Database } from './client';

async function main(): Promise<number> {
  let database: Database;
  try {
    // Like main.ts and the CLI: a bad variable or a held data directory is one message, not a stack trace.
    database = await openDatabase(databaseOptionsFromEnv(loadEnv()));
  } catch (err) {
    if (err instanceof EnvError || err instanceof DatabaseInUseError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind}).`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
