import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requests, tables } from '../../db/schema';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeRestaurant,
  makeServer,
  makeTable,
  signInServer,
} from '../../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const press = (restaurantId: string, tableId: string, type: string) =>
  request(t, 'POST', `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`, {
    body: { type },
  });
const rowsFor = (tableId: string) =>
  t.database.db.select().from(requests).where(eq(requests.tableId, tableId));

describe('guest page data', () => {
  it('shows only what the guest page needs', async () => {
    const { restaurant, table } = await makeFloor(t);
    const res = await request(
      t,
      'GET',
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.table).toEqual({ id: table.id, number: '3' });
    expect(Object.keys(body.restaurant).sort()).toEqual(
      // The guest page's language and its buttons (decision 087) are what the page needs too.
      [
        'id',
        'logoUrl',
        'name',
        'primaryColor',
        'reviewUrl',
        'secondaryColor',
        'guestLanguage',
        'requestTypes',
      ].sort(),
    );
    expect(body.restaurant.primaryColor).toBe('#1E40AF');
    expect(body.cooldownRemainingSeconds).toBe(0);
  });

  it('treats a table of another restaurant as not found', async () => {
    const a = await makeFloor(t);
    const other = await makeRestaurant(t);
    const res = await request(t, 'GET', `/api/public/restaurants/${other.id}/tables/${a.table.id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('guest request (SPEC §5, §9)', () => {
  it('stores a pending request with the table’s server and answers 201 with the cool-down', async () => {
    const { restaurant, table } = await makeFloor(t);
    const res = await press(restaurant.id, table.id, 'order');
    expect(res.statusCode).toBe(201);
    expect(res.json().cooldownRemainingSeconds).toBe(60);
    const rows = await rowsFor(table.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'order',
      status: 'pending',
      restaurantId: restaurant.id,
    });
  });

  it('refuses a second press inside 60 s with 429 and the seconds left, writing no row', async () => {
    const { restaurant, table } = await makeFloor(t);
    expect((await press(restaurant.id, table.id, 'bill')).statusCode).toBe(201);
    const again = await press(restaurant.id, table.id, 'refill');
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('cooldown');
    expect(again.json().error.retryAfterSeconds).toBeGreaterThan(55);
    expect(again.headers['retry-after']).toBeDefined();
    expect(await rowsFor(table.id)).toHaveLength(1);
  });

  it('lets only one of many concurrent presses at one table through', async () => {
    const { restaurant, table } = await makeFloor(t);
    const results = await Promise.all(
      ['server', 'order', 'refill', 'bill', 'order'].map((type) =>
        press(restaurant.id, table.id, type),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(4);
    expect(await rowsFor(table.id)).toHaveLength(1);
  });

  it('allows a press again once 60 s have passed since the last one', async () => {
    const { restaurant, table } = await makeFloor(t);
    await t.database.db
      .update(tables)
      .set({ lastRequestAt: Date.now() - 61_000 })
      .where(eq(tables.id, table.id));
    expect((await press(restaurant.id, table.id, 'server')).statusCode).toBe(201);
  });

  it('answers 404 for a table of another restaurant and writes nothing', async () => {
    const a = await makeFloor(t);
    const other = await makeRestaurant(t);
    const res = await press(other.id, a.table.id, 'order');
    expect(res.statusCode).toBe(404);
    expect(await rowsFor(a.table.id)).toHaveLength(0);
  });

  it('refuses an unknown type or extra fields with 400', async () => {
    const { restaurant, table } = await makeFloor(t);
    expect((await press(restaurant.id, table.id, 'dessert')).statusCode).toBe(400);
    const extra = await request(
      t,
      'POST',
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}/requests`,
      {
        body: { type: 'order', status: 'completed' },
      },
    );
    expect(extra.statusCode).toBe(400);
    expect(await rowsFor(table.id)).toHaveLength(0);
  });
});

