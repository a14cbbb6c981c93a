/** Restaurants as their owner manages them (SPEC §2 /admin/settings, §5 Create restaurant and Settings). */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, or } from 'drizzle-orm';
import { requests, restaurantLogos, restaurants, sessions, tables, users } from '../../db/schema';
import { MSG } from '@shared/messages';
import { restaurantSchema } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeAdmin,
  makeFloor,
  makeRestaurant,
  makeServer,
  makeTable,
  signInPassword,
  signInServer,
} from '../../../../tests/support/factories';
import { postForm, TINY_PNG } from '../../../../tests/support/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const word = () => 'r' + randomBytes(4).toString('hex');

async function signedInAdmin() {
  const admin = await makeAdmin(t);
  return { admin, cookie: await signInPassword(t, admin) };
}

const restaurantRow = async (id: string) =>
  (await t.database.db.select().from(restaurants).where(eq(restaurants.id, id)))[0];

describe('GET /api/restaurants', () => {
  it('lists only the admin’s own restaurants, oldest first', async () => {
    const { admin, cookie } = await signedInAdmin();
    const first = await makeRestaurant(t, admin.user.id, 'Zebra ' + word());
    const second = await makeRestaurant(t, admin.user.id, 'Aardvark ' + word());
    await makeRestaurant(t); // another owner's
    const res = await request(t, 'GET', '/api/restaurants', { cookie });
    expect(res.statusCode).toBe(200);
    const listed = res.json().restaurants;
    expect(listed.map((r: { id: string }) => r.id)).toEqual([first.id, second.id]);
    expect(() => restaurantSchema.array().parse(listed)).not.toThrow();
  });

  it('is empty for an admin with no restaurant (the client then shows Create Restaurant)', async () => {
    const { cookie } = await signedInAdmin();
    expect((await request(t, 'GET', '/api/restaurants', { cookie })).json()).toEqual({
      restaurants: [],
    });
  });
});

