/**
 * Issue 25, "shed work early": a press whose guest has given up is never committed behind their back, and a
 * database that cannot store (a full disk) answers 503 with Retry-After — never 500 — and takes the instance out of
 * readiness. The full disk is a real database error (SQLSTATE 53100 disk_full, raised by a trigger on the requests
 * table) through the real driver, on whichever backend this run uses.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../src/server/db/schema';
import { AppError, StorageHealth, STORAGE_FAILURE_HOLD_MS } from '../../src/server/http/errors';
import { healthResponseSchema } from '@shared/health';
import { MSG } from '@shared/messages';
import { makeRestaurant, makeTable } from '../support/factories';
import { createTestApp, request, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const press = (restaurantId: string, tableId: string, key = randomUUID()) =>
  request(t, 'POST', `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`, {
    body: { type: 'order' },
    headers: { 'idempotency-key': key },
  });

const requestsAt = async (tableId: string) =>
  (await t.database.db.select().from(requests).where(eq(requests.tableId, tableId))).length;

describe('a press whose guest has given up', () => {
  it('is refused unwritten with 503 and Retry-After once its deadline has passed', async () => {
    const restaurant = await makeRestaurant(t);
    const table = await makeTable(t, restaurant.id, '1');
    const refused = await t.services.requests
      .createFromGuest(restaurant.id, table.id, 'order', randomUUID(), {
        deadline: Date.now() - 1,
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 503,
      code: 'unavailable',
      extra: { retryAfterSeconds: 2 },
    });
    expect(await requestsAt(table.id)).toBe(0);
    // The guest page's retry (same key or a new one) is then taken as a first press: nothing was half-written.
    expect((await press(restaurant.id, table.id)).statusCode).toBe(201);
    expect(await requestsAt(table.id)).toBe(1);
  });
});

describe('a database that cannot store', () => {
  it('answers a press 503 with Retry-After, stores nothing, and readiness names storage', async () => {
    const restaurant = await makeRestaurant(t);
    const table = await makeTable(t, restaurant.id, '1');
    const other = await makeTable(t, restaurant.id, '2');
    // Inserts at `table` fail as a full disk does; every other write goes on.
    await t.database.db.execute(
      sql.raw(`
        create function ts_test_disk_full() returns trigger language plpgsql as $$
        begin
          if new.table_id = '${table.id}' then
            raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
          end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        `create trigger ts_test_disk_full before insert on requests for each row execute function ts_test_disk_full()`,
      ),
    );
    try {
      const before = await request(t, 'GET', '/api/health/ready');
      expect(before.statusCode).toBe(200);

      const res = await press(restaurant.id, table.id);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().error).toMatchObject({
        code: 'unavailable',
        message: MSG.serviceUnavailable,
      });
      expect(await requestsAt(table.id)).toBe(0);

      const after = await request(t, 'GET', '/api/health/ready');
      expect(after.statusCode).toBe(503);
      expect(healthResponseSchema.parse(after.json())).toEqual({
        status: 'unavailable',
        failing: ['storage'],
      });
      // A table whose writes still go through is served meanwhile (a balancer decides where guests go).
      expect((await press(restaurant.id, other.id)).statusCode).toBe(201);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger ts_test_disk_full on requests'));
      await t.database.db.execute(sql.raw('drop function ts_test_disk_full()'));
    }
  });

  it('keeps readiness failing for a while after the last failure, then lets traffic try again', () => {
    let now = 1_000_000;
    const storage = new StorageHealth(() => now);
    expect(storage.failing).toBe(false);
    storage.failed();
    expect(storage.failing).toBe(true);
    now += STORAGE_FAILURE_HOLD_MS - 1;
    expect(storage.failing).toBe(true);
    now += 1;
    expect(storage.failing).toBe(false);
  });
});
