/**
 * Remote presses and pranks (issue 27 item 5, decisions 088, 089): opening hours, the restaurant's press budget,
 * prank dismissals and their blocks, and regenerated QR codes, through the API on a real database (PGlite, or
 * PostgreSQL with DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { pressBlocks, pressOrigins, requests } from '../../src/server/db/schema';
import { MSG } from '@shared/messages';
import type { OpeningDay, OpeningHours } from '@shared/opening-hours';
import { createTestApp, request, type TestApp } from '../support/test-app';
import { makeFloor, makeTable } from '../support/factories';
import { ORIGIN_KEEP_MS } from '../../src/server/modules/pranks/pranks.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
/** An address of each test's own (the per-address guest limits are not under test here). */
const nextAddress = () => `10.27.${(++addresses >> 8) & 255}.${addresses & 255}`;
const newDevice = () => randomBytes(12).toString('base64url');

const press = (
  restaurantId: string,
  code: string,
  options: { device?: string; address?: string; key?: string; type?: string } = {},
) =>
  request(t, 'POST', `/api/public/restaurants/${restaurantId}/tables/${code}/requests`, {
    body: { type: options.type ?? 'server' },
    headers: {
      ...(options.device ? { 'x-device-id': options.device } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    remoteAddress: options.address ?? nextAddress(),
  });

const settings = (restaurantId: string, cookie: string, body: unknown) =>
  request(t, 'PATCH', `/api/restaurants/${restaurantId}`, { cookie, body });

const requestsAt = (tableId: string) =>
  t.database.db.select().from(requests).where(eq(requests.tableId, tableId));

const everyDay = (day: OpeningDay): OpeningHours => ({
  days: [day, day, day, day, day, day, day],
});

describe('opening hours (decision 088)', () => {
  it('refuses a press outside the hours with the translated "closed" refusal, and writes nothing', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const closed = await settings(restaurant.id, adminCookie, { openingHours: everyDay(null) });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().restaurant.openingHours).toEqual(everyDay(null));
    const refused = await press(restaurant.id, table.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'restaurant_closed',
      message: MSG.restaurantClosed,
      messageId: 'restaurantClosed',
    });
    expect(await requestsAt(table.id)).toHaveLength(0);
    // Decision 100: the guest page knows before anyone presses, on load and in its 15 s re-check.
    const page = `/api/public/restaurants/${restaurant.id}/tables/${table.id}`;
    expect((await request(t, 'GET', page)).json().closedNow).toBe(true);
    expect((await request(t, 'GET', `${page}/cooldown`)).json().closedNow).toBe(true);
    // All day again (null): the press goes in.
    await settings(restaurant.id, adminCookie, { openingHours: null });
    expect((await request(t, 'GET', page)).json().closedNow).toBe(false);
    expect((await request(t, 'GET', `${page}/cooldown`)).json().closedNow).toBe(false);
    expect((await press(restaurant.id, table.id)).statusCode).toBe(201);
  });

  it('takes presses inside hours that run past midnight', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    // 00:00–00:00 every day is the whole day, written as an interval past midnight.
    await settings(restaurant.id, adminCookie, {
      openingHours: everyDay({ open: '00:00', close: '00:00' }),
    });
    expect((await press(restaurant.id, table.id)).statusCode).toBe(201);
  });

  it('takes split service: open at lunch and dinner, closed between (decision 101)', async () => {
    // A clock of its own: Monday 2026-11-23, in the restaurant's zone (UTC).
    let now = Date.parse('2026-11-23T13:00:00Z');
    const clocked = await createTestApp({ clock: () => now });
    try {
      const { restaurant, table, adminCookie } = await makeFloor(clocked);
      const split = [
        { open: '12:00', close: '15:00' },
        { open: '18:00', close: '23:00' },
      ];
      const saved = await request(clocked, 'PATCH', `/api/restaurants/${restaurant.id}`, {
        cookie: adminCookie,
        body: { openingHours: everyDay(split) },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().restaurant.openingHours).toEqual(everyDay(split));
      const pressAt = (iso: string) => {
        now = Date.parse(iso);
        return request(
          clocked,
          'POST',
          `/api/public/restaurants/${restaurant.id}/tables/${table.id}/requests`,
          { body: { type: 'server' }, remoteAddress: nextAddress() },
        );
      };
      // Between lunch and dinner: closed, and nothing is written.
      const between = await pressAt('2026-11-23T16:30:00Z');
      expect(between.statusCode, between.body).toBe(403);
      expect(between.json().error.code).toBe('restaurant_closed');
      expect(await requestsAt(table.id)).toHaveLength(0);
      expect((await pressAt('2026-11-23T18:05:00Z')).statusCode).toBe(201);
      // A list of one period is stored as that period; periods out of order are refused.
      const one = await request(clocked, 'PATCH', `/api/restaurants/${restaurant.id}`, {
        cookie: adminCookie,
        body: { openingHours: everyDay([{ open: '11:00', close: '22:00' }]) },
      });
      expect(one.json().restaurant.openingHours).toEqual(
        everyDay({ open: '11:00', close: '22:00' }),
      );
      const overlapping = await request(clocked, 'PATCH', `/api/restaurants/${restaurant.id}`, {
        cookie: adminCookie,
        body: {
          openingHours: everyDay([
            { open: '12:00', close: '19:00' },
            { open: '18:00', close: '23:00' },
          ]),
        },
      });
      expect(overlapping.statusCode).toBe(400);
    } finally {
      await clocked.close();
    }
  });

  it('refuses hours that are not HH:MM, or not seven days', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const bad = await settings(restaurant.id, adminCookie, {
      openingHours: everyDay({ open: '25:00', close: '02:00' }),
    });
    expect(bad.statusCode).toBe(400);
    const short = await settings(restaurant.id, adminCookie, { openingHours: { days: [null] } });
    expect(short.statusCode).toBe(400);
  });

  it('new restaurants are open all day with the default budget', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const res = await request(t, 'GET', `/api/restaurants/${restaurant.id}`, {
      cookie: adminCookie,
    });
    expect(res.json().restaurant).toMatchObject({ openingHours: null, pressBudgetPerMinute: 120 });
  });
});

