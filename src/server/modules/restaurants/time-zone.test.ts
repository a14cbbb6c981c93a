/** The restaurant's time zone (issue 13, decision 045): set at creation and in the settings, IANA names only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { restaurantResponseSchema } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeAdmin, makeFloor, signInPassword } from '../../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedInAdmin() {
  const admin = await makeAdmin(t);
  return { admin, cookie: await signInPassword(t, admin) };
}

describe('restaurant time zone', () => {
  it('starts on UTC when the creator sends none, and on the zone sent otherwise', async () => {
    const { cookie } = await signedInAdmin();
    const plain = await request(t, 'POST', '/api/restaurants', { cookie, body: { name: 'Plain' } });
    expect(plain.statusCode).toBe(201);
    expect(restaurantResponseSchema.parse(plain.json()).restaurant.timeZone).toBe('UTC');
    const berlin = await request(t, 'POST', '/api/restaurants', {
      cookie,
      body: { name: 'Berlin', timeZone: 'Europe/Berlin' },
    });
    expect(berlin.statusCode).toBe(201);
    expect(berlin.json().restaurant.timeZone).toBe('Europe/Berlin');
  });

  it('is changed in the settings and shown to the restaurant’s servers', async () => {
    const { restaurant, adminCookie, serverCookie } = await makeFloor(t);
    const url = `/api/restaurants/${restaurant.id}`;
    const res = await request(t, 'PATCH', url, {
      cookie: adminCookie,
      body: { timeZone: 'America/New_York' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().restaurant.timeZone).toBe('America/New_York');
    const seen = await request(t, 'GET', url, { cookie: serverCookie });
    expect(seen.json().restaurant.timeZone).toBe('America/New_York');
  });

  it('refuses what is no IANA zone with a clear 400 and keeps the old one', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const url = `/api/restaurants/${restaurant.id}`;
    for (const timeZone of ['Mars/Olympus', '', '+02:00', 'Europe', 42, null, 'x'.repeat(200)]) {
      const res = await request(t, 'PATCH', url, { cookie: adminCookie, body: { timeZone } });
      expect(res.statusCode, String(timeZone)).toBe(400);
      if (typeof timeZone === 'string')
        expect(res.json().error.message, timeZone).toBe(MSG.timeZoneInvalid);
    }
    const create = await request(t, 'POST', '/api/restaurants', {
      cookie: adminCookie,
      body: { name: 'Nowhere', timeZone: 'Nowhere/City' },
    });
    expect(create.statusCode).toBe(400);
    const after = await request(t, 'GET', url, { cookie: adminCookie });
    expect(after.json().restaurant.timeZone).toBe('UTC');
  });

  it('is for the owner only', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const url = `/api/restaurants/${a.restaurant.id}`;
    const other = await request(t, 'PATCH', url, {
      cookie: b.adminCookie,
      body: { timeZone: 'Asia/Tokyo' },
    });
    expect(other.statusCode).toBe(404);
    const server = await request(t, 'PATCH', url, {
      cookie: a.serverCookie,
      body: { timeZone: 'Asia/Tokyo' },
    });
    expect(server.statusCode).toBe(403);
  });
});
