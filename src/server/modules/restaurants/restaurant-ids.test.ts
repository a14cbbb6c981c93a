/**
 * Issue 14: a restaurant id is never issued twice (docs/decisions/024), and an admin owns at most
 * MAX_RESTAURANTS_PER_ADMIN restaurants, so names cannot be squatted by the hundred.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import type { Restaurant } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeAdmin, signInPassword } from '../../../../tests/support/factories';

const CAP = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxRestaurantsPerAdmin: CAP });
});
afterAll(() => t.close());

const create = (cookie: string, name: string) =>
  request(t, 'POST', '/api/restaurants', { cookie, body: { name } });

async function signedInAdmin() {
  return signInPassword(t, await makeAdmin(t));
}

describe('restaurant ids', () => {
  it('never reuses a deleted restaurant’s id, for another admin or the same one', async () => {
    const name = 'Reuse ' + randomBytes(4).toString('hex');
    const slug = name.toLowerCase().replace(' ', '-');
    const first = await signedInAdmin();
    await create(first, 'Keep ' + randomBytes(4).toString('hex'));
    const original = (await create(first, name)).json<{ restaurant: Restaurant }>().restaurant;
    expect(original.id).toBe(slug);
    expect(
      (await request(t, 'DELETE', `/api/restaurants/${slug}`, { cookie: first })).statusCode,
    ).toBe(204);

    const second = await signedInAdmin();
    const theirs = await create(second, name);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<{ restaurant: Restaurant }>().restaurant.id).toBe(`${slug}-2`);
    const again = await create(first, name);
    expect(again.json<{ restaurant: Restaurant }>().restaurant.id).toBe(`${slug}-3`);
    // The deleted id answers as missing to everyone, its former owner included.
    for (const cookie of [first, second])
      expect((await request(t, 'GET', `/api/restaurants/${slug}`, { cookie })).statusCode).toBe(
        404,
      );
  });
});

describe('restaurant ids after an account deletion', () => {
  it('keeps the ids of restaurants deleted with their owner’s account', async () => {
    const name = 'Gone ' + randomBytes(4).toString('hex');
    const slug = name.toLowerCase().replace(' ', '-');
    const leaving = await signedInAdmin();
    expect((await create(leaving, name)).json<{ restaurant: Restaurant }>().restaurant.id).toBe(
      slug,
    );
    expect((await request(t, 'DELETE', '/api/account', { cookie: leaving })).statusCode).toBe(204);
    const next = await create(await signedInAdmin(), name);
    expect(next.json<{ restaurant: Restaurant }>().restaurant.id).toBe(`${slug}-2`);
  });
});

describe('restaurants per admin', () => {
  it('refuses the restaurant past the cap with 409 and a clear message, and allows one again after a delete', async () => {
    const cookie = await signedInAdmin();
    const ids: string[] = [];
    for (let i = 0; i < CAP; i++) {
      const res = await create(cookie, 'Capped ' + randomBytes(4).toString('hex'));
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ restaurant: Restaurant }>().restaurant.id);
    }
    const over = await create(cookie, 'One too many');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: {
        code: 'restaurant_limit',
        message: MSG.restaurantLimit(CAP),
        values: { max: CAP },
      },
    });
    const listed = await request(t, 'GET', '/api/restaurants', { cookie });
    expect(listed.json<{ restaurants: unknown[] }>().restaurants).toHaveLength(CAP);

    expect((await request(t, 'DELETE', `/api/restaurants/${ids[0]}`, { cookie })).statusCode).toBe(
      204,
    );
    expect((await create(cookie, 'Room again ' + randomBytes(4).toString('hex'))).statusCode).toBe(
      201,
    );
  });

  it('holds under concurrent creates: never more than the cap', async () => {
    const cookie = await signedInAdmin();
    const results = await Promise.all(
      Array.from({ length: CAP + 4 }, (_, i) =>
        create(cookie, `Rush ${i} ${randomBytes(3).toString('hex')}`),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(CAP);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    const listed = await request(t, 'GET', '/api/restaurants', { cookie });
    expect(listed.json<{ restaurants: unknown[] }>().restaurants).toHaveLength(CAP);
  });

  it('is not a limit for another admin', async () => {
    const full = await signedInAdmin();
    for (let i = 0; i < CAP; i++) await create(full, 'Full ' + randomBytes(4).toString('hex'));
    expect((await create(full, 'Nope')).statusCode).toBe(409);
    expect(
      (await create(await signedInAdmin(), 'Yes ' + randomBytes(4).toString('hex'))).statusCode,
    ).toBe(201);
  });
});
