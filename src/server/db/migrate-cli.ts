/** `npm run db:migrate`: apply the committed migrations to the configured database, idempotently. */
import { loadEnv } from '../env';
import { databaseOptionsFromEnv } from './options';
import { openDatabase } from './client';

const env = loadEnv();
const database = await openDatabase(databaseOptionsFromEnv(env));
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
