/**
 * API tokens (issue 24 item 3, decision 075): created by the owner and shown once, stored hashed, scoped, limited to
 * their one restaurant, refused at once when revoked, rate limited per token.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens, requests } from '../../src/server/db/schema';
import { createdApiTokenResponseSchema } from '@shared/integrations';
import { createTestApp, PUBLIC_URL, request, type TestApp } from '../support/test-app';
import { makeFloor, makeRestaurant, makeTable } from '../support/factories';

const RATE = 30;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ apiTokenLimit: { max: RATE, timeWindow: 60_000 }, webhookSweepMs: 0 });
});
afterAll(() => t.close());

async function createToken(restaurantId: string, cookie: string, scopes: string[], name = 'POS') {
  const res = await request(t, 'POST', `/api/restaurants/${restaurantId}/api-tokens`, {
    cookie,
    body: { name, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return createdApiTokenResponseSchema.parse(res.json());
}

/** An integrator's call: a bearer token, no cookie, no Origin (a server-side client sends none). */
function withToken(
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
}

async function press(restaurantId: string, tableId: string) {
  const res = await request(
    t,
    'POST',
    `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
    { body: { type: 'bill' } },
  );
  expect(res.statusCode).toBe(201);
  return res.json<{ request: { id: string } }>().request.id;
}

describe('API tokens', () => {
  it('is shown once, stored as its SHA-256, listed without its secret', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const { token, secret } = await createToken(restaurant.id, adminCookie, ['read']);
    expect(secret).toMatch(/^ts_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    const list = await request(t, 'GET', `/api/restaurants/${restaurant.id}/api-tokens`, {
      cookie: adminCookie,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json()).toEqual({ tokens: [{ ...token, lastUsedAt: null }] });
  });

  it('reads requests with the read scope, is refused a write (403), and records its last use', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const requestId = await press(restaurant.id, table.id);
    const { token, secret } = await createToken(restaurant.id, adminCookie, ['read']);

    const read = await withToken(secret, 'GET', `/api/restaurants/${restaurant.id}/requests`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ pending: { id: string }[] }>().pending.map((r) => r.id)).toEqual([
      requestId,
    ]);
    for (const url of [
      `/api/restaurants/${restaurant.id}/tables`,
      `/api/restaurants/${restaurant.id}/requests/history`,
      `/api/restaurants/${restaurant.id}/dashboard`,
      `/api/restaurants/${restaurant.id}/analytics`,
    ])
      expect((await withToken(secret, 'GET', url)).statusCode, url).toBe(200);

    const write = await withToken(secret, 'POST', `/api/requests/${requestId}/complete`, {});
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('token_scope');
    const [row] = await t.database.db.select().from(requests).where(eq(requests.id, requestId));
    expect(row?.status).toBe('pending');

    const [used] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(used?.lastUsedAt).toEqual(expect.any(Number));
  });

  it('takes and completes with requests:write, manages tables with tables:manage, and nothing else', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const requestId = await press(restaurant.id, table.id);
    const writer = (await createToken(restaurant.id, adminCookie, ['requests:write'])).secret;
    const tablesToken = (await createToken(restaurant.id, adminCookie, ['tables:manage'])).secret;

    expect(
      (await withToken(writer, 'POST', `/api/requests/${requestId}/acknowledge`, {})).statusCode,
    ).toBe(200);
    expect(
      (await withToken(writer, 'POST', `/api/requests/${requestId}/complete`, {})).statusCode,
    ).toBe(200);
    // requests:write does not read, nor manage tables
    expect(
      (await withToken(writer, 'GET', `/api/restaurants/${restaurant.id}/requests`)).statusCode,
    ).toBe(403);
    expect(
      (await withToken(writer, 'POST', `/api/restaurants/${restaurant.id}/tables`, { number: '9' }))
        .statusCode,
    ).toBe(403);

    const added = await withToken(tablesToken, 'POST', `/api/restaurants/${restaurant.id}/tables`, {
      number: '9',
    });
    expect(added.statusCode, added.body).toBe(201);
    const tableId = added.json<{ table: { id: string } }>().table.id;
    expect(
      (await withToken(tablesToken, 'PATCH', `/api/tables/${tableId}`, { number: '10' }))
        .statusCode,
    ).toBe(200);
    expect((await withToken(tablesToken, 'DELETE', `/api/tables/${tableId}`, {})).statusCode).toBe(
      204,
    );

    // Routes without a token scope refuse every token: the owner's account, restaurants, staff, tokens themselves.
    for (const [method, url] of [
      ['GET', '/api/session'],
      ['GET', '/api/restaurants'],
      ['GET', `/api/restaurants/${restaurant.id}`],
      ['GET', `/api/restaurants/${restaurant.id}/staff`],
      ['GET', `/api/restaurants/${restaurant.id}/api-tokens`],
      ['GET', `/api/restaurants/${restaurant.id}/webhooks`],
      ['DELETE', '/api/account'],
    ] as const) {
      const res = await withToken(tablesToken, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('is refused at once (401) when revoked', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const { token, secret } = await createToken(restaurant.id, adminCookie, ['read']);
    const url = `/api/restaurants/${restaurant.id}/requests`;
    expect((await withToken(secret, 'GET', url)).statusCode).toBe(200);
    const revoked = await request(t, 'DELETE', `/api/api-tokens/${token.id}`, {
      cookie: adminCookie,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await withToken(secret, 'GET', url);
    expect(after.statusCode).toBe(401);
    expect((await withToken('ts_made-up', 'GET', url)).statusCode).toBe(401);
  });

  it("reaches neither another restaurant of the same owner nor another tenant's", async () => {
    const a = await makeFloor(t);
    const sibling = await makeRestaurant(t, a.admin.user.id);
    const siblingTable = await makeTable(t, sibling.id, '1');
    const siblingRequest = await press(sibling.id, siblingTable.id);
    const b = await makeFloor(t);
    const bRequest = await press(b.restaurant.id, b.table.id);
    const secret = (
      await createToken(a.restaurant.id, a.adminCookie, ['read', 'requests:write', 'tables:manage'])
    ).secret;
    for (const other of [sibling.id, b.restaurant.id]) {
      for (const path of ['requests', 'tables', 'requests/history', 'dashboard', 'analytics']) {
        const res = await withToken(secret, 'GET', `/api/restaurants/${other}/${path}`);
        expect(res.statusCode, `${other} ${path}`).toBe(404);
      }
      const add = await withToken(secret, 'POST', `/api/restaurants/${other}/tables`, {
        number: '77',
      });
      expect(add.statusCode).toBe(404);
    }
    for (const id of [siblingRequest, bRequest]) {
      const res = await withToken(secret, 'POST', `/api/requests/${id}/complete`, {});
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await withToken(secret, 'DELETE', `/api/tables/${siblingTable.id}`, {})).statusCode,
    ).toBe(404);
    expect((await withToken(secret, 'DELETE', `/api/tables/${b.table.id}`, {})).statusCode).toBe(
      404,
    );
    // And another owner cannot revoke or list A's tokens.
    const list = await request(t, 'GET', `/api/restaurants/${a.restaurant.id}/api-tokens`, {
      cookie: b.adminCookie,
    });
    expect(list.statusCode).toBe(404);
  });

  it('is refused a live socket', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const { secret } = await createToken(restaurant.id, adminCookie, ['read']);
    const res = await withToken(secret, 'GET', '/api/live');
    expect(res.statusCode).toBe(403);
  });

  it('needs no Origin (no cookie) but still JSON for a write', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const requestId = await press(restaurant.id, table.id);
    const { secret } = await createToken(restaurant.id, adminCookie, ['requests:write']);
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${requestId}/complete`,
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(403);
    expect(form.json().error.code).toBe('csrf');
    // A foreign Origin with a bearer: no cookie is read, so no cross-site request can ride on it.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${requestId}/complete`,
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/json',
        origin: 'https://integrator.example',
        cookie: adminCookie,
      },
      payload: '{}',
    });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(PUBLIC_URL).not.toBe('https://integrator.example');
  });

  it('is rate limited per token', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const one = (await createToken(restaurant.id, adminCookie, ['read'], 'one')).secret;
    const two = (await createToken(restaurant.id, adminCookie, ['read'], 'two')).secret;
    const url = `/api/restaurants/${restaurant.id}/tables`;
    for (let i = 0; i < RATE; i++) expect((await withToken(one, 'GET', url)).statusCode).toBe(200);
    const limited = await withToken(one, 'GET', url);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    // Another token of the same restaurant, and the owner's own session, are not held back.
    expect((await withToken(two, 'GET', url)).statusCode).toBe(200);
    expect((await request(t, 'GET', url, { cookie: adminCookie })).statusCode).toBe(200);
  });
});
