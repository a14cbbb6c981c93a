/**
 * Decision 026 (issue 14): per-address limits refuse unauthenticated writes before any database work, count IPv6
 * clients by /64, and budget made-up session cookies; the Origin check compares schemes; request ids are ours
 * unless the client's is short and plain.
 */
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { loginAttempts } from '../db/schema';
import { SIGN_IN_ADDRESS_LIMIT } from '../modules/auth/auth.routes';
import { PUBLIC_URL, request, sessionCookie, type TestApp } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-db';
import { makeFloor, makeServer } from '../../../tests/support/factories';
import { isSameOrigin } from './origin';
import { UNKNOWN_SESSION_LIMIT } from './session-probes';

/** A database that can be switched off: while off, any use of it throws (so a request that touches it fails). */
function switchable(database: Database) {
  const state = { off: false };
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (state.off) throw new Error(`database touched (${String(property)})`);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { database: { ...database, db }, state };
}

let t: TestApp;
let dbSwitch: { off: boolean };
const logLines: string[] = [];

beforeAll(async () => {
  const raw = await createTestDatabase();
  const { database, state } = switchable(raw);
  dbSwitch = state;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const built = await buildApp({
    database,
    publicUrl: PUBLIC_URL,
    escalationSweepMs: 0,
    logger: { level: 'info', stream },
  });
  t = {
    ...built,
    database,
    close: async () => {
      await built.app.close();
      await raw.close();
    },
  };
});
afterAll(() => t.close());

const post = (url: string, body: unknown, remoteAddress: string) =>
  request(t, 'POST', url, { body, remoteAddress });

/** Sends `count` requests from one address with the database on, then one more with it off. */
async function exhaustThenProbe(url: string, body: unknown, count: number, address: string) {
  for (let i = 0; i < count; i++) {
    const res = await post(url, body, address);
    // The database's own throttle may answer 429 (per account); the in-memory limit has not refused yet.
    if (res.statusCode === 429) expect(res.json().error.code, res.body).not.toBe('rate_limited');
  }
  dbSwitch.off = true;
  try {
    const refused = await post(url, body, address);
    // The same request from another address reaches the database, which is off: proof the switch works.
    const elsewhere = await post(url, body, '198.18.0.250');
    return { refused, elsewhere };
  } finally {
    dbSwitch.off = false;
  }
}

describe('unauthenticated writes are refused per address before any database work', () => {
  const cases = [
    [
      'email sign-in',
      '/api/auth/login',
      { email: 'nobody@example.test', password: 'Wrong-pass1!' },
      SIGN_IN_ADDRESS_LIMIT.max,
    ],
    [
      'PIN sign-in',
      '/api/auth/pin-login',
      { loginId: 'nobody', pin: '1234' },
      SIGN_IN_ADDRESS_LIMIT.max,
    ],
    ['resend verification', '/api/auth/resend-verification', { email: 'nobody@example.test' }, 5],
    ['verify email', '/api/auth/verify-email', { token: 'x'.repeat(43) }, 30],
  ] as const;
  for (const [name, url, body, max] of cases) {
    it(`${name}: the request past the budget gets 429 with Retry-After and never touches the database`, async () => {
      const address = `198.18.1.${cases.findIndex((c) => c[1] === url) + 1}`;
      const { refused, elsewhere } = await exhaustThenProbe(url, body, max, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      if (url !== '/api/auth/resend-verification') expect(elsewhere.statusCode).toBe(500);
    });
  }
});

describe('IPv6 clients are counted by /64', () => {
  it('shares one sign-in budget across a /64, and the next /64 has its own', async () => {
    const body = { loginId: 'nobody', pin: '1234' };
    for (let i = 1; i <= SIGN_IN_ADDRESS_LIMIT.max; i++) {
      const res = await post('/api/auth/pin-login', body, `2001:db8:1:2::${i.toString(16)}`);
      expect(res.statusCode).toBe(404);
    }
    const sameNetwork = await post('/api/auth/pin-login', body, '2001:db8:1:2:ffff:1:2:3');
    expect(sameNetwork.statusCode).toBe(429);
    expect(sameNetwork.json().error.code).toBe('rate_limited');
    const nextNetwork = await post('/api/auth/pin-login', body, '2001:db8:1:3::1');
    expect(nextNetwork.statusCode).toBe(404);
  });

  it("keys the database sign-in throttle's address counter by /64", async () => {
    await post('/api/auth/pin-login', { loginId: 'ghost', pin: '1234' }, '2001:db8:9:9::abcd');
    const rows = await t.database.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.scope, 'client'), eq(loginAttempts.key, 'ip:2001:db8:9:9::/64')));
    expect(rows).toHaveLength(1);
  });

  it('shares the guest press budget across a /64, and treats IPv4-mapped addresses as IPv4', async () => {
    const { restaurant, table } = await makeFloor(t);
    const url = `/api/public/restaurants/${restaurant.id}/tables/${table.id}/requests`;
    const codes: string[] = [];
    for (let i = 1; i <= 30; i++) {
      const res = await post(url, { type: 'refill' }, `2001:db8:5:5::${i.toString(16)}`);
      codes.push(
        res.statusCode === 201 ? 'created' : res.json<{ error: { code: string } }>().error.code,
      );
    }
    expect(codes[0]).toBe('created');
    expect(codes.slice(1).every((c) => c === 'cooldown')).toBe(true);
    const over = await post(url, { type: 'refill' }, '2001:db8:5:5::beef');
    expect(over.json().error.code).toBe('rate_limited');
    expect((await post(url, { type: 'refill' }, '2001:db8:5:6::1')).json().error.code).toBe(
      'cooldown',
    );

    for (let i = 1; i <= 30; i++) await post(url, { type: 'refill' }, '203.0.113.77');
    const mapped = await post(url, { type: 'refill' }, '::ffff:203.0.113.77');
    expect(mapped.json().error.code).toBe('rate_limited');
  });
});

