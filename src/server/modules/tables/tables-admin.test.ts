/** Adding and deleting tables as their owner (SPEC §2 /admin/tables, §5 Add table). */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '../../db/schema';
import { MSG } from '@shared/messages';
import { tableSchema } from '@shared/schemas';
import {
  createTestApp,
  PUBLIC_URL,
  request,
  type TestApp,
} from '../../../../tests/support/test-app';
import { makeFloor, makeTable } from '../../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const tablesOf = (restaurantId: string) =>
  t.database.db.select().from(tables).where(eq(tables.restaurantId, restaurantId));
const addTable = (restaurantId: string, cookie: string, number: unknown) =>
  request(t, 'POST', `/api/restaurants/${restaurantId}/tables`, { cookie, body: { number } });

describe('POST /api/restaurants/:id/tables', () => {
  it('adds an available, unassigned table with the trimmed number and its guest URL', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const changed = vi.spyOn(t.services.live, 'tableChanged');
    const res = await addTable(restaurant.id, adminCookie, '  12 ');
    expect(res.statusCode).toBe(201);
    const table = tableSchema.parse(res.json().table);
    expect(table).toMatchObject({
      number: '12',
      restaurantId: restaurant.id,
      status: 'available',
      serverId: null,
      qrCode: `${PUBLIC_URL}/table/${restaurant.id}/${table.id}`,
    });
    expect(changed).toHaveBeenCalledWith(table);
    expect((await tablesOf(restaurant.id)).map((x) => x.number).sort()).toEqual(['12', '3']);
  });

  it("refuses an empty number with 'Please enter a table number'", async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    for (const number of ['', '   ']) {
      const res = await addTable(restaurant.id, adminCookie, number);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MSG.tableNumberRequired);
    }
    expect(await tablesOf(restaurant.id)).toHaveLength(1);
  });

  it("refuses a number already used in the restaurant with 409 'Table number already exists'", async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const res = await addTable(restaurant.id, adminCookie, ' 3 ');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'table_number_exists',
      message: MSG.tableNumberExists,
    });
    expect(await tablesOf(restaurant.id)).toHaveLength(1);
  });

  it('lets two concurrent adds of one number make exactly one table (the database decides)', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const results = await Promise.all([
      addTable(restaurant.id, adminCookie, '7'),
      addTable(restaurant.id, adminCookie, '7'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await tablesOf(restaurant.id)).filter((x) => x.number === '7')).toHaveLength(1);
  });

  it('allows the same number in another restaurant', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    expect((await addTable(a.restaurant.id, a.adminCookie, '9')).statusCode).toBe(201);
    expect((await addTable(b.restaurant.id, b.adminCookie, '9')).statusCode).toBe(201);
  });

  it('answers 404 for another owner’s restaurant and 403 for a server, adding nothing', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const cross = await addTable(a.restaurant.id, b.adminCookie, '50');
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.message).toBe(MSG.restaurantNotFound);
    expect((await addTable(a.restaurant.id, a.serverCookie, '50')).statusCode).toBe(403);
    expect((await addTable(a.restaurant.id, '', '50')).statusCode).toBe(401);
    expect(await tablesOf(a.restaurant.id)).toHaveLength(1);
  });
});

describe('DELETE /api/tables/:id', () => {
  it('deletes the table and tells open consoles', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const extra = await makeTable(t, restaurant.id, '4');
    const deleted = vi.spyOn(t.services.live, 'tableDeleted');
    const res = await request(t, 'DELETE', `/api/tables/${extra.id}`, { cookie: adminCookie });
    expect(res.statusCode).toBe(204);
    expect((await tablesOf(restaurant.id)).map((x) => x.number)).toEqual(['3']);
    expect(deleted).toHaveBeenCalledWith(restaurant.id, extra.id);
    const again = await request(t, 'DELETE', `/api/tables/${extra.id}`, { cookie: adminCookie });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for another owner’s table and 403 for a server, deleting nothing', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const cross = await request(t, 'DELETE', `/api/tables/${a.table.id}`, {
      cookie: b.adminCookie,
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.message).toBe(MSG.tableNotFound);
    const server = await request(t, 'DELETE', `/api/tables/${a.table.id}`, {
      cookie: a.serverCookie,
    });
    expect(server.statusCode).toBe(403);
    expect(await tablesOf(a.restaurant.id)).toHaveLength(1);
  });
});
