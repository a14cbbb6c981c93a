/**
 * A user deleting their OWN account (DELETE /api/account; issue 4, and issue 3's Delete Account for admins): the
 * server's tables are unassigned, their sessions and push subscriptions go, and no row anywhere points at them.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pushSubscriptions,
  requests,
  restaurants,
  sessions,
  tables,
  users,
} from '../../src/server/db/schema';
import { createTestApp, request, type TestApp } from '../support/test-app';
import {
  makeFloor,
  makeRestaurant,
  makeServer,
  makeTable,
  signInServer,
} from '../support/factories';
import { backend } from '../support/test-db';
import { referencesTo, referencing } from '../support/orphans';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    escalationSweepMs: 0,
    push: { drainIntervalMs: 0, allowEndpoint: () => true },
  });
});
afterAll(() => t.close());

/** A browser's subscription: a real P-256 key, an endpoint nobody listens on. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://127.0.0.1:9/push/${randomBytes(12).toString('hex')}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

async function subscribe(cookie: string) {
  const res = await request(t, 'POST', '/api/push/subscriptions', { cookie, body: device() });
  expect(res.statusCode).toBe(201);
}

const db = () => t.database.db;

describe(`deleting one's own account (${backend})`, () => {
  it('a server: tables unassigned, sessions and devices gone, no orphan row, colleagues untouched', async () => {
    const floor = await makeFloor(t);
    const colleague = await makeServer(t, floor.restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const colleaguesTable = await makeTable(t, floor.restaurant.id, '12');
    const second = await makeTable(t, floor.restaurant.id, '4');
    for (const table of [floor.table, second]) {
      const res = await request(t, 'POST', `/api/tables/${table.id}/assign`, {
        cookie: floor.serverCookie,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (
        await request(t, 'POST', `/api/tables/${colleaguesTable.id}/assign`, {
          cookie: colleagueCookie,
        })
      ).statusCode,
    ).toBe(200);
    // Two devices and a second signed-in device session; a request naming them.
    await subscribe(floor.serverCookie);
    const phone = await signInServer(t, floor.server);
    await subscribe(phone);
    await subscribe(colleagueCookie);
    const pressed = await request(
      t,
      'POST',
      `/api/public/restaurants/${floor.restaurant.id}/tables/${floor.table.id}/requests`,
      { body: { type: 'bill' } },
    );
    expect(pressed.statusCode).toBe(201);
    const me = floor.server.user.id;
    expect(await db().select().from(sessions).where(eq(sessions.userId, me))).toHaveLength(2);

    const res = await request(t, 'DELETE', '/api/account', { cookie: floor.serverCookie });
    expect(res.statusCode).toBe(204);

    expect(await db().select().from(users).where(eq(users.id, me))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, me))).toEqual([]);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me)),
    ).toEqual([]);
    const mine = await db()
      .select({ id: tables.id, serverId: tables.serverId })
      .from(tables)
      .where(inArray(tables.id, [floor.table.id, second.id]));
    expect(mine.map((r) => r.serverId)).toEqual([null, null]);
    // The request stays (the restaurant's history), without its server.
    const [kept] = await db()
      .select()
      .from(requests)
      .where(eq(requests.id, pressed.json().request.id as string));
    expect(kept).toMatchObject({ serverId: null, status: 'pending' });
    expect(await referencesTo(t, await referencing(t, 'users'), [me])).toEqual([]);
    // Every session of theirs is dead: the other device's cookie is refused too.
    expect((await request(t, 'GET', '/api/push/public-key', { cookie: phone })).statusCode).toBe(
      401,
    );

    // The colleague keeps their table, their device and their session.
    const [theirs] = await db().select().from(tables).where(eq(tables.id, colleaguesTable.id));
    expect(theirs!.serverId).toBe(colleague.user.id);
    expect(
      await db()
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, colleague.user.id)),
    ).toHaveLength(1);
    expect(
      (
        await request(t, 'GET', `/api/restaurants/${floor.restaurant.id}/requests`, {
          cookie: colleagueCookie,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('an admin: their restaurants, staff, tables, requests, sessions and devices go; no orphan row', async () => {
    const floor = await makeFloor(t);
    const second = await makeRestaurant(t, floor.admin.user.id);
    const secondServer = await makeServer(t, second.id);
    await signInServer(t, secondServer);
    expect(
      (
        await request(t, 'POST', `/api/tables/${floor.table.id}/assign`, {
          cookie: floor.serverCookie,
        })
      ).statusCode,
    ).toBe(200);
    await subscribe(floor.adminCookie);
    await subscribe(floor.serverCookie);
    expect(
      (
        await request(
          t,
          'POST',
          `/api/public/restaurants/${floor.restaurant.id}/tables/${floor.table.id}/requests`,
          { body: { type: 'order' } },
        )
      ).statusCode,
    ).toBe(201);
    const neighbour = await makeFloor(t);
    await subscribe(neighbour.serverCookie);

    const res = await request(t, 'DELETE', '/api/account', { cookie: floor.adminCookie });
    expect(res.statusCode).toBe(204);

    const people = [floor.admin.user.id, floor.server.user.id, secondServer.user.id];
    const places = [floor.restaurant.id, second.id];
    expect(await db().select().from(users).where(inArray(users.id, people))).toEqual([]);
    expect(await db().select().from(restaurants).where(inArray(restaurants.id, places))).toEqual(
      [],
    );
    expect(await db().select().from(sessions).where(inArray(sessions.userId, people))).toEqual([]);
    expect(
      await db().select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, people)),
    ).toEqual([]);
    expect(await referencesTo(t, await referencing(t, 'users'), people)).toEqual([]);
    expect(await referencesTo(t, await referencing(t, 'restaurants'), places)).toEqual([]);
    expect(
      (await request(t, 'GET', '/api/restaurants', { cookie: floor.adminCookie })).statusCode,
    ).toBe(401);

    // The neighbouring restaurant is untouched.
    expect(
      await db().select().from(restaurants).where(eq(restaurants.id, neighbour.restaurant.id)),
    ).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, neighbour.server.user.id)),
    ).toHaveLength(1);
  });
});
