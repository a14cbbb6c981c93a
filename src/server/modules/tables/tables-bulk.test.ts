/** Tables as written (issue 27 item 1, decisions 064/065): bulk add, rename and delete several at once. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '../../db/schema';
import { MSG } from '@shared/messages';
import { BULK_TABLES_MAX } from '@shared/constants';
import { tableSchema, tablesResponseSchema } from '@shared/schemas';
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

const numbersOf = async (restaurantId: string) =>
  (await t.database.db.select().from(tables).where(eq(tables.restaurantId, restaurantId)))
    .map((x) => x.number)
    .sort();
const bulkAdd = (restaurantId: string, cookie: string, numbers: unknown) =>
  request(t, 'POST', `/api/restaurants/${restaurantId}/tables/bulk`, {
    cookie,
    body: { numbers },
  });
const rename = (tableId: string, cookie: string, number: unknown) =>
  request(t, 'PATCH', `/api/tables/${tableId}`, { cookie, body: { number } });
const deleteMany = (restaurantId: string, cookie: string, tableIds: unknown) =>
  request(t, 'POST', `/api/restaurants/${restaurantId}/tables/delete`, {
    cookie,
    body: { tableIds },
  });

describe('POST /api/restaurants/:id/tables/bulk', () => {
  it('creates every label as written, normalised, with its own guest URL, and tells open consoles', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const changed = vi.spyOn(t.services.live, 'tableChanged');
    const res = await bulkAdd(restaurant.id, adminCookie, ['1', ' Terrace  2 ', 'Cafe\u0301']);
    expect(res.statusCode).toBe(201);
    const created = tablesResponseSchema.parse(res.json()).tables;
    expect(created.map((x) => x.number)).toEqual(['1', 'Terrace 2', 'Caf\u00e9']);
    for (const table of created) {
      expect(table).toMatchObject({
        restaurantId: restaurant.id,
        status: 'available',
        serverId: null,
      });
      expect(table.qrCode).toBe(`${PUBLIC_URL}/table/${restaurant.id}/${table.id}`);
      expect(changed).toHaveBeenCalledWith(table);
    }
    expect(await numbersOf(restaurant.id)).toEqual(['1', '3', 'Caf\u00e9', 'Terrace 2']);
  });

  it('lists the restaurant’s tables in natural order', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    await bulkAdd(restaurant.id, adminCookie, ['10', 'T10', '2', 'T2', 'Bar', '1']);
    const list = await request(t, 'GET', `/api/restaurants/${restaurant.id}/tables`, {
      cookie: adminCookie,
    });
    expect(tablesResponseSchema.parse(list.json()).tables.map((x) => x.number)).toEqual([
      '1',
      '2',
      '3',
      '10',
      'Bar',
      'T2',
      'T10',
    ]);
  });

  it("refuses the whole list when one label exists, naming it with 'Table number already exists'", async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    await makeTable(t, restaurant.id, 'Bar');
    const res = await bulkAdd(restaurant.id, adminCookie, ['1', '2', '3', 'Bar', '4']);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'table_number_exists',
      message: MSG.tableNumberExists,
      messageId: 'tableNumberExists',
      values: { numbers: '3, Bar', count: 2 },
    });
    expect(await numbersOf(restaurant.id)).toEqual(['3', 'Bar']);
  });

  it('refuses duplicates within the list (after normalising), creating nothing', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const res = await bulkAdd(restaurant.id, adminCookie, ['5', 'Bar', ' Bar', '6']);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.values).toEqual({ numbers: 'Bar', count: 1 });
    expect(await numbersOf(restaurant.id)).toEqual(['3']);
  });

  it('is all-or-nothing when a concurrent request takes one of the labels mid-way', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const results = await Promise.all([
      bulkAdd(restaurant.id, adminCookie, ['20', '21', '22', '23']),
      bulkAdd(restaurant.id, adminCookie, ['23', '24']),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    const numbers = await numbersOf(restaurant.id);
    // Whichever won, the loser left no row behind.
    if (codes[0] === 201 && codes[1] === 201) throw new Error('both lists created table 23');
    expect(codes).toEqual([201, 409]);
    expect([
      ['20', '21', '22', '23', '3'],
      ['23', '24', '3'],
    ]).toContainEqual(numbers);
  });

  it(`refuses more than ${BULK_TABLES_MAX} labels, an empty list and a blank label, creating nothing`, async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const tooMany = Array.from({ length: BULK_TABLES_MAX + 1 }, (_, i) => String(i + 100));
    expect((await bulkAdd(restaurant.id, adminCookie, tooMany)).statusCode).toBe(400);
    expect((await bulkAdd(restaurant.id, adminCookie, [])).statusCode).toBe(400);
    const blank = await bulkAdd(restaurant.id, adminCookie, ['7', '  ']);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(MSG.tableNumberRequired);
    expect((await bulkAdd(restaurant.id, adminCookie, ['x'.repeat(21)])).statusCode).toBe(400);
    expect((await bulkAdd(restaurant.id, adminCookie, ['a\u0000'])).statusCode).toBe(400);
    expect(await numbersOf(restaurant.id)).toEqual(['3']);
    const exactly = Array.from({ length: BULK_TABLES_MAX }, (_, i) => String(i + 100));
    expect((await bulkAdd(restaurant.id, adminCookie, exactly)).statusCode).toBe(201);
    expect(await numbersOf(restaurant.id)).toHaveLength(BULK_TABLES_MAX + 1);
  });

  it('answers 404 for another owner’s restaurant, 403 for a server and 401 signed out, adding nothing', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const cross = await bulkAdd(a.restaurant.id, b.adminCookie, ['50', '51']);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.message).toBe(MSG.restaurantNotFound);
    expect((await bulkAdd(a.restaurant.id, a.serverCookie, ['50'])).statusCode).toBe(403);
    expect((await bulkAdd(a.restaurant.id, '', ['50'])).statusCode).toBe(401);
    expect(await numbersOf(a.restaurant.id)).toEqual(['3']);
  });
});

describe('PATCH /api/tables/:id (rename)', () => {
  it('renames the table, keeping its id and guest URL, and tells open consoles', async () => {
    const { restaurant, adminCookie, table } = await makeFloor(t);
    const changed = vi.spyOn(t.services.live, 'tableChanged');
    const res = await rename(table.id, adminCookie, '  Terrace 3 ');
    expect(res.statusCode).toBe(200);
    const renamed = tableSchema.parse(res.json().table);
    expect(renamed).toMatchObject({
      id: table.id,
      number: 'Terrace 3',
      qrCode: `${PUBLIC_URL}/table/${restaurant.id}/${table.id}`,
    });
    expect(changed).toHaveBeenCalledWith(renamed);
    // The printed code still opens the renamed table's guest page.
    const guest = await request(
      t,
      'GET',
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}`,
    );
    expect(guest.statusCode).toBe(200);
    expect(guest.json().table.number).toBe('Terrace 3');
  });

  it("refuses a number another table of the restaurant has with 409 'Table number already exists'", async () => {
    const { restaurant, adminCookie, table } = await makeFloor(t);
    await makeTable(t, restaurant.id, 'Bar');
    const res = await rename(table.id, adminCookie, 'Bar');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'table_number_exists',
      message: MSG.tableNumberExists,
    });
    expect(await numbersOf(restaurant.id)).toEqual(['3', 'Bar']);
    // Its own number again is no conflict; another restaurant's numbers are not this one's.
    expect((await rename(table.id, adminCookie, '3')).statusCode).toBe(200);
    const other = await makeFloor(t);
    await makeTable(t, other.restaurant.id, 'Patio');
    expect((await rename(table.id, adminCookie, 'Patio')).statusCode).toBe(200);
  });

  it('refuses a blank or too long number', async () => {
    const { restaurant, adminCookie, table } = await makeFloor(t);
    const blank = await rename(table.id, adminCookie, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(MSG.tableNumberRequired);
    expect((await rename(table.id, adminCookie, 'x'.repeat(21))).statusCode).toBe(400);
    expect(await numbersOf(restaurant.id)).toEqual(['3']);
  });

  it('answers 404 for another owner’s table and 403 for a server, renaming nothing', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const cross = await rename(a.table.id, b.adminCookie, 'Mine');
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.message).toBe(MSG.tableNotFound);
    expect((await rename(a.table.id, a.serverCookie, 'Mine')).statusCode).toBe(403);
    expect((await rename(a.table.id, b.serverCookie, 'Mine')).statusCode).toBe(403);
    expect(await numbersOf(a.restaurant.id)).toEqual(['3']);
  });
});

describe('POST /api/restaurants/:id/tables/delete', () => {
  it('deletes every listed table together and tells open consoles of each', async () => {
    const { restaurant, adminCookie, table } = await makeFloor(t);
    const four = await makeTable(t, restaurant.id, '4');
    await makeTable(t, restaurant.id, '5');
    const deleted = vi.spyOn(t.services.live, 'tableDeleted');
    const res = await deleteMany(restaurant.id, adminCookie, [table.id, four.id, four.id]);
    expect(res.statusCode).toBe(204);
    expect(await numbersOf(restaurant.id)).toEqual(['5']);
    expect(deleted).toHaveBeenCalledWith(restaurant.id, table.id);
    expect(deleted).toHaveBeenCalledWith(restaurant.id, four.id);
    expect(deleted).toHaveBeenCalledTimes(2);
  });

  it('deletes nothing when one id is missing or another restaurant’s (404)', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const four = await makeTable(t, a.restaurant.id, '4');
    const mixed = await deleteMany(a.restaurant.id, a.adminCookie, [four.id, b.table.id]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().error.message).toBe(MSG.tableNotFound);
    const missing = await deleteMany(a.restaurant.id, a.adminCookie, [four.id, 'no-such-table']);
    expect(missing.statusCode).toBe(404);
    expect(await numbersOf(a.restaurant.id)).toEqual(['3', '4']);
    expect(await numbersOf(b.restaurant.id)).toEqual(['3']);
  });

  it('answers 404 for another owner’s restaurant, 403 for a server, 400 for an empty list', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const cross = await deleteMany(a.restaurant.id, b.adminCookie, [a.table.id]);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.message).toBe(MSG.restaurantNotFound);
    expect((await deleteMany(a.restaurant.id, a.serverCookie, [a.table.id])).statusCode).toBe(403);
    expect((await deleteMany(a.restaurant.id, a.adminCookie, [])).statusCode).toBe(400);
    expect(await numbersOf(a.restaurant.id)).toEqual(['3']);
  });
});
