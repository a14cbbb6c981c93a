/**
 * Issue 25: tables and staff per restaurant are capped (MAX_TABLES_PER_RESTAURANT, MAX_STAFF_PER_RESTAURANT), with
 * a clear 409, and the cap holds when creates race (checked under a lock on the restaurant's row).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { tables, users } from '../../db/schema';
import { MSG } from '@shared/messages';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeFloor, makeRestaurant, PASSWORD } from '../../../../tests/support/factories';

const CAPS = { tables: 3, staff: 2 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ restaurantCaps: CAPS });
});
afterAll(() => t.close());

const addTable = (restaurantId: string, cookie: string, number: string) =>
  request(t, 'POST', `/api/restaurants/${restaurantId}/tables`, { cookie, body: { number } });
const addPinStaff = (restaurantId: string, cookie: string, tag: string) =>
  request(t, 'POST', `/api/restaurants/${restaurantId}/staff`, {
    cookie,
    body: { mode: 'pin', name: `Cap ${tag}`, loginId: `cap-${tag}`, pin: '1234' },
  });
const countTables = async (restaurantId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(tables)
      .where(eq(tables.restaurantId, restaurantId))
  )[0]!.n;
const countServers = async (restaurantId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.restaurantId, restaurantId), eq(users.role, 'server')))
  )[0]!.n;
const tag = () => Math.random().toString(36).slice(2, 10);

describe('tables per restaurant', () => {
  it('refuses one table past the cap with 409 table_limit, and has room again after a delete', async () => {
    const { admin, adminCookie } = await makeFloor(t); // makeFloor's restaurant already has table 3
    const restaurant = await makeRestaurant(t, admin.user.id);
    const made = [];
    for (const n of ['1', '2', '3']) made.push(await addTable(restaurant.id, adminCookie, n));
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const over = await addTable(restaurant.id, adminCookie, '4');
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'table_limit',
      message: MSG.tableLimit(CAPS.tables),
      values: { max: CAPS.tables },
    });
    expect(await countTables(restaurant.id)).toBe(3);
    const first = made[0]!.json().table.id as string;
    expect(
      (await request(t, 'DELETE', `/api/tables/${first}`, { cookie: adminCookie })).statusCode,
    ).toBe(204);
    expect((await addTable(restaurant.id, adminCookie, '4')).statusCode).toBe(201);
  });

  it('holds the cap when ten creates race', async () => {
    const { admin, adminCookie } = await makeFloor(t);
    const restaurant = await makeRestaurant(t, admin.user.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => addTable(restaurant.id, adminCookie, String(i + 1))),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CAPS.tables);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10 - CAPS.tables);
    expect(await countTables(restaurant.id)).toBe(CAPS.tables);
  });
});

describe('staff per restaurant', () => {
  it('counts PIN and password staff alike and refuses one past the cap with 409 staff_limit', async () => {
    const { admin, adminCookie, restaurant: floor } = await makeFloor(t);
    const restaurant = await makeRestaurant(t, admin.user.id);
    expect((await addPinStaff(restaurant.id, adminCookie, tag())).statusCode).toBe(201);
    const password = await request(t, 'POST', `/api/restaurants/${restaurant.id}/staff`, {
      cookie: adminCookie,
      body: {
        mode: 'password',
        name: 'Cap P',
        email: `cap-${tag()}@example.test`,
        password: PASSWORD,
      },
    });
    expect(password.statusCode).toBe(201);
    const over = await addPinStaff(restaurant.id, adminCookie, tag());
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'staff_limit',
      message: MSG.staffLimit(CAPS.staff),
      values: { max: CAPS.staff },
    });
    // The cap is per restaurant: the admin's other restaurant (makeFloor's, one server) still has room.
    expect(await countServers(restaurant.id)).toBe(2);
    expect((await addPinStaff(floor.id, adminCookie, tag())).statusCode).toBe(201);
  });

  it('holds the cap when eight creates race', async () => {
    const { admin, adminCookie } = await makeFloor(t);
    const restaurant = await makeRestaurant(t, admin.user.id);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => addPinStaff(restaurant.id, adminCookie, tag())),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CAPS.staff);
    expect(statuses.filter((s) => s === 409)).toHaveLength(8 - CAPS.staff);
    expect(await countServers(restaurant.id)).toBe(CAPS.staff);
  });
});
