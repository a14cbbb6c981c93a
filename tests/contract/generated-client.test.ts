/**
 * Issue 24's integrator check: a client generated from /api/openapi.json by an independent generator
 * (openapi-typescript + openapi-fetch) compiles, and against the real server (listening on 127.0.0.1) signs a server
 * in, presses as a guest, takes and completes the call, reads a refusal's code typed, and signs out with no body.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFloor } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { GENERATED_TYPES, generateTypes } from './generate';
import { runJourney } from './integrator-client';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('a client generated from the API description', () => {
  it('is the one committed, so what `npm run typecheck` compiles is what the server describes now', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const fresh = await generateTypes(res.json<object>());
    expect(fresh.length).toBeGreaterThan(10_000);
    // On a difference: `npm run api:types`, then review the change like any other.
    expect(fresh === fs.readFileSync(GENERATED_TYPES, 'utf8'), 'generated types drifted').toBe(true);
  });

  it('signs in, presses, takes, completes, reads a typed error code and signs out with no body', async () => {
    const floor = await makeFloor(t);
    const journey = await runJourney(base, {
      restaurantId: floor.restaurant.id,
      tableId: floor.table.id,
      loginId: floor.server.loginId,
      pin: floor.server.pin,
    });
    expect(journey).toEqual({
      signedInAs: floor.server.user.name,
      pressedType: 'bill',
      takenBy: floor.server.user.name,
      completedStatus: 'completed',
      dismissCode: 'request_completed',
      dismissStatus: 409,
      logoutStatus: 204,
      afterLogoutCode: 'unauthorized',
    });
  });
});
