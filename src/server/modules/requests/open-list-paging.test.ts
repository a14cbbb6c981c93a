/**
 * Issue 25 "never silently truncate" (decision 054): a console with more than 500 open requests used to get the 500
 * newest and no word of the rest. The list now comes oldest first, a page at a time after a keyset cursor, with how
 * many are open in all — every open request is reachable. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { requests, tables } from '../../db/schema';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeServer,
  makeTable,
  signInServer,
} from '../../../../tests/support/factories';
import type { RequestsResponse } from '@shared/schemas';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OPEN = 523;
const T0 = Date.now() - 3_600_000;

/**
 * `count` open requests spread over 20 unassigned tables, written straight into the database (a press per table
 * every 60 s would take hours). Every third shares its creation time with the one before, so the cursor's id
 * tie-break is exercised.
 */
async function openRequests(restaurantId: string, count: number): Promise<string[]> {
  const floor = Array.from({ length: 20 }, (_, i) => ({
    id: randomUUID(),
    restaurantId,
    number: `p${i}`,
    createdAt: T0,
    updatedAt: T0,
  }));
  await t.database.db.insert(tables).values(floor);
  const rows = Array.from({ length: count }, (_, i) => {
    const at = T0 + (i - (i % 3 === 2 ? 1 : 0)) * 1000;
    return {
      id: randomUUID(),
      restaurantId,
      tableId: floor[i % floor.length]!.id,
      type: 'order' as const,
      status: i % 5 === 0 ? ('acknowledged' as const) : ('pending' as const),
      createdAt: at,
      updatedAt: at,
    };
  });
  await t.database.db.insert(requests).values(rows);
  return rows.map((r) => r.id);
}

async function page(cookie: string, restaurantId: string, query = ''): Promise<RequestsResponse> {
  const res = await request(t, 'GET', `/api/restaurants/${restaurantId}/requests${query}`, {
    cookie,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Follows nextCursor to the end, as the console does. */
async function everyPage(cookie: string, restaurantId: string, limit?: number) {
  const pages: RequestsResponse[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams();
    if (cursor) params.set('cursor', cursor);
    if (limit) params.set('limit', String(limit));
    const query = params.size > 0 ? `?${params.toString()}` : '';
    const next = await page(cookie, restaurantId, query);
    pages.push(next);
    cursor = next.nextCursor;
  } while (cursor !== null && pages.length < 1_000);
  return pages;
}

describe('the console’s open list, paged (issue 25, decision 054)', () => {
  it('tells the total beside the first 500 and reaches all 501+ open requests, oldest first', async () => {
    const { restaurant, serverCookie } = await makeFloor(t);
    const ids = await openRequests(restaurant.id, OPEN);

    const first = await page(serverCookie, restaurant.id);
    expect(first.pendingTotal).toBe(OPEN);
    expect(first.pending).toHaveLength(500);
    expect(first.nextCursor).not.toBeNull();
    // The longest wait first (issue 28).
    expect(first.pending[0]!.createdAt).toBe(T0);

    const pages = await everyPage(serverCookie, restaurant.id);
    expect(pages).toHaveLength(2);
    const seen = pages.flatMap((p) => p.pending);
    expect(seen.map((r) => r.id).sort()).toEqual([...ids].sort());
    const times = seen.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('pages by a smaller limit without losing or repeating a request that shares its time with another', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const ids = await openRequests(restaurant.id, 40);
    const pages = await everyPage(adminCookie, restaurant.id, 7);
    expect(pages).toHaveLength(6);
    expect(pages.every((p) => p.pendingTotal === 40)).toBe(true);
    const seen = pages.flatMap((p) => p.pending.map((r) => r.id));
    expect(seen).toHaveLength(40);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('counts only what the viewer may see: a colleague’s table’s requests are neither listed nor counted', async () => {
    const { restaurant, serverCookie, adminCookie } = await makeFloor(t);
    const colleague = await makeServer(t, restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const theirs = await makeTable(t, restaurant.id, '77');
    await request(t, 'POST', `/api/tables/${theirs.id}/assign`, { cookie: colleagueCookie });
    const press = await request(
      t,
      'POST',
      `/api/public/restaurants/${restaurant.id}/tables/${theirs.id}/requests`,
      { body: { type: 'bill' } },
    );
    expect(press.statusCode).toBe(201);
    await openRequests(restaurant.id, 3);

    const mine = await page(serverCookie, restaurant.id);
    expect(mine.pendingTotal).toBe(3);
    expect(mine.pending.map((r) => r.tableNumber)).not.toContain('77');
    expect((await page(colleagueCookie, restaurant.id)).pendingTotal).toBe(4);
    expect((await page(adminCookie, restaurant.id)).pendingTotal).toBe(4);
  });

  it('refuses a forged cursor or an out-of-range limit with 400, and another restaurant’s list with 404', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    await openRequests(a.restaurant.id, 3);
    for (const query of ['?cursor=not-a-cursor', '?limit=0', '?limit=501', '?limit=abc']) {
      const res = await request(t, 'GET', `/api/restaurants/${a.restaurant.id}/requests${query}`, {
        cookie: a.serverCookie,
      });
      expect(res.statusCode, query).toBe(400);
    }
    const cursor = (await page(a.serverCookie, a.restaurant.id, '?limit=1')).nextCursor!;
    const foreign = await request(
      t,
      'GET',
      `/api/restaurants/${a.restaurant.id}/requests?cursor=${encodeURIComponent(cursor)}`,
      { cookie: b.serverCookie },
    );
    expect(foreign.statusCode).toBe(404);
  });
});
