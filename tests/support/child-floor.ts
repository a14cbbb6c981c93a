/**
 * A restaurant seeded straight into the database that child servers (child-server.ts) will open: the test's own
 * PostgreSQL database, or an embedded one in a temporary DATA_DIR (closed again, since the server must own it).
 * An admin, `tables` tables numbered from 1, and server `kim` with PIN 2468.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PRESS_BUDGET_MAX } from '@shared/constants';
import { openDatabase, type Database } from '../../src/server/db/client';
import { restaurants } from '../../src/server/db/schema';
import { createRestaurant } from '../../src/server/modules/restaurants/restaurants.service';
import { createTableRow } from '../../src/server/modules/tables/tables.service';
import { createPasswordUser, createPinServer } from '../../src/server/modules/users/users.service';
import { backend, createTestDatabase } from './test-db';

export interface ChildFloor {
  /** The environment a child server needs to open this database. */
  env: Record<string, string>;
  restaurantId: string;
  tableIds: string[];
  /** Runs `fn` on the database; on the embedded one only while no child server holds it. */
  withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function seedChildFloor(name: string, tables: number): Promise<ChildFloor> {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-');
  let pgDatabase: Database | null = null;
  let dataDir = '';
  let env: Record<string, string>;
  let database: Database;
  if (backend === 'postgres') {
    pgDatabase = await createTestDatabase();
    database = pgDatabase;
    env = { DATABASE_URL: pgDatabase.url! };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ts-${slug}-`));
    database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    env = { DATA_DIR: dataDir };
  }
  const admin = await createPasswordUser(database.db, {
    role: 'admin',
    name: 'Owner',
    email: `owner@${slug}.test`,
    password: 'Abcdef1!',
    verified: true,
  });
  const restaurantId = (await createRestaurant(database.db, admin.id, name)).id;
  // A rush of hundreds of presses a second is what these tests make; the restaurant's own press budget (decision
  // 088, 120 a minute by default) would refuse most of it, so the floor takes the most a restaurant may set.
  await database.db
    .update(restaurants)
    .set({ pressBudgetPerMinute: PRESS_BUDGET_MAX })
    .where(eq(restaurants.id, restaurantId));
  const tableIds: string[] = [];
  for (let i = 1; i <= tables; i++)
    tableIds.push((await createTableRow(database.db, restaurantId, String(i))).id);
  await createPinServer(database.db, { restaurantId, name: 'Kim', loginId: 'kim', pin: '2468' });
  if (!pgDatabase) await database.close();

  return {
    env,
    restaurantId,
    tableIds,
    async withDatabase(fn) {
      if (pgDatabase) return fn(pgDatabase);
      const embedded = await openDatabase({ kind: 'pglite', dataDir });
      try {
        return await fn(embedded);
      } finally {
        await embedded.close();
      }
    },
    async close() {
      await pgDatabase?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
