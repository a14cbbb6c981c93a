/**
 * Seeds the e2e database before scripts/e2e-server.mjs starts the app: the demo (as a first start would), plus the
 * accounts of tests/e2e/seed-data.ts. The embedded database is opened by one process at a time, so this runs first
 * and exits; the server then finds the database seeded and leaves it as it is.
 */
import { openDatabase } from '../src/server/db/client';
import { databaseOptionsFromEnv } from '../src/server/db/options';
import { isDatabaseEmpty, seedDemo } from '../src/server/demo';
import { loadEnv } from '../src/server/env';
import { createPasswordUser } from '../src/server/modules/users/users.service';
import { E2E_SEED } from '../tests/e2e/seed-data';

const env = loadEnv();
const database = await openDatabase(databaseOptionsFromEnv(env));
try {
  await database.migrate();
  if (await isDatabaseEmpty(database.db)) {
    await seedDemo(database.db, env.PUBLIC_URL);
    await createPasswordUser(database.db, {
      role: 'admin',
      ...E2E_SEED.adminWithoutRestaurant,
      verified: true,
    });
    await createPasswordUser(database.db, {
      role: 'admin',
      ...E2E_SEED.firstRunOwner,
      verified: true,
    });
    await createPasswordUser(database.db, {
      role: 'admin',
      ...E2E_SEED.forgetfulOwner,
      verified: true,
    });
    await createPasswordUser(database.db, {
      role: 'admin',
      ...E2E_SEED.chainOwner,
      verified: true,
    });
  }
} finally {
  await database.close();
}
