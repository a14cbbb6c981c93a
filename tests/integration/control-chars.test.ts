/**
 * A NUL (or another C0 control character) in any text input is a 400 with the one error shape, never a 500:
 * PostgreSQL refuses NUL in text (SQLSTATE 22021 / 22P05), so validation stops it first. Every case here gave a
 * 500 before (audit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { createTestApp, request, type TestApp } from '../support/test-app';
import { makeFloor, makeSuperAdmin, signInPassword } from '../support/factories';

let t: TestApp;
let floor: Awaited<ReturnType<typeof makeFloor>>;
let superCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  floor = await makeFloor(t);
  superCookie = await signInPassword(t, await makeSuperAdmin(t));
});
afterAll(() => t.close());

const NUL = '\u0000';

describe('NUL in text input', () => {
  it.each([
    ['pin-login login ID', '/api/auth/pin-login', () => ({ loginId: `a${NUL}b`, pin: '1234' })],
    ['pin-login PIN', '/api/auth/pin-login', () => ({ loginId: floor.server.loginId, pin: NUL })],
    ['login email', '/api/auth/login', () => ({ email: `a${NUL}@x.test`, password: 'x' })],
    ['verify-email token', '/api/auth/verify-email', () => ({ token: `abc${NUL}` })],
    [
      'resend-verification email',
      '/api/auth/resend-verification',
      () => ({ email: `a${NUL}@x.io` }),
    ],
  ])('refuses it in the %s', async (_name, url, body) => {
    const res = await request(t, 'POST', url, { body: body() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation');
  });

  it('refuses it in the guest page path, in either id', async () => {
    const { restaurant, table } = floor;
    for (const url of [
      `/api/public/restaurants/${restaurant.id}%00/tables/${table.id}`,
      `/api/public/restaurants/${restaurant.id}/tables/%00`,
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}%00/cooldown`,
      `/api/public/restaurants/%00/logo`,
    ]) {
      const res = await request(t, 'GET', url);
      expect(res.statusCode, `${url} → ${res.body}`).toBe(400);
      expect(res.json().error.message).toBe(MSG.badRequest);
    }
    const press = await request(
      t,
      'POST',
      `/api/public/restaurants/${restaurant.id}/tables/${table.id}%00/requests`,
      { body: { type: 'order' } },
    );
    expect(press.statusCode).toBe(400);
  });

  it('refuses it in an admin’s names, numbers and URLs with a clear message', async () => {
    const cookie = floor.adminCookie;
    const rid = floor.restaurant.id;
    const cases: [string, string, string, unknown][] = [
      ['POST', '/api/restaurants', 'create restaurant', { name: `Bistro${NUL}` }],
      ['PATCH', `/api/restaurants/${rid}`, 'rename', { name: `Bistro${NUL}` }],
      ['PATCH', `/api/restaurants/${rid}`, 'review URL', { reviewUrl: `https://x.test/${NUL}` }],
      ['POST', `/api/restaurants/${rid}/tables`, 'table', { number: `7${NUL}` }],
      [
        'POST',
        `/api/restaurants/${rid}/staff`,
        'staff name',
        { mode: 'pin', name: `Bo${NUL}`, loginId: 'bobo1', pin: '1234' },
      ],
      [
        'POST',
        `/api/restaurants/${rid}/staff`,
        'staff email',
        { mode: 'password', name: 'Di', email: `di${NUL}@x.test`, password: 'Abcdef1!' },
      ],
    ];
    for (const [method, url, name, body] of cases) {
      const res = await request(t, method, url, { cookie, body });
      expect(res.statusCode, `${name} → ${res.body}`).toBe(400);
      expect(res.json().error.message, name).not.toBe(MSG.internalError);
    }
    const created = await request(t, 'POST', '/api/restaurants', {
      cookie,
      body: { name: `Bistro${NUL}` },
    });
    expect(created.json().error.message).toBe(MSG.controlCharacters);
    const login = await request(t, 'GET', `/api/login-ids/a%00b/availability`, { cookie });
    expect(login.statusCode).toBe(400);
  });

  it('refuses other control characters in a name, and still takes an empty one with SPEC’s message', async () => {
    const cookie = floor.adminCookie;
    for (const name of ['Bis\ttro', 'Bistro\n', 'Bis\u001Btro', 'Bis\u007Ftro']) {
      const res = await request(t, 'POST', '/api/restaurants', { cookie, body: { name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().error.message).toBe(MSG.controlCharacters);
    }
    const empty = await request(t, 'POST', '/api/restaurants', { cookie, body: { name: '  ' } });
    expect(empty.json().error.message).toBe(MSG.restaurantNameRequired);
    const table = await request(t, 'POST', `/api/restaurants/${floor.restaurant.id}/tables`, {
      cookie,
      body: { number: '' },
    });
    expect(table.json().error.message).toBe(MSG.tableNumberRequired);
  });

  it('refuses it in the super admin search and its page cursor', async () => {
    for (const qs of ['q=a%00b', 'cursor=%00', 'q=%01']) {
      const res = await request(t, 'GET', `/api/super-admin/users?${qs}`, { cookie: superCookie });
      expect(res.statusCode, `${qs} → ${res.body}`).toBe(400);
    }
  });

  it('refuses it in a push subscription endpoint', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await request(t, method, '/api/push/subscriptions', {
        cookie: floor.serverCookie,
        body: { endpoint: `https://push.example/${NUL}` },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
