/**
 * The super admin area (SPEC §2 /super-admin, §6; issue 4): only super_admin reaches it, the totals are real, the
 * user list pages through every user exactly once, and deleting a user ends their sessions and leaves no orphan row.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { requests, restaurants, tables, users } from '../../db/schema';
import { MSG } from '@shared/messages';
import { superAdminUsersResponseSchema } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeAdmin,
  makeRestaurant,
  makeServer,
  makeSuperAdmin,
  makeTable,
  signInPassword,
  signInServer,
} from '../../../../tests/support/factories';
import { referencesTo, referencing } from '../../../../tests/support/orphans';
import { backend } from '../../../../tests/support/test-db';
import { hashSecret } from '../users/users.service';

let t: TestApp;
let superCookie: string;
let superId: string;
beforeAll(async () => {
  t = await createTestApp();
  const superAdmin = await makeSuperAdmin(t);
  superId = superAdmin.user.id;
  superCookie = await signInPassword(t, superAdmin);
});
afterAll(() => t.close());

const unique = () => randomBytes(4).toString('hex');
const asSuper = (method: 'GET' | 'DELETE', url: string) =>
  request(t, method, url, { cookie: superCookie });

async function assignedFloor() {
  const admin = await makeAdmin(t);
  const restaurant = await makeRestaurant(t, admin.user.id);
  const server = await makeServer(t, restaurant.id);
  const table = await makeTable(t, restaurant.id);
  await t.database.db
    .update(tables)
    .set({ serverId: server.user.id })
    .where(eq(tables.id, table.id));
  return { admin, restaurant, server, table };
}

/** Every user across all pages, following nextCursor. */
async function allPages(query: string, limit: number) {
  const seen: { id: string; name: string; createdAt: number }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const qs = new URLSearchParams({ limit: String(limit), ...(query ? { q: query } : {}) });
    if (cursor) qs.set('cursor', cursor);
    const res = await asSuper('GET', `/api/super-admin/users?${qs.toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = superAdminUsersResponseSchema.parse(res.json());
    expect(body.users.length).toBeLessThanOrEqual(limit);
    seen.push(...body.users);
    cursor = body.nextCursor;
    pages++;
  } while (cursor && pages < 1000);
  return { seen, pages };
}

describe('access to the super admin area', () => {
  const endpoints = [
    ['GET', '/api/super-admin/stats'],
    ['GET', '/api/super-admin/users'],
    ['DELETE', '/api/super-admin/users/someone'],
  ] as const;

  it('answers 401 to a guest and 403 to an admin and a server', async () => {
    const { admin, server } = await assignedFloor();
    const adminCookie = await signInPassword(t, admin);
    const serverCookie = await signInServer(t, server);
    for (const [method, url] of endpoints) {
      expect((await request(t, method, url)).statusCode, `guest ${url}`).toBe(401);
      expect((await request(t, method, url, { cookie: adminCookie })).statusCode).toBe(403);
      expect((await request(t, method, url, { cookie: serverCookie })).statusCode).toBe(403);
    }
    // Refused before anything happened: the named user still exists.
    const del = await request(t, 'DELETE', `/api/super-admin/users/${server.user.id}`, {
      cookie: adminCookie,
    });
    expect(del.statusCode).toBe(403);
    expect(
      (await asSuper('GET', `/api/super-admin/users?q=${server.loginId}`)).json().users,
    ).toHaveLength(1);
  });

  it('lets a super admin in', async () => {
    expect((await asSuper('GET', '/api/super-admin/stats')).statusCode).toBe(200);
    expect((await asSuper('GET', '/api/super-admin/users')).statusCode).toBe(200);
  });
});

describe('GET /api/super-admin/stats', () => {
  it('counts users, restaurants and tables with an assigned server', async () => {
    const before = (await asSuper('GET', '/api/super-admin/stats')).json();
    const { admin, restaurant } = await assignedFloor(); // +2 users, +1 restaurant, +1 active table
    await makeRestaurant(t, admin.user.id); // +1 restaurant
    await makeTable(t, restaurant.id); // unassigned: not active
    const after = (await asSuper('GET', '/api/super-admin/stats')).json();
    expect(after).toEqual({
      users: before.users + 2,
      restaurants: before.restaurants + 2,
      activeTables: before.activeTables + 1,
    });
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after.users).toBe(row!.n);
  });
});

describe('GET /api/super-admin/users', () => {
  it('pages through 120 users exactly once each, in (createdAt, id) order', async () => {
    const hash = await hashSecret('Not-used-1!');
    const marker = 'bulk' + unique();
    const base = Date.now();
    // Three users share each createdAt, so the id must break ties for the pages to be exact.
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: randomUUID(),
      name: `${marker} ${i}`,
      email: `${marker}-${i}@example.test`,
      role: 'admin' as const,
      authMethod: 'password' as const,
      passwordHash: hash,
      emailVerifiedAt: base,
      createdAt: base + Math.floor(i / 3),
      updatedAt: base,
    }));
    await t.database.db.insert(users).values(rows);

    const { seen, pages } = await allPages(marker, 50);
    expect(pages).toBe(3);
    expect(seen.map((u) => u.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const keys = seen.map((u) => [u.createdAt, u.id] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
    expect(keys).toEqual(sorted);

    // Without a search the whole table comes through, every user once, with odd page sizes too.
    const everyone = await allPages('', 7);
    const ids = everyone.seen.map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(ids.length).toBe(count!.n);
  });

  it('shows role, restaurant name and status as the SPEC table does', async () => {
    const admin = await makeAdmin(t);
    const first = await makeRestaurant(t, admin.user.id, 'First ' + unique());
    await makeRestaurant(t, admin.user.id, 'Second ' + unique());
    const server = await makeServer(t, first.id);
    const list = (q: string) =>
      asSuper('GET', `/api/super-admin/users?q=${encodeURIComponent(q)}`).then((r) =>
        superAdminUsersResponseSchema.parse(r.json()),
      );

    expect((await list(admin.email)).users).toEqual([
      {
        id: admin.user.id,
        name: admin.user.name,
        email: admin.email,
        role: 'admin',
        restaurantName: first.name,
        status: 'Active',
        createdAt: admin.user.createdAt,
      },
    ]);
    expect((await list(server.loginId)).users[0]).toMatchObject({
      id: server.user.id,
      email: null,
      role: 'server',
      restaurantName: first.name,
    });
    const me = (await list('')).users.find((u) => u.id === superId);
    expect(me).toMatchObject({ role: 'super_admin', restaurantName: null, status: 'Active' });

    // A server their owner deactivated (decision 068) is not shown as Active.
    await t.database.db
      .update(users)
      .set({ deactivatedAt: Date.now() })
      .where(eq(users.id, server.user.id));
    expect((await list(server.loginId)).users[0]).toMatchObject({
      id: server.user.id,
      status: 'Deactivated',
    });
  });

  it('treats % and _ in the search as plain characters', async () => {
    await makeAdmin(t);
    expect((await asSuper('GET', '/api/super-admin/users?q=%25')).json().users).toEqual([]);
    expect((await asSuper('GET', '/api/super-admin/users?q=_')).json().users).toEqual([]);
  });

  it('refuses a bad limit or cursor with 400', async () => {
    for (const qs of ['limit=0', 'limit=101', 'limit=abc', 'cursor=not-a-cursor', 'cursor=W10']) {
      const res = await asSuper('GET', `/api/super-admin/users?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.message).toBe(MSG.badRequest);
    }
  });
});