describe('the restaurant’s press budget (decision 088)', () => {
  it('refuses presses past the budget across all tables with 429 restaurant_busy', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const budget = await settings(restaurant.id, adminCookie, { pressBudgetPerMinute: 10 });
    expect(budget.statusCode, budget.body).toBe(200);
    const tables = await Promise.all(
      Array.from({ length: 11 }, (_, i) => makeTable(t, restaurant.id, `B${i + 1}`)),
    );
    for (const table of tables.slice(0, 10))
      expect((await press(restaurant.id, table.id)).statusCode).toBe(201);
    const over = await press(restaurant.id, tables[10]!.id);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({
      code: 'restaurant_busy',
      messageId: 'restaurantBusy',
    });
    expect(await requestsAt(tables[10]!.id)).toHaveLength(0);
    // Another restaurant's budget is its own.
    const other = await makeFloor(t);
    expect((await press(other.restaurant.id, other.table.id)).statusCode).toBe(201);
  });

  it('keeps the budget within its bounds', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    expect(
      (await settings(restaurant.id, adminCookie, { pressBudgetPerMinute: 1 })).statusCode,
    ).toBe(400);
  });
});

describe('prank dismissal and blocks (decision 089)', () => {
  it('blocks the device at that restaurant and not at another; an admin lists and lifts the block', async () => {
    const here = await makeFloor(t);
    const other = await makeFloor(t);
    const second = await makeTable(t, here.restaurant.id, '4');
    const device = newDevice();
    const pressed = await press(here.restaurant.id, here.table.id, { device });
    expect(pressed.statusCode).toBe(201);
    const requestId = pressed.json().request.id as string;

    const prank = await request(t, 'POST', `/api/requests/${requestId}/prank`, {
      cookie: here.serverCookie,
    });
    expect(prank.statusCode, prank.body).toBe(200);
    expect(prank.json().request.status).toBe('dismissed');

    // The same device, another table, another address: refused, without accusing anyone.
    const blocked = await press(here.restaurant.id, second.id, { device });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toMatchObject({
      code: 'press_blocked',
      message: MSG.pressBlocked,
      messageId: 'pressBlocked',
    });
    expect(await requestsAt(second.id)).toHaveLength(0);
    // Another restaurant is not affected.
    expect((await press(other.restaurant.id, other.table.id, { device })).statusCode).toBe(201);

    // The admin sees the block (the device's last characters, not the address) and lifts it.
    const list = await request(t, 'GET', `/api/restaurants/${here.restaurant.id}/press-blocks`, {
      cookie: here.adminCookie,
    });
    expect(list.statusCode).toBe(200);
    const [block] = list.json().blocks;
    expect(block).toMatchObject({
      tableNumber: '3',
      deviceHint: `…${device.slice(-4)}`,
      createdBy: { id: here.server.user.id },
    });
    expect(JSON.stringify(list.json())).not.toContain('10.27.');
    const lift = await request(
      t,
      'POST',
      `/api/restaurants/${here.restaurant.id}/press-blocks/${block.id}/lift`,
      { cookie: here.adminCookie },
    );
    expect(lift.statusCode).toBe(204);
    expect((await press(here.restaurant.id, second.id, { device })).statusCode).toBe(201);
    const again = await request(
      t,
      'POST',
      `/api/restaurants/${here.restaurant.id}/press-blocks/${block.id}/lift`,
      { cookie: here.adminCookie },
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('block_not_found');
    const listed = await request(t, 'GET', `/api/restaurants/${here.restaurant.id}/press-blocks`, {
      cookie: here.adminCookie,
    });
    expect(listed.json().blocks).toEqual([]);
  });

  it('stores where each press came from with the press itself, also when presses arrive together', async () => {
    const here = await makeFloor(t);
    const tablesHere = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => makeTable(t, here.restaurant.id, `6${i}`)),
    );
    const devices = tablesHere.map((_, i) => (i === 4 ? null : newDevice()));
    const keys = tablesHere.map(() => newDevice());
    // In one tick: the presses share the press's statements (press-batcher.ts), and each origin is its own.
    const answers = await Promise.all(
      tablesHere.map((table, i) =>
        press(here.restaurant.id, table.id, {
          ...(devices[i] ? { device: devices[i] } : {}),
          address: `10.99.0.${i}`,
          key: keys[i]!,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const ids = answers.map((a) => (JSON.parse(a.body) as { request: { id: string } }).request.id);
    const origins = await t.database.db
      .select()
      .from(pressOrigins)
      .where(inArray(pressOrigins.requestId, ids));
    expect(new Map(origins.map((o) => [o.requestId, o.deviceId]))).toEqual(
      new Map(ids.map((id, i) => [id, devices[i]])),
    );
    // A retry of a stored press (same key) is answered as before and writes no second origin.
    const retry = await press(here.restaurant.id, tablesHere[0]!.id, {
      device: devices[0]!,
      address: '10.99.0.0',
      key: keys[0]!,
    });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(
      await t.database.db.select().from(pressOrigins).where(inArray(pressOrigins.requestId, ids)),
    ).toHaveLength(5);
    // Each origin is the one a prank dismissal reads: dismissing the third call blocks the third device only.
    const prank = await request(t, 'POST', `/api/requests/${ids[2]}/prank`, {
      cookie: here.serverCookie,
    });
    expect(prank.statusCode, prank.body).toBe(200);
    expect(
      (await press(here.restaurant.id, here.table.id, { device: devices[2]! })).statusCode,
    ).toBe(403);
    expect(
      (await press(here.restaurant.id, here.table.id, { device: devices[3]! })).statusCode,
    ).toBe(201);
  });

  it('checks presses that arrive together in one gate read, each with its own answer', async () => {
    const here = await makeFloor(t);
    const closed = await makeFloor(t);
    await settings(closed.restaurant.id, closed.adminCookie, { openingHours: everyDay(null) });
    const free = await Promise.all(
      [1, 2, 3, 4].map((i) => makeTable(t, here.restaurant.id, `7${i}`)),
    );
    // A device blocked here by a prank dismissal.
    const pranker = newDevice();
    const first = await press(here.restaurant.id, here.table.id, { device: pranker });
    const prank = await request(t, 'POST', `/api/requests/${first.json().request.id}/prank`, {
      cookie: here.serverCookie,
    });
    expect(prank.statusCode, prank.body).toBe(200);

    const gate = t.services.pressGate;
    const before = { ...gate.readStats };
    const origin = (deviceId: string | null = null) => ({ deviceId, address: nextAddress() });
    // In one tick: the first read runs at once (the first four on PostgreSQL), the rest wait and share the next.
    const answers = await Promise.allSettled([
      gate.check(here.restaurant.id, free[0]!.id, origin(), null),
      gate.check(here.restaurant.id, free[1]!.id, origin(pranker), null),
      gate.check(here.restaurant.id, 'no-such-code', origin(), null),
      gate.check(closed.restaurant.id, closed.table.id, origin(), null),
      gate.check(here.restaurant.id, free[2]!.id, origin(newDevice()), null),
      gate.check(here.restaurant.id, free[3]!.id, origin(), null),
    ]);
    expect(
      answers.map((a) =>
        a.status === 'fulfilled' ? a.value : (a.reason as { code: string }).code,
      ),
    ).toEqual([
      free[0]!.id,
      'press_blocked',
      'table_not_found',
      'restaurant_closed',
      free[2]!.id,
      free[3]!.id,
    ]);
    const reads = gate.readStats;
    expect(reads.items - before.items).toBe(6);
    expect(reads.statements - before.statements).toBeLessThan(6);
    // Through the API, the blocked device and the closed restaurant are refused and nothing is stored for them.
    expect((await press(here.restaurant.id, free[1]!.id, { device: pranker })).statusCode).toBe(403);
    expect((await press(closed.restaurant.id, closed.table.id)).statusCode).toBe(403);
    // Nothing was stored for a refused press.
    expect(await requestsAt(free[1]!.id)).toHaveLength(0);
    expect(await requestsAt(closed.table.id)).toHaveLength(0);
  });

  it('blocks the address briefly for new devices, and spares devices that pressed there before', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const tables = await Promise.all(
      ['5', '6', '7', '8'].map((n) => makeTable(t, restaurant.id, n)),
    );
    const address = nextAddress();
    const regular = newDevice();
    // A guest on the same Wi-Fi pressed earlier in the evening.
    expect(
      (await press(restaurant.id, tables[0]!.id, { device: regular, address })).statusCode,
    ).toBe(201);
    const pressed = await press(restaurant.id, table.id, { device: newDevice(), address });
    const requestId = pressed.json().request.id as string;
    expect(
      (await request(t, 'POST', `/api/requests/${requestId}/prank`, { cookie: adminCookie }))
        .statusCode,
    ).toBe(200);
    // A fresh device id (storage cleared) from the same address: refused for now.
    expect(
      (await press(restaurant.id, tables[1]!.id, { device: newDevice(), address })).statusCode,
    ).toBe(403);
    // A press with no device id from it: refused.
    expect((await press(restaurant.id, tables[2]!.id, { address })).statusCode).toBe(403);
    // The regular guest on the same address is spared.
    expect(
      (await press(restaurant.id, tables[3]!.id, { device: regular, address })).statusCode,
    ).toBe(201);
  });

  it('counts an IPv6 address by its /64', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const other = await makeTable(t, restaurant.id, '9');
    const pressed = await press(restaurant.id, table.id, {
      device: newDevice(),
      address: '2001:db8:27:5::1',
    });
    await request(t, 'POST', `/api/requests/${pressed.json().request.id}/prank`, {
      cookie: serverCookie,
    });
    const sameSubnet = await press(restaurant.id, other.id, {
      device: newDevice(),
      address: '2001:db8:27:5:abcd::9',
    });
    expect(sameSubnet.statusCode).toBe(403);
  });

  it('lets a retry of a stored press through (its call is in), even once blocked', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const device = newDevice();
    const key = randomBytes(16).toString('base64url');
    const first = await press(restaurant.id, table.id, { device, key });
    await request(t, 'POST', `/api/requests/${first.json().request.id}/prank`, {
      cookie: serverCookie,
    });
    const retry = await press(restaurant.id, table.id, { device, key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().request.id).toBe(first.json().request.id);
  });

  it('refuses another restaurant’s staff, and a call that is already handled', async () => {
    const here = await makeFloor(t);
    const other = await makeFloor(t);
    const pressed = await press(here.restaurant.id, here.table.id, { device: newDevice() });
    const requestId = pressed.json().request.id as string;
    for (const cookie of [other.serverCookie, other.adminCookie]) {
      const res = await request(t, 'POST', `/api/requests/${requestId}/prank`, { cookie });
      expect(res.statusCode).toBe(404);
    }
    const complete = await request(t, 'POST', `/api/requests/${requestId}/complete`, {
      cookie: here.serverCookie,
    });
    expect(complete.statusCode).toBe(200);
    const late = await request(t, 'POST', `/api/requests/${requestId}/prank`, {
      cookie: here.serverCookie,
    });
    expect(late.statusCode).toBe(409);
    const list = await request(t, 'GET', `/api/restaurants/${here.restaurant.id}/press-blocks`, {
      cookie: here.adminCookie,
    });
    expect(list.json().blocks).toEqual([]);
    // B's admin cannot see or lift A's blocks.
    const theirs = await request(t, 'GET', `/api/restaurants/${here.restaurant.id}/press-blocks`, {
      cookie: other.adminCookie,
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('ended blocks are pruned (decision 089)', () => {
  it('deletes blocks that ended or were lifted over a day ago, and keeps active ones', async () => {
    const here = await makeFloor(t);
    const device = newDevice();
    const pressed = await press(here.restaurant.id, here.table.id, { device });
    const requestId = pressed.json().request.id as string;
    expect(
      (await request(t, 'POST', `/api/requests/${requestId}/prank`, { cookie: here.serverCookie }))
        .statusCode,
    ).toBe(200);
    const now = Date.now();
    const day = 24 * 60 * 60_000;
    const old = (id: string, ended: number, liftedAt: number | null) => ({
      id,
      restaurantId: here.restaurant.id,
      tableNumber: '3',
      deviceId: newDevice(),
      address: '10.1.2.3',
      deviceUntil: ended,
      addressUntil: ended - 60_000,
      createdAt: ended - 6 * 60 * 60_000,
      liftedAt,
    });
    await t.database.db
      .insert(pressBlocks)
      .values([
        old(`ended-${device}`, now - day - 60_000, null),
        old(`lifted-${device}`, now + 60 * 60_000, now - day - 60_000),
        old(`recent-${device}`, now - 60 * 60_000, null),
      ]);
    await t.services.sessionPruner.prune(now);
    const left = await t.database.db
      .select({ id: pressBlocks.id, deviceId: pressBlocks.deviceId })
      .from(pressBlocks)
      .where(eq(pressBlocks.restaurantId, here.restaurant.id));
    // The prank's own block (active) and the one that ended an hour ago stay.
    expect(left.map((b) => b.id).filter((id) => id.endsWith(device))).toEqual([`recent-${device}`]);
    expect(left.map((b) => b.deviceId)).toContain(device);
    expect((await press(here.restaurant.id, here.table.id, { device })).statusCode).toBe(403);
  });
});

describe('old press origins are pruned (decision 089)', () => {
  it('deletes where presses came from after 30 days, and keeps newer ones', async () => {
    const here = await makeFloor(t);
    const second = await makeTable(t, here.restaurant.id, '72');
    const oldPress = await press(here.restaurant.id, here.table.id, { device: newDevice() });
    const newPress = await press(here.restaurant.id, second.id, { device: newDevice() });
    const ids = [oldPress, newPress].map((p) => p.json().request.id as string);
    const now = Date.now();
    await t.database.db
      .update(pressOrigins)
      .set({ createdAt: now - ORIGIN_KEEP_MS - 60_000 })
      .where(eq(pressOrigins.requestId, ids[0]!));
    await t.services.sessionPruner.prune(now);
    const left = await t.database.db
      .select({ id: pressOrigins.requestId })
      .from(pressOrigins)
      .where(inArray(pressOrigins.requestId, ids));
    expect(left.map((o) => o.id)).toEqual([ids[1]]);
    // The request itself stays: only where it came from is forgotten.
    expect(await requestsAt(here.table.id)).toHaveLength(1);
  });
});

describe('regenerated QR codes (decision 089)', () => {
  it('old codes answer "no longer valid", new ones work, and history keeps its table', async () => {
    const { restaurant, table, adminCookie, serverCookie } = await makeFloor(t);
    const before = await press(restaurant.id, table.id);
    expect(before.statusCode).toBe(201);
    const regenerated = await request(
      t,
      'POST',
      `/api/restaurants/${restaurant.id}/tables/regenerate-codes`,
      { cookie: adminCookie },
    );
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const [fresh] = regenerated.json().tables as { id: string; qrCode: string }[];
    expect(fresh!.id).toBe(table.id);
    const code = fresh!.qrCode.split('/').pop()!;
    expect(code).not.toBe(table.id);
    expect(fresh!.qrCode).toBe(`http://localhost:3000/table/${restaurant.id}/${code}`);

    const old = await request(
      t,
      'GET',
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}`,
    );
    expect(old.statusCode).toBe(410);
    expect(old.json().error).toMatchObject({
      code: 'table_code_replaced',
      message: MSG.tableCodeReplaced,
    });
    expect((await press(restaurant.id, table.id)).statusCode).toBe(410);
    const page = await request(t, 'GET', `/api/public/restaurants/${restaurant.id}/tables/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().table.number).toBe('3');
    // The earlier call stays the table's; the new code's press is the same table's too.
    await request(t, 'POST', `/api/requests/${before.json().request.id}/complete`, {
      cookie: serverCookie,
    });
    expect((await press(restaurant.id, code, { type: 'bill' })).statusCode).toBe(201);
    expect((await requestsAt(table.id)).map((r) => r.type).sort()).toEqual(['bill', 'server']);
    // The listing prints the new codes.
    const listed = await request(t, 'GET', `/api/restaurants/${restaurant.id}/tables`, {
      cookie: adminCookie,
    });
    expect(listed.json().tables[0].qrCode).toBe(fresh!.qrCode);
    // A code of another restaurant's table is not found here.
    const other = await makeFloor(t);
    const cross = await request(
      t,
      'GET',
      `/api/public/restaurants/${other.restaurant.id}/tables/${code}`,
    );
    expect(cross.statusCode).toBe(404);
  });

  it('a guest’s own changes follow the code: the old code cannot cancel the call', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const key = randomBytes(16).toString('base64url');
    const pressed = await press(restaurant.id, table.id, { key });
    const requestId = pressed.json().request.id as string;
    const regenerated = await request(
      t,
      'POST',
      `/api/restaurants/${restaurant.id}/tables/regenerate-codes`,
      { cookie: adminCookie },
    );
    const code = (regenerated.json().tables[0].qrCode as string).split('/').pop()!;
    const viaOld = await request(
      t,
      'POST',
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}/requests/${requestId}/cancel`,
      { body: { pressKey: key }, remoteAddress: nextAddress() },
    );
    expect(viaOld.statusCode).toBe(410);
    const viaNew = await request(
      t,
      'POST',
      `/api/public/restaurants/${restaurant.id}/tables/${code}/requests/${requestId}/cancel`,
      { body: { pressKey: key }, remoteAddress: nextAddress() },
    );
    expect(viaNew.statusCode, viaNew.body).toBe(200);
    expect(viaNew.json().request.status).toBe('cancelled');
  });
});
