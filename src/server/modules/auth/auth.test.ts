import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loginAttempts, sessions, users } from '../../db/schema';
import { MSG } from '@shared/messages';
import {
  createTestApp,
  request,
  sessionCookie,
  type TestApp,
} from '../../../../tests/support/test-app';
import {
  makeAdmin,
  makeRestaurant,
  makeServer,
  PASSWORD,
} from '../../../../tests/support/factories';

let now = Date.now();
let t: TestApp;
beforeAll(async () => {
  // This file tests the database-backed throttle on a simulated clock; the in-memory per-address limit in front of
  // it (real time, decision 026) is raised here and tested in http/address-limits.test.ts.
  t = await createTestApp({
    clock: () => now,
    signInAddressLimit: { max: 1000, timeWindow: '1 minute' },
  });
});
afterAll(() => t.close());

describe('PIN sign-in (SPEC §8)', () => {
  it('signs a server in with the right PIN and sets an httpOnly, SameSite=Lax cookie', async () => {
    const restaurant = await makeRestaurant(t);
    const server = await makeServer(t, restaurant.id, '4321');
    const res = await request(t, 'POST', '/api/auth/pin-login', {
      body: { loginId: server.loginId.toUpperCase(), pin: '4321' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: server.user.id,
      role: 'server',
      restaurantId: restaurant.id,
    });
    const cookie = res.cookies.find((c) => c.name === 'ts_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const session = await request(t, 'GET', '/api/session', { cookie: sessionCookie(res) });
    expect(session.json().user.id).toBe(server.user.id);
  });

  it("answers a wrong PIN with 'Incorrect PIN' and no session", async () => {
    const restaurant = await makeRestaurant(t);
    const server = await makeServer(t, restaurant.id, '1111');
    const res = await request(t, 'POST', '/api/auth/pin-login', {
      body: { loginId: server.loginId, pin: '2222' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'invalid_pin', message: MSG.incorrectPin });
    expect(res.cookies.find((c) => c.name === 'ts_session')).toBeUndefined();
  });

  it("answers an unknown login ID with 'Login ID not found'", async () => {
    const res = await request(t, 'POST', '/api/auth/pin-login', {
      body: { loginId: 'nobody-here', pin: '1234' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(MSG.loginIdNotFound);
  });

  it('backs off after a failure, then locks the login ID after 10 consecutive failures', async () => {
    const restaurant = await makeRestaurant(t);
    const server = await makeServer(t, restaurant.id, '9999');
    const attempt = (pin: string) =>
      request(t, 'POST', '/api/auth/pin-login', { body: { loginId: server.loginId, pin } });
    expect((await attempt('0000')).statusCode).toBe(401);
    // Within the back-off window even the right PIN is refused, without saying whether it was right.
    const early = await attempt('9999');
    expect(early.statusCode).toBe(429);
    expect(early.json().error.code).toBe('throttled');
    for (let i = 2; i <= 10; i++) {
      now += 61_000;
      expect((await attempt('0000')).statusCode).toBe(401);
    }
    now += 61_000;
    const locked = await attempt('9999');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('locked');
    now += 15 * 60_000 + 1000;
    expect((await attempt('9999')).statusCode).toBe(200);
  });
});

describe('concurrent guesses', () => {
  it('checks only the one guess the policy allows when 100 wrong PINs for one login ID arrive at once', async () => {
    const restaurant = await makeRestaurant(t);
    const server = await makeServer(t, restaurant.id, '8642');
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/pin-login',
          payload: { loginId: server.loginId, pin: String(1000 + i) },
          // From many addresses, so the per-address limit plays no part.
          remoteAddress: `192.0.2.${i}`,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    // One guess is checked (401); every other one is refused before its PIN is looked at.
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(99);
    const [row] = await t.database.db
      .select()
      .from(loginAttempts)
      .where(
        and(eq(loginAttempts.scope, 'account'), eq(loginAttempts.key, 'pin:' + server.loginId)),
      );
    expect(row?.failures).toBe(1);
    // The right PIN is admitted once the back-off has passed.
    now += 61_000;
    const ok = await request(t, 'POST', '/api/auth/pin-login', {
      body: { loginId: server.loginId, pin: '8642' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('signs in every one of three correct PINs for one server sent at the same moment (issue 25)', async () => {
    const restaurant = await makeRestaurant(t);
    const server = await makeServer(t, restaurant.id, '2468');
    const responses = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/pin-login',
          payload: { loginId: server.loginId, pin: '2468' },
          remoteAddress: `192.0.2.${200 + i}`,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const cookies = new Set(responses.map((r) => sessionCookie(r)));
    expect(cookies.size).toBe(3);
    // Nothing is left counted against the account.
    const rows = await t.database.db
      .select()
      .from(loginAttempts)
      .where(
        and(eq(loginAttempts.scope, 'account'), eq(loginAttempts.key, 'pin:' + server.loginId)),
      );
    expect(rows).toEqual([]);
  });

  it('signs in both of two correct passwords for one admin sent at the same moment', async () => {
    const admin = await makeAdmin(t);
    const responses = await Promise.all(
      [0, 1].map(() =>
        request(t, 'POST', '/api/auth/login', {
          body: { email: admin.email, password: PASSWORD },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('checks one password guess at a time for one email', async () => {
    const admin = await makeAdmin(t);
    now += 61_000;
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: admin.email, password: `Wrong-pass${i}!` },
          remoteAddress: `192.0.2.${i}`,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(29);
  });
});

describe('per-address throttling', () => {
  it('locks an address after 50 failures across login IDs, and forgets failures after a quiet hour', async () => {
    const fromAddress = (loginId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/pin-login',
        payload: { loginId, pin: '1234' },
        remoteAddress: '198.51.100.7',
      });
    for (let i = 0; i < 49; i++) expect((await fromAddress(`ghost${i}`)).statusCode).toBe(404);
    now += 61 * 60_000; // a quiet hour: the 49 failures no longer count
    for (let i = 0; i < 49; i++) expect((await fromAddress(`ghost${i}`)).statusCode).toBe(404);
    expect((await fromAddress('ghost-last')).statusCode).toBe(404); // the 50th consecutive failure locks
    const locked = await fromAddress('anyone');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('locked');
  });
});

describe('password sign-in (SPEC §8 Admin login)', () => {
  it('signs in a verified admin', async () => {
    const admin = await makeAdmin(t);
    const res = await request(t, 'POST', '/api/auth/login', {
      body: { email: admin.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', email: admin.email });
  });

  it("answers a wrong password with 'Invalid email or password'", async () => {
    const admin = await makeAdmin(t);
    now += 61_000;
    const res = await request(t, 'POST', '/api/auth/login', {
      body: { email: admin.email, password: 'Wrong-pass1!' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(MSG.invalidCredentials);
    const unknown = await request(t, 'POST', '/api/auth/login', {
      body: { email: 'ghost@example.test', password: PASSWORD },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe(MSG.invalidCredentials);
  });

  it('refuses an unverified email with the SPEC message', async () => {
    const admin = await makeAdmin(t, { verified: false });
    const res = await request(t, 'POST', '/api/auth/login', {
      body: { email: admin.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'email_not_verified',
      message: MSG.verifyEmailFirst,
    });
    expect(res.cookies.find((c) => c.name === 'ts_session')).toBeUndefined();
  });
});

describe('sessions', () => {
  it('treats an expired PIN session as signed out', async () => {
    const restaurant = await makeRestaurant(t);
    const server = await makeServer(t, restaurant.id);
    const res = await request(t, 'POST', '/api/auth/pin-login', {
      body: { loginId: server.loginId, pin: server.pin },
    });
    const cookie = sessionCookie(res);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(sessions.userId, server.user.id));
    expect((await request(t, 'GET', '/api/session', { cookie })).json().user).toBeNull();
    const refused = await request(t, 'GET', `/api/restaurants/${restaurant.id}/tables`, { cookie });
    expect(refused.statusCode).toBe(401);
  });

  it('ends the session on the server at logout', async () => {
    const restaurant = await makeRestaurant(t);
    const server = await makeServer(t, restaurant.id);
    const cookie = sessionCookie(
      await request(t, 'POST', '/api/auth/pin-login', {
        body: { loginId: server.loginId, pin: server.pin },
      }),
    );
    expect((await request(t, 'POST', '/api/auth/logout', { cookie })).statusCode).toBe(204);
    // The old cookie value no longer works even if a client kept it.
    expect((await request(t, 'GET', '/api/session', { cookie })).json().user).toBeNull();
  });

  it('rotates the session id at sign-in: the cookie the browser had before no longer works', async () => {
    const restaurant = await makeRestaurant(t);
    const server = await makeServer(t, restaurant.id);
    const signIn = (cookie?: string) =>
      request(t, 'POST', '/api/auth/pin-login', {
        body: { loginId: server.loginId, pin: server.pin },
        ...(cookie ? { cookie } : {}),
      });
    const first = sessionCookie(await signIn());
    expect((await request(t, 'GET', '/api/session', { cookie: first })).json().user.id).toBe(
      server.user.id,
    );
    // Signing in again on the same browser (it sends its old cookie) issues a new id and ends the old one.
    const second = sessionCookie(await signIn(first));
    expect(second).not.toBe(first);
    expect((await request(t, 'GET', '/api/session', { cookie: first })).json().user).toBeNull();
    expect((await request(t, 'GET', '/api/session', { cookie: second })).json().user.id).toBe(
      server.user.id,
    );
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await request(t, 'POST', '/api/auth/pin-login', {
      body: { loginId: 'x', pin: '1234' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf');
  });
});

describe('stored secrets', () => {
  it('stores passwords and PINs only as argon2id hashes, never the plaintext', async () => {
    const admin = await makeAdmin(t);
    const server = await makeServer(t, (await makeRestaurant(t, admin.user.id)).id, '9753');
    const [adminRow] = await t.database.db.select().from(users).where(eq(users.id, admin.user.id));
    const [serverRow] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, server.user.id));
    expect(adminRow?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(adminRow?.passwordHash).not.toContain(PASSWORD);
    expect(adminRow?.pinHash).toBeNull();
    expect(serverRow?.pinHash).toMatch(/^\$argon2id\$/);
    expect(serverRow?.pinHash).not.toContain('9753');
    expect(serverRow?.passwordHash).toBeNull();
  });
});

describe('a server without a PIN (SPEC §8)', () => {
  it("answers 'PIN not configured for this server'", async () => {
    const server = await makeServer(t, (await makeRestaurant(t)).id);
    await t.database.db.update(users).set({ pinHash: null }).where(eq(users.id, server.user.id));
    const res = await request(t, 'POST', '/api/auth/pin-login', {
      body: { loginId: server.loginId, pin: '1234' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MSG.pinNotConfigured);
    expect(res.cookies.find((c) => c.name === 'ts_session')).toBeUndefined();
  });
});
