/** Security headers, CSRF and the guest rate limits, as a hostile client with curl would meet them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../../tests/support/test-app';
import { loadEnv } from '../env';
import { buildApp } from '../app';
import { createTestDatabase } from '../../../tests/support/test-db';
import {
  makeAdmin,
  makeFloor,
  makeRestaurant,
  makeServer,
  makeTable,
} from '../../../tests/support/factories';
import { GUEST_READ_LIMITS } from '../modules/guest/guest.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a strict CSP, frame-ancestors none, nosniff and a referrer policy', async () => {
    // On answers, errors and unknown routes alike (the headers are set before routing).
    for (const [method, url, status] of [
      ['POST', '/api/public/restaurants/nope/tables/nope/requests', 404],
      ['GET', '/api/no-such-route', 404],
    ] as const) {
      const other = await request(t, method, url, { body: { type: 'bill' } });
      expect(other.statusCode).toBe(status);
      expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(other.headers['x-content-type-options']).toBe('nosniff');
    }
    const res = await request(t, 'GET', '/api/session');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // HSTS only when served over https (PUBLIC_URL is http in tests).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS and a Secure session cookie when PUBLIC_URL is https', async () => {
    const database = await createTestDatabase();
    const built = await buildApp({ database, publicUrl: 'https://tables.example' });
    try {
      const res = await built.app.inject({ method: 'GET', url: '/api/session' });
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
      const tt = { ...built, database, close: () => Promise.resolve() };
      const admin = await makeAdmin(tt);
      const restaurant = await makeRestaurant(tt, admin.user.id);
      const server = await makeServer(tt, restaurant.id);
      const signIn = await built.app.inject({
        method: 'POST',
        url: '/api/auth/pin-login',
        headers: { 'content-type': 'application/json', origin: 'https://tables.example' },
        payload: { loginId: server.loginId, pin: server.pin },
      });
      expect(signIn.statusCode).toBe(200);
      const cookie = String(signIn.headers['set-cookie']);
      expect(cookie).toMatch(/^ts_session=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
    } finally {
      await built.app.close();
      await database.close();
    }
  });
});

describe('CSRF', () => {
  it('refuses a form-encoded or text body on a state-changing route', async () => {
    const { serverCookie, table } = await makeFloor(t);
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/tables/${table.id}/assign`,
        payload: '{}',
        headers: { 'content-type': type, cookie: serverCookie },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('csrf');
    }
  });

  it('refuses a cookie-authenticated change with no Origin, unless the browser says same-origin', async () => {
    const { serverCookie, table } = await makeFloor(t);
    const assign = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/tables/${table.id}/assign`,
        payload: '{}',
        headers: { 'content-type': 'application/json', cookie: serverCookie, ...headers },
      });
    const noOrigin: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of noOrigin) {
      const res = await assign(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'csrf',
          message: 'Cross-site request refused.',
          messageId: 'crossSiteRefused',
        },
      });
    }
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
      expect((await assign({ origin })).statusCode).toBe(403);
    }
    expect((await assign({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    // Without a session cookie there is nothing to forge: a guest's press from curl needs no Origin.
    const { restaurant, table: guestTable } = await makeFloor(t);
    const press = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurants/${restaurant.id}/tables/${guestTable.id}/requests`,
      payload: { type: 'order' },
    });
    expect(press.statusCode).toBe(201);
  });

  it('accepts the app’s own origin', async () => {
    const { serverCookie, table } = await makeFloor(t);
    const res = await request(t, 'POST', `/api/tables/${table.id}/assign`, {
      cookie: serverCookie,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('guest abuse', () => {
  it('limits one client address to 30 presses a minute across tables', async () => {
    const { restaurant } = await makeFloor(t);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const table = await makeTable(t, restaurant.id, `r${i}`);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/restaurants/${restaurant.id}/tables/${table.id}/requests`,
        payload: { type: 'order' },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('ignores a spoofed X-Forwarded-For when TRUST_PROXY is unset: the press limit still holds', async () => {
    const { restaurant } = await makeFloor(t);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const table = await makeTable(t, restaurant.id, `s${i}`);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/restaurants/${restaurant.id}/tables/${table.id}/requests`,
        payload: { type: 'order' },
        remoteAddress: '203.0.113.20',
        // A new made-up address on every press.
        headers: { 'x-forwarded-for': `198.18.0.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('with TRUST_PROXY set, believes X-Forwarded-For from that proxy only', async () => {
    const proxied = await createTestApp({
      trustProxy: loadEnv({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY,
    });
    try {
      const { restaurant } = await makeFloor(proxied);
      const press = async (i: number, remoteAddress: string, prefix: string) => {
        const table = await makeTable(proxied, restaurant.id, `${prefix}${i}`);
        return (
          await proxied.app.inject({
            method: 'POST',
            url: `/api/public/restaurants/${restaurant.id}/tables/${table.id}/requests`,
            payload: { type: 'order' },
            remoteAddress,
            headers: { 'x-forwarded-for': `198.18.1.${i}` },
          })
        ).statusCode;
      };
      // Through the trusted balancer: 32 different guests, none limited.
      const viaProxy: number[] = [];
      for (let i = 0; i < 32; i++) viaProxy.push(await press(i, '10.1.2.3', 'p'));
      expect(viaProxy.every((s) => s === 201)).toBe(true);
      // Straight from the internet: the header is the client's own claim and is ignored.
      const direct: number[] = [];
      for (let i = 0; i < 32; i++) direct.push(await press(i, '203.0.113.21', 'd'));
      expect(direct.slice(30)).toEqual([429, 429]);
    } finally {
      await proxied.close();
    }
  });

  it.each([
    ['table', (r: string, tb: string) => `/api/public/restaurants/${r}/tables/${tb}`, 200],
    [
      'cooldown',
      (r: string, tb: string) => `/api/public/restaurants/${r}/tables/${tb}/cooldown`,
      200,
    ],
    // No logo uploaded: 404, which counts against the limit like any answer.
    ['logo', (r: string) => `/api/public/restaurants/${r}/logo`, 404],
  ] as const)('limits one client address on the guest %s read', async (name, path, ok) => {
    const { restaurant, table } = await makeFloor(t);
    const url = path(restaurant.id, table.id);
    const { max } = GUEST_READ_LIMITS[name];
    const get = (remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    // Within the limit: every answer is the normal one (in batches, to keep the test quick).
    const statuses: number[] = [];
    for (let i = 0; i < max; i += 40) {
      const batch = Array.from({ length: Math.min(40, max - i) }, () =>
        get(`198.51.100.${name.length}`),
      );
      statuses.push(...(await Promise.all(batch)).map((r) => r.statusCode));
    }
    expect(statuses.every((s) => s === ok)).toBe(true);
    const over = await get(`198.51.100.${name.length}`);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect(over.headers['retry-after']).toBeDefined();
    // Another address (another table's guests) is not affected.
    expect((await get('198.51.100.200')).statusCode).toBe(ok);
  });

  it('caps the body size of a guest press', async () => {
    const { restaurant, table } = await makeFloor(t);
    const res = await request(
      t,
      'POST',
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}/requests`,
      {
        body: { type: 'order', pad: 'x'.repeat(5000) },
      },
    );
    expect(res.statusCode).toBe(413);
  });
});
