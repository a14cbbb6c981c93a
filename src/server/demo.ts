/**
 * The demo restaurant a newcomer gets on first start (not in production): sign in, open a table's guest page,
 * press a button and watch it arrive on the server console.
 */
import type { Db } from './db/client';
import { users } from './db/schema';
import { createRestaurant } from './modules/restaurants/restaurants.service';
import { createTableRow } from './modules/tables/tables.service';
import { guestUrl } from './modules/tables/tables.mapper';
import { createPasswordUser, createPinServer } from './modules/users/users.service';

export const DEMO = {
  restaurantName: 'Demo Bistro',
  superAdmin: { name: 'Sophie Super', email: 'super@demo.test', password: 'Demo-pass1!' },
  admin: { name: 'Olivia Owner', email: 'owner@demo.test', password: 'Demo-pass1!' },
  servers: [
    { name: 'Alex Server', loginId: 'alex', pin: '1234' },
    { name: 'Sam Server', loginId: 'sam', pin: '5678' },
  ],
  tableNumbers: ['1', '2', '3', '4', '5', '6', '7', '8'],
} as const;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

export interface DemoSeed {
  /** What to print: the credentials and table 1's guest URL. */
  lines: string[];
  /** Table 1's guest page at another origin (the start-up QR code: a network address when PUBLIC_URL is unset). */
  guestPageAt: (origin: string) => string;
}

/** Creates the demo in one transaction and returns the lines to print. */
export async function seedDemo(db: Db, publicUrl: string): Promise<DemoSeed> {
  return db.transaction(async (tx) => {
    await createPasswordUser(tx, { role: 'super_admin', ...DEMO.superAdmin, verified: true });
    const admin = await createPasswordUser(tx, { role: 'admin', ...DEMO.admin, verified: true });
    const restaurant = await createRestaurant(tx, admin.id, DEMO.restaurantName);
    const tableIds: string[] = [];
    for (const n of DEMO.tableNumbers)
      tableIds.push((await createTableRow(tx, restaurant.id, n)).id);
    for (const s of DEMO.servers) await createPinServer(tx, { restaurantId: restaurant.id, ...s });
    const table1 = tableIds[0]!;
    const lines = [
      `Demo restaurant "${restaurant.name}" created (tables 1–8).`,
      `  Super admin:  ${DEMO.superAdmin.email} / ${DEMO.superAdmin.password}`,
      `  Admin:        ${DEMO.admin.email} / ${DEMO.admin.password}`,
      ...DEMO.servers.map((s) => `  Server:       login ID ${s.loginId} / PIN ${s.pin}`),
      `  Guest page of table 1: ${guestUrl(publicUrl, restaurant.id, table1)}`,
    ];
    return { lines, guestPageAt: (origin: string) => guestUrl(origin, restaurant.id, table1) };
  });
}
