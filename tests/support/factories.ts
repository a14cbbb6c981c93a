/** Each test makes its own data through these, via the same services the app uses. */
import { randomBytes, randomUUID } from 'node:crypto';
import { requests } from '../../src/server/db/schema';
import type { RequestType } from '@shared/rules';
import { createRestaurant } from '../../src/server/modules/restaurants/restaurants.service';
import { createTableRow } from '../../src/server/modules/tables/tables.service';
import { createPasswordUser, createPinServer } from '../../src/server/modules/users/users.service';
import { request, sessionCookie, type TestApp } from './test-app';

const unique = () => randomBytes(4).toString('hex');
export const PASSWORD = 'Secret-pass1!';

export async function makeAdmin(
  t: TestApp,
  overrides: { verified?: boolean; email?: string } = {},
) {
  const email = overrides.email ?? `admin-${unique()}@example.test`;
  const user = await createPasswordUser(t.database.db, {
    role: 'admin',
    name: 'Admin ' + unique(),
    email,
    password: PASSWORD,
    verified: overrides.verified ?? true,
  });
  return { user, email, password: PASSWORD };
}

export async function makeSuperAdmin(t: TestApp) {
  const email = `super-${unique()}@example.test`;
  const user = await createPasswordUser(t.database.db, {
    role: 'super_admin',
    name: 'Super ' + unique(),
    email,
    password: PASSWORD,
    verified: true,
  });
  return { user, email, password: PASSWORD };
}

export async function makeRestaurant(t: TestApp, ownerId?: string, name = 'Bistro ' + unique()) {
  const owner = ownerId ?? (await makeAdmin(t)).user.id;
  return createRestaurant(t.database.db, owner, name);
}

export async function makeServer(t: TestApp, restaurantId: string, pin = '1234') {
  const loginId = 's' + unique();
  const user = await createPinServer(t.database.db, {
    restaurantId,
    name: 'Server ' + loginId,
    loginId,
    pin,
  });
  return { user, loginId, pin };
}

export async function makeTable(
  t: TestApp,
  restaurantId: string,
  number = String(Math.floor(Math.random() * 1e6)),
) {
  return createTableRow(t.database.db, restaurantId, number);
}

let staffAddresses = 0;
/**
 * Each factory sign-in comes from an address of its own (10.x.y.z), as staff on their own phones would: the
 * per-address sign-in limit (decision 026) is for floods, and tests that sign many users in are not one.
 */
export const nextStaffAddress = () => {
  const n = ++staffAddresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export async function signInServer(
  t: TestApp,
  server: { loginId: string; pin: string },
): Promise<string> {
  const res = await request(t, 'POST', '/api/auth/pin-login', {
    body: { loginId: server.loginId, pin: server.pin },
    remoteAddress: nextStaffAddress(),
  });
  return sessionCookie(res);
}

export async function signInPassword(
  t: TestApp,
  account: { email: string; password: string },
): Promise<string> {
  const res = await request(t, 'POST', '/api/auth/login', {
    body: { email: account.email, password: account.password },
    remoteAddress: nextStaffAddress(),
  });
  return sessionCookie(res);
}

/** A restaurant with its owner, a signed-in server and a table. */
export async function makeFloor(t: TestApp) {
  const admin = await makeAdmin(t);
  const restaurant = await makeRestaurant(t, admin.user.id);
  const server = await makeServer(t, restaurant.id);
  const table = await makeTable(t, restaurant.id, '3');
  const serverCookie = await signInServer(t, server);
  const adminCookie = await signInPassword(t, admin);
  return { admin, restaurant, server, table, serverCookie, adminCookie };
}

/** A request written straight into the table, with its times: analytics tests on known figures. */
export interface SeedRequest {
  restaurantId: string;
  tableId: string;
  createdAt: number;
  type?: RequestType;
  /** ms after creation; with `by` the one who took it. */
  ackAfter?: number;
  completeAfter?: number;
  dismissAfter?: number;
  by?: string | null;
  escalated?: boolean;
}

export async function seedRequest(t: TestApp, s: SeedRequest): Promise<void> {
  const resolvedAfter = s.completeAfter ?? s.dismissAfter;
  await t.database.db.insert(requests).values({
    id: randomUUID(),
    restaurantId: s.restaurantId,
    tableId: s.tableId,
    type: s.type ?? 'order',
    status:
      s.completeAfter !== undefined
        ? 'completed'
        : s.dismissAfter !== undefined
          ? 'dismissed'
          : s.ackAfter !== undefined
            ? 'acknowledged'
            : 'pending',
    escalatedAt: s.escalated ? s.createdAt + 3 * 60_000 : null,
    acknowledgedAt: s.ackAfter === undefined ? null : s.createdAt + s.ackAfter,
    acknowledgedBy: s.ackAfter === undefined ? null : (s.by ?? null),
    resolvedAt: resolvedAfter === undefined ? null : s.createdAt + resolvedAfter,
    resolvedBy: resolvedAfter === undefined ? null : (s.by ?? null),
    createdAt: s.createdAt,
    updatedAt: s.createdAt + (resolvedAfter ?? s.ackAfter ?? 0),
  });
}
