/**
 * Access control that cannot be forgotten: every registered /api route has a rule, and each rule is enforced for
 * every role. New routes are covered automatically because the list comes from the app itself.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@shared/schemas';
import { installAccessControl } from './access';
import { createTestApp, request, type TestApp } from '../../../tests/support/test-app';
import {
  makeRestaurant,
  makeServer,
  makeSuperAdmin,
  PASSWORD,
  signInPassword,
  signInServer,
  makeAdmin,
} from '../../../tests/support/factories';

let t: TestApp;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeAdmin(t);
  const restaurant = await makeRestaurant(t, admin.user.id);
  cookies.admin = await signInPassword(t, admin);
  cookies.server = await signInServer(t, await makeServer(t, restaurant.id));
  const superAdmin = await makeSuperAdmin(t);
  cookies.super_admin = await signInPassword(t, { email: superAdmin.email, password: PASSWORD });
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, 'no-such-id');

describe('route access rules', () => {
  it('refuses to build an app with a route that declares no rule', async () => {
    const app = Fastify();
    installAccessControl(app, () => Promise.resolve());
    expect(() => app.get('/api/forgotten', () => ({ ok: true }))).toThrow(
      'declares no access rule',
    );
    await app.close();
  });

  it('has a rule on every /api route', () => {
    expect(t.routes.length).toBeGreaterThan(10);
    for (const route of t.routes)
      expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('answers 401 to a guest on every non-public route', async () => {
    for (const route of t.routes.filter((r) => !('public' in r.access))) {
      const res = await request(t, route.method, fill(route.url));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to every signed-in role a route does not allow', async () => {
    for (const route of t.routes) {
      if (!('roles' in route.access)) continue;
      for (const role of ['server', 'admin', 'super_admin'] as const) {
        if (route.access.roles.includes(role)) continue;
        const res = await request(t, route.method, fill(route.url), {
          cookie: cookies[role],
        });
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
      }
    }
  });

  it('never answers 5xx to an allowed role with unknown ids or an empty body', async () => {
    for (const route of t.routes) {
      // A board's routes: only a board's credential opens them (tests/integration/floor-board.test.ts).
      if ('board' in route.access) continue;
      const allowed = 'public' in route.access ? (['server'] as const) : route.access.roles;
      for (const role of allowed) {
        if (route.url === '/api/live') continue; // a WebSocket upgrade, tested in live.test.ts
        if (route.url === '/api/account' || route.url.includes('logout')) continue; // would end the test's session
        const res = await request(t, route.method, fill(route.url), {
          cookie: cookies[role],
        });
        expect(res.statusCode, `${role} ${route.method} ${route.url}: ${res.body}`).toBeLessThan(
          500,
        );
      }
    }
  });
});