describe('DELETE /api/super-admin/users/:userId', () => {
  it('deletes a server: sessions end, the open console closes, tables are unassigned', async () => {
    const { server, table } = await assignedFloor();
    const cookie = await signInServer(t, server);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
      headers: { cookie },
      origin: base,
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));

    const res = await asSuper('DELETE', `/api/super-admin/users/${server.user.id}`);
    expect(res.statusCode).toBe(204);
    await closed;
    expect((await request(t, 'GET', '/api/session', { cookie })).json().user).toBeNull();
    const [row] = await t.database.db.select().from(tables).where(eq(tables.id, table.id));
    expect(row!.serverId).toBeNull();
    expect((await asSuper('DELETE', `/api/super-admin/users/${server.user.id}`)).statusCode).toBe(
      404,
    );
  });

  it('deletes an admin with their restaurants, tables, requests and servers', async () => {
    const { admin, restaurant, server, table } = await assignedFloor();
    const other = await makeRestaurant(t, admin.user.id);
    const press = await request(
      t,
      'POST',
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}/requests`,
      { body: { type: 'bill' } },
    );
    expect(press.statusCode).toBe(201);
    const serverCookie = await signInServer(t, server);

    expect((await asSuper('DELETE', `/api/super-admin/users/${admin.user.id}`)).statusCode).toBe(
      204,
    );
    const { db } = t.database;
    const ids = [restaurant.id, other.id];
    expect(await db.select().from(restaurants).where(inArray(restaurants.id, ids))).toEqual([]);
    expect(await db.select().from(tables).where(inArray(tables.restaurantId, ids))).toEqual([]);
    expect(await db.select().from(requests).where(inArray(requests.restaurantId, ids))).toEqual([]);
    expect(
      await db
        .select()
        .from(users)
        .where(inArray(users.id, [admin.user.id, server.user.id])),
    ).toEqual([]);
    expect(
      (await request(t, 'GET', '/api/session', { cookie: serverCookie })).json().user,
    ).toBeNull();
  });

  it('refuses to delete oneself, and answers 404 for an unknown user', async () => {
    const self = await asSuper('DELETE', `/api/super-admin/users/${superId}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toEqual({
      code: 'cannot_delete_self',
      message: MSG.cannotDeleteSelf,
      messageId: 'cannotDeleteSelf',
    });
    expect((await request(t, 'GET', '/api/session', { cookie: superCookie })).json().user.id).toBe(
      superId,
    );

    const unknown = await asSuper('DELETE', `/api/super-admin/users/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: 'user_not_found',
      message: MSG.userNotFound,
      messageId: 'userNotFound',
    });
  });

  it('lets one super admin delete another', async () => {
    const other = await makeSuperAdmin(t);
    expect((await asSuper('DELETE', `/api/super-admin/users/${other.user.id}`)).statusCode).toBe(
      204,
    );
  });
});

describe(`no orphan rows after deletions (${backend})`, () => {
  it('leaves no row in any table pointing at a deleted user or their restaurants', async () => {
    const userFks = await referencing(t, 'users');
    const restaurantFks = await referencing(t, 'restaurants');
    // The list comes from the database itself; these must be among it, or the check below proves nothing.
    expect(userFks.map((f) => `${f.table_name}.${f.column_name}`)).toEqual(
      expect.arrayContaining([
        'email_verification_tokens.user_id',
        'requests.server_id',
        'restaurants.owner_id',
        'sessions.user_id',
        'tables.server_id',
      ]),
    );
    expect(restaurantFks.map((f) => `${f.table_name}.${f.column_name}`)).toEqual(
      expect.arrayContaining([
        'requests.restaurant_id',
        'tables.restaurant_id',
        'users.restaurant_id',
      ]),
    );

    // An admin with two restaurants, a server (signed in, assigned, named on a request), an unverified
    // password server with a pending verification link, and a second admin whose server is deleted alone.
    const { admin, restaurant, server, table } = await assignedFloor();
    const second = await makeRestaurant(t, admin.user.id);
    await signInServer(t, server);
    await signInPassword(t, admin);
    await request(
      t,
      'POST',
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}/requests`,
      {
        body: { type: 'server' },
      },
    );
    const unverified = await makeAdmin(t, { verified: false });
    await t.database.db
      .update(users)
      .set({ role: 'server', restaurantId: second.id })
      .where(eq(users.id, unverified.user.id));
    expect(await t.services.verification.sendVerificationMail(unverified.user.id)).toBe(true);
    await t.services.verification.whenIdle();
    const lone = await assignedFloor();
    await request(
      t,
      'POST',
      `/api/public/restaurants/${lone.restaurant.id}/tables/${lone.table.id}/requests`,
      { body: { type: 'order' } },
    );
    await signInServer(t, lone.server);

    expect((await asSuper('DELETE', `/api/super-admin/users/${admin.user.id}`)).statusCode).toBe(
      204,
    );
    expect(
      (await asSuper('DELETE', `/api/super-admin/users/${lone.server.user.id}`)).statusCode,
    ).toBe(204);

    const deletedUsers = [admin.user.id, server.user.id, unverified.user.id, lone.server.user.id];
    expect(await referencesTo(t, userFks, deletedUsers)).toEqual([]);
    expect(await referencesTo(t, restaurantFks, [restaurant.id, second.id])).toEqual([]);
    // The other admin's restaurant and its request are untouched; the request just lost its server.
    const [kept] = await t.database.db
      .select()
      .from(requests)
      .where(eq(requests.restaurantId, lone.restaurant.id));
    expect(kept).toMatchObject({ serverId: null, type: 'order' });
  });
});