describe('requests list and Complete', () => {
  it('shows a server the requests of their own and of unassigned tables only', async () => {
    const { restaurant, server, serverCookie } = await makeFloor(t);
    const colleague = await makeServer(t, restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const mine = await makeTable(t, restaurant.id, '10');
    const theirs = await makeTable(t, restaurant.id, '11');
    const free = await makeTable(t, restaurant.id, '12');
    await request(t, 'POST', `/api/tables/${mine.id}/assign`, { cookie: serverCookie });
    await request(t, 'POST', `/api/tables/${theirs.id}/assign`, { cookie: colleagueCookie });
    for (const table of [mine, theirs, free])
      expect((await press(restaurant.id, table.id, 'order')).statusCode).toBe(201);
    const list = await request(t, 'GET', `/api/restaurants/${restaurant.id}/requests`, {
      cookie: serverCookie,
    });
    expect(list.statusCode).toBe(200);
    const numbers = list
      .json()
      .pending.map((r: { tableNumber: string }) => r.tableNumber)
      .sort();
    expect(numbers).toEqual(['10', '12']);
    expect(
      list
        .json()
        .pending.every(
          (r: { serverId: string | null }) => r.serverId === null || r.serverId === server.user.id,
        ),
    ).toBe(true);
  });

  it('completes a request once; it moves to the completed list capped at 5', async () => {
    const { restaurant, serverCookie } = await makeFloor(t);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const table = await makeTable(t, restaurant.id, `c${i}`);
      ids.push((await press(restaurant.id, table.id, 'refill')).json().request.id);
    }
    for (const id of ids) {
      const res = await request(t, 'POST', `/api/requests/${id}/complete`, {
        cookie: serverCookie,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().request.status).toBe('completed');
    }
    const again = await request(t, 'POST', `/api/requests/${ids[0]}/complete`, {
      cookie: serverCookie,
    });
    expect(again.statusCode).toBe(200);
    const list = (
      await request(t, 'GET', `/api/restaurants/${restaurant.id}/requests`, {
        cookie: serverCookie,
      })
    ).json();
    expect(list.pending).toHaveLength(0);
    expect(list.completed).toHaveLength(5);
    expect(list.completed[0].updatedAt).toBeGreaterThanOrEqual(list.completed[4].updatedAt);
  });

  it('refuses to complete another restaurant’s request (404) and leaves it pending', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const id = (await press(a.restaurant.id, a.table.id, 'bill')).json().request.id;
    const res = await request(t, 'POST', `/api/requests/${id}/complete`, {
      cookie: b.serverCookie,
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.status).toBe('pending');
    const list = await request(t, 'GET', `/api/restaurants/${a.restaurant.id}/requests`, {
      cookie: b.serverCookie,
    });
    expect(list.statusCode).toBe(404);
  });

  // One policy (issue 14): what a server may not see, they may not act on either.
  it('refuses to complete a colleague’s table’s request (404) and leaves it pending', async () => {
    const a = await makeFloor(t);
    const colleague = await makeServer(t, a.restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    await request(t, 'POST', `/api/tables/${a.table.id}/assign`, { cookie: colleagueCookie });
    const id = (await press(a.restaurant.id, a.table.id, 'bill')).json().request.id;
    const res = await request(t, 'POST', `/api/requests/${id}/complete`, {
      cookie: a.serverCookie,
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.status).toBe('pending');
    const theirs = await request(t, 'POST', `/api/requests/${id}/complete`, {
      cookie: colleagueCookie,
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('needs signed-in staff; the restaurant’s admin may complete too (decision 028)', async () => {
    const a = await makeFloor(t);
    const id = (await press(a.restaurant.id, a.table.id, 'bill')).json().request.id;
    expect((await request(t, 'POST', `/api/requests/${id}/complete`)).statusCode).toBe(401);
    expect(
      (await request(t, 'POST', `/api/requests/${id}/complete`, { cookie: a.adminCookie }))
        .statusCode,
    ).toBe(200);
  });
});