describe('POST /api/restaurants (SPEC §5 Create restaurant)', () => {
  it('creates a restaurant with a slug id and the default colours', async () => {
    const { admin, cookie } = await signedInAdmin();
    const name = `  Chez ${word()} & Fils!  `;
    const res = await request(t, 'POST', '/api/restaurants', { cookie, body: { name } });
    expect(res.statusCode).toBe(201);
    const { restaurant } = res.json();
    expect(restaurant).toMatchObject({
      id: `chez-${name.trim().split(' ')[1]}-fils`,
      name: name.trim(),
      ownerId: admin.user.id,
      primaryColor: '#1E40AF',
      secondaryColor: '#F59E0B',
      logoUrl: null,
      reviewUrl: null,
    });
    const session = await request(t, 'GET', '/api/session', { cookie });
    expect(session.json().user.restaurantIds).toEqual([restaurant.id]);
  });

  it('appends -2, -3 when the slug is taken, even by another owner', async () => {
    const name = 'Pizza ' + word();
    const other = await signedInAdmin();
    const { cookie } = await signedInAdmin();
    const ids: string[] = [];
    for (const c of [other.cookie, cookie, cookie]) {
      const res = await request(t, 'POST', '/api/restaurants', { cookie: c, body: { name } });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().restaurant.id);
    }
    const slug = name.toLowerCase().replace(' ', '-');
    expect(ids).toEqual([slug, `${slug}-2`, `${slug}-3`]);
  });

  it('gives two concurrent creates of the same name two different ids', async () => {
    const { cookie } = await signedInAdmin();
    const name = 'Twin ' + word();
    const slug = name.toLowerCase().replace(' ', '-');
    const [a, b] = await Promise.all([
      request(t, 'POST', '/api/restaurants', { cookie, body: { name } }),
      request(t, 'POST', '/api/restaurants', { cookie, body: { name } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const ids = [a.json().restaurant.id, b.json().restaurant.id].sort();
    expect(ids).toEqual([slug, `${slug}-2`]);
  });

  it("refuses an empty name with 'Please enter a restaurant name'", async () => {
    const { admin, cookie } = await signedInAdmin();
    for (const name of ['', '   ']) {
      const res = await request(t, 'POST', '/api/restaurants', { cookie, body: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MSG.restaurantNameRequired);
    }
    const owned = await t.database.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.ownerId, admin.user.id));
    expect(owned).toHaveLength(0);
  });

  it('refuses unknown fields (an id cannot be chosen by the client)', async () => {
    const { cookie } = await signedInAdmin();
    const res = await request(t, 'POST', '/api/restaurants', {
      cookie,
      body: { name: 'Chosen', id: 'chosen-id' },
    });
    expect(res.statusCode).toBe(400);
    expect(await restaurantRow('chosen-id')).toBeUndefined();
  });
});

describe('PATCH /api/restaurants/:id (SPEC §5 Settings)', () => {
  it('renames and brands the restaurant, sets updatedAt and publishes it live', async () => {
    const { admin, cookie } = await signedInAdmin();
    const restaurant = await makeRestaurant(t, admin.user.id);
    const published = vi.spyOn(t.services.live, 'restaurantUpdated');
    const res = await request(t, 'PATCH', `/api/restaurants/${restaurant.id}`, {
      cookie,
      body: {
        name: '  New Name ',
        reviewUrl: 'https://reviews.example/new-name',
        primaryColor: '#112233',
        secondaryColor: '#aabbcc',
        escalateAfterMinutes: 5,
      },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().restaurant;
    expect(updated).toMatchObject({
      id: restaurant.id,
      name: 'New Name',
      reviewUrl: 'https://reviews.example/new-name',
      primaryColor: '#112233',
      secondaryColor: '#aabbcc',
      escalateAfterMinutes: 5,
    });
    expect(updated.updatedAt).toBeGreaterThanOrEqual(restaurant.updatedAt);
    expect(published).toHaveBeenCalledWith(updated);
    // The guest page shows the new branding.
    const table = await makeTable(t, restaurant.id, '1');
    const guest = await request(
      t,
      'GET',
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}`,
    );
    expect(guest.json().restaurant).toMatchObject({ name: 'New Name', primaryColor: '#112233' });
  });

  it('clears the review URL with an empty string or null, and leaves other fields alone', async () => {
    const { admin, cookie } = await signedInAdmin();
    const restaurant = await makeRestaurant(t, admin.user.id);
    const url = `/api/restaurants/${restaurant.id}`;
    await request(t, 'PATCH', url, { cookie, body: { reviewUrl: 'https://r.example' } });
    const cleared = await request(t, 'PATCH', url, { cookie, body: { reviewUrl: '' } });
    expect(cleared.json().restaurant).toMatchObject({ reviewUrl: null, name: restaurant.name });
    await request(t, 'PATCH', url, { cookie, body: { reviewUrl: 'https://r.example' } });
    const nulled = await request(t, 'PATCH', url, { cookie, body: { reviewUrl: null } });
    expect(nulled.json().restaurant.reviewUrl).toBeNull();
  });

  it("refuses an empty name with 'Restaurant name is required', and bad colours or URLs", async () => {
    const { admin, cookie } = await signedInAdmin();
    const restaurant = await makeRestaurant(t, admin.user.id);
    const url = `/api/restaurants/${restaurant.id}`;
    const empty = await request(t, 'PATCH', url, { cookie, body: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MSG.settingsNameRequired);
    for (const body of [
      { primaryColor: 'red' },
      { primaryColor: '#12345' },
      { secondaryColor: '#GGGGGG' },
      { reviewUrl: 'not a url' },
      { reviewUrl: 'javascript:alert(1)' },
      { escalateAfterMinutes: 0 },
      { ownerId: 'someone-else' },
    ]) {
      const res = await request(t, 'PATCH', url, { cookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const row = await restaurantRow(restaurant.id);
    expect(row).toMatchObject({
      name: restaurant.name,
      primaryColor: '#1E40AF',
      secondaryColor: '#F59E0B',
      reviewUrl: null,
      ownerId: admin.user.id,
    });
  });
});

describe('DELETE /api/restaurants/:id', () => {
  it("refuses the owner's last restaurant with 409 and the SPEC message", async () => {
    const { admin, cookie } = await signedInAdmin();
    const only = await makeRestaurant(t, admin.user.id);
    const res = await request(t, 'DELETE', `/api/restaurants/${only.id}`, { cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'last_restaurant',
      message: MSG.lastRestaurant,
    });
    expect(await restaurantRow(only.id)).toBeDefined();
  });

  it('lets only one of two concurrent deletes of an owner’s two restaurants through', async () => {
    const { admin, cookie } = await signedInAdmin();
    const a = await makeRestaurant(t, admin.user.id);
    const b = await makeRestaurant(t, admin.user.id);
    const results = await Promise.all([
      request(t, 'DELETE', `/api/restaurants/${a.id}`, { cookie }),
      request(t, 'DELETE', `/api/restaurants/${b.id}`, { cookie }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    const left = await t.database.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.ownerId, admin.user.id));
    expect(left).toHaveLength(1);
  });

  it('removes the restaurant with its tables, requests, servers, their sessions and its logo', async () => {
    const floor = await makeFloor(t);
    const { restaurant, adminCookie, server, serverCookie, table } = floor;
    const keep = await makeRestaurant(t, floor.admin.user.id);
    const keptTable = await makeTable(t, keep.id, '1');
    const keptServer = await makeServer(t, keep.id);
    const passwordServer = await request(t, 'POST', `/api/restaurants/${restaurant.id}/staff`, {
      cookie: adminCookie,
      body: {
        mode: 'password',
        name: 'Pat',
        email: `pat-${word()}@example.test`,
        password: 'Secret-pass1!',
      },
    });
    expect(passwordServer.statusCode).toBe(201);
    await request(t, 'POST', `/api/tables/${table.id}/assign`, { cookie: serverCookie });
    const now = Date.now();
    await t.database.db.insert(requests).values([
      {
        id: randomUUID(),
        restaurantId: restaurant.id,
        tableId: table.id,
        serverId: server.user.id,
        type: 'bill',
        createdAt: now,
        updatedAt: now,
      },
      {
        id: randomUUID(),
        restaurantId: keep.id,
        tableId: keptTable.id,
        type: 'order',
        createdAt: now,
        updatedAt: now,
      },
    ]);
    const upload = await postForm(
      t,
      `/api/restaurants/${restaurant.id}/logo`,
      [{ field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: TINY_PNG }],
      adminCookie,
    );
    expect(upload.statusCode).toBe(200);
    const ended = vi.spyOn(t.services.live, 'userEnded');
    const deletedEvent = vi.spyOn(t.services.live, 'restaurantDeleted');

    const res = await request(t, 'DELETE', `/api/restaurants/${restaurant.id}`, {
      cookie: adminCookie,
    });
    expect(res.statusCode).toBe(204);

    const db = t.database.db;
    expect(await restaurantRow(restaurant.id)).toBeUndefined();
    expect(await db.select().from(tables).where(eq(tables.restaurantId, restaurant.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(requests).where(eq(requests.restaurantId, restaurant.id)),
    ).toEqual([]);
    expect(await db.select().from(users).where(eq(users.restaurantId, restaurant.id))).toEqual([]);
    const goneIds = [server.user.id, passwordServer.json().staffMember.id];
    expect(await db.select().from(users).where(inArray(users.id, goneIds))).toEqual([]);
    expect(await db.select().from(sessions).where(inArray(sessions.userId, goneIds))).toEqual([]);
    expect(
      await db
        .select()
        .from(restaurantLogos)
        .where(eq(restaurantLogos.restaurantId, restaurant.id)),
    ).toEqual([]);
    expect(ended.mock.calls.map((c) => c[0]).sort()).toEqual([...goneIds].sort());
    expect(deletedEvent).toHaveBeenCalledWith(restaurant.id);
    // The deleted server's cookie no longer works.
    const after = await request(t, 'GET', `/api/restaurants/${restaurant.id}/tables`, {
      cookie: serverCookie,
    });
    expect(after.statusCode).toBe(401);
    // The owner's other restaurant and its data are untouched; so is the owner.
    expect(await restaurantRow(keep.id)).toBeDefined();
    expect(await db.select().from(tables).where(eq(tables.restaurantId, keep.id))).toHaveLength(1);
    expect(await db.select().from(requests).where(eq(requests.restaurantId, keep.id))).toHaveLength(
      1,
    );
    const keptRows = await db
      .select()
      .from(users)
      .where(or(eq(users.id, keptServer.user.id), eq(users.id, floor.admin.user.id)));
    expect(keptRows).toHaveLength(2);
    expect((await signInServer(t, keptServer)).length).toBeGreaterThan(0);
    const list = await request(t, 'GET', '/api/restaurants', { cookie: adminCookie });
    expect(list.json().restaurants.map((r: { id: string }) => r.id)).toEqual([keep.id]);
  });
});
