/**
 * SPEC §1 'Sign-up is currently disabled' (issue 4): the server refuses sign-up too. No endpoint creates an account
 * without an admin, a super admin or the CLI.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countUsers = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('sign-up is disabled (SPEC §1)', () => {
  it('has no sign-up endpoint: the usual paths answer 404 and create nobody', async () => {
    const before = await countUsers();
    const body = { name: 'Eve', email: 'eve@example.test', password: 'Secret-pass1!' };
    for (const url of [
      '/api/auth/register',
      '/api/auth/signup',
      '/api/auth/sign-up',
      '/api/register',
      '/api/signup',
      '/api/users',
      '/api/account',
      '/api/accounts',
    ]) {
      const res = await request(t, 'POST', url, { body });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not_found');
    }
    expect(await countUsers()).toBe(before);
  });

  it('offers a signed-out visitor only these state-changing endpoints, none of which makes an account', () => {
    // A new public endpoint that changes data must be reviewed against this rule and added here.
    const publicMutations = t.routes
      .filter((r) => 'public' in r.access && r.method !== 'GET')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicMutations).toEqual([
      // Decision 069: asks for a reset mail to an existing account; sets a password with a mailed token.
      'POST /api/auth/forgot-password',
      'POST /api/auth/login',
      'POST /api/auth/pin-login',
      'POST /api/auth/resend-verification',
      'POST /api/auth/reset-password',
      'POST /api/auth/verify-email',
      // Decision 080: a wall screen pairs with a one-time code an admin made; it gets a read-only board credential.
      'POST /api/board/pair',
      'POST /api/public/restaurants/:restaurantId/tables/:tableId/requests',
      // Decision 071: a guest cancels their own pending call (proved by the press's key), or says card or cash.
      'POST /api/public/restaurants/:restaurantId/tables/:tableId/requests/:requestId/cancel',
      // Decisions 082, 083: after Done, the same device answers "Did you get what you needed?" and rates the bill.
      'POST /api/public/restaurants/:restaurantId/tables/:tableId/requests/:requestId/outcome',
      'POST /api/public/restaurants/:restaurantId/tables/:tableId/requests/:requestId/rating',
      'PUT /api/public/restaurants/:restaurantId/tables/:tableId/requests/:requestId/bill-method',
    ]);
  });
});