describe('made-up session cookies', () => {
  it('budgets unknown cookies per address before the lookup; known sessions and other addresses still work', async () => {
    const { restaurant } = await makeFloor(t);
    const server = await makeServer(t, restaurant.id);
    const signIn = await post(
      '/api/auth/pin-login',
      { loginId: server.loginId, pin: server.pin },
      '198.18.2.1',
    );
    const valid = sessionCookie(signIn);
    const session = (cookie: string, remoteAddress: string) =>
      request(t, 'GET', '/api/session', { cookie, remoteAddress });
    expect((await session(valid, '198.18.2.1')).json().user.id).toBe(server.user.id);
    const random = () =>
      `ts_session=${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    for (let i = 0; i < UNKNOWN_SESSION_LIMIT.max; i++) {
      const res = await session(random(), '198.18.2.1');
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toBeNull();
    }
    dbSwitch.off = true;
    try {
      const refused = await session(random(), '198.18.2.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      dbSwitch.off = false;
    }
    expect((await session(valid, '198.18.2.1')).json().user.id).toBe(server.user.id);
    expect((await session(random(), '198.18.2.2')).statusCode).toBe(200);
    // A session that ends is looked up once more (and found gone); from then on its cookie counts as unknown.
    expect(
      (await request(t, 'POST', '/api/auth/logout', { cookie: valid, remoteAddress: '198.18.2.1' }))
        .statusCode,
    ).toBe(204);
    expect((await session(valid, '198.18.2.1')).json().user).toBeNull();
    expect((await session(valid, '198.18.2.1')).statusCode).toBe(429);
  });
});

describe('Origin is compared with its scheme', () => {
  it('tells http and https apart, for PUBLIC_URL and for the Host a request was sent to', () => {
    expect(isSameOrigin('http://localhost:3000', 'http://localhost:3000', undefined, 'http')).toBe(
      true,
    );
    expect(
      isSameOrigin('https://localhost:3000', 'http://localhost:3000', 'localhost:3000', 'http'),
    ).toBe(false);
    expect(
      isSameOrigin('http://tables.example', 'https://tables.example', 'tables.example', 'https'),
    ).toBe(false);
    expect(
      isSameOrigin('http://192.168.1.5:3000', 'http://localhost:3000', '192.168.1.5:3000', 'http'),
    ).toBe(true);
    expect(
      isSameOrigin('https://192.168.1.5:3000', 'http://localhost:3000', '192.168.1.5:3000', 'http'),
    ).toBe(false);
  });

  it('refuses a state-changing request whose Origin has the other scheme', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/pin-login',
      remoteAddress: '198.18.3.1',
      headers: {
        'content-type': 'application/json',
        origin: PUBLIC_URL.replace('http:', 'https:'),
        host: new URL(PUBLIC_URL).host,
      },
      payload: { loginId: 'nobody', pin: '1234' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf');
  });
});

describe('request ids', () => {
  const reqIdsOf = (marker: string) =>
    logLines
      .map((line) => JSON.parse(line) as { reqId?: string; url?: string; req?: { url?: string } })
      .filter((entry) => entry.req?.url?.includes(marker))
      .map((entry) => entry.reqId);

  it('keeps a short, plain X-Request-Id and replaces a long or odd one with our own', async () => {
    const send = (id: string, marker: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/session?${marker}`,
        headers: { 'x-request-id': id },
      });
    await send('lb-1234.abcd', 'short');
    await send('x'.repeat(8192), 'long');
    await send('forged\nline', 'odd');
    expect(reqIdsOf('short')).toEqual(['lb-1234.abcd']);
    for (const marker of ['long', 'odd']) {
      const ids = reqIdsOf(marker);
      expect(ids).toHaveLength(1);
      expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
