/**
 * Issue 14: a flood of over-budget requests must not keep the event loop busy answering refusals. Over the sign-in
 * budget, a real connection gets its 429 only after RATE_LIMITED_HOLD_MS, while a guest's press from another address
 * is answered at once, and a guest's own cool-down 429 is never held.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { SIGN_IN_ADDRESS_LIMIT } from '../modules/auth/auth.routes';
import { PUBLIC_URL } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-db';
import { makeFloor } from '../../../tests/support/factories';
import { RATE_LIMITED_HOLD_MS } from './errors';

let database: Database;
let close: () => Promise<void>;
let base = '';
let pressUrl = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const built = await buildApp({ database, publicUrl: PUBLIC_URL, escalationSweepMs: 0 });
  close = async () => {
    await built.app.close();
    await database.close();
  };
  const floor = await makeFloor({ ...built, database, close });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  pressUrl = `${base}/api/public/restaurants/${floor.restaurant.id}/tables/${floor.table.id}/requests`;
}, 60_000);
afterAll(() => close());

const signIn = () =>
  fetch(`${base}/api/auth/pin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    body: JSON.stringify({ loginId: 'nobody', pin: '0000' }),
  });

const press = () =>
  fetch(pressUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    body: JSON.stringify({ type: 'bill' }),
  });

it('holds an over-budget refusal, not the requests of others nor a cool-down answer', async () => {
  // Uses up the address's sign-in budget (the floor's own sign-ins took some of it already).
  for (let i = 0; i < SIGN_IN_ADDRESS_LIMIT.max; i++) await signIn();

  const refusedAt = performance.now();
  const refused = signIn();
  // Meanwhile a guest presses (the same loopback address, but another budget): answered without waiting.
  const pressedAt = performance.now();
  expect((await press()).status).toBe(201);
  const pressMs = performance.now() - pressedAt;
  const cooldownAt = performance.now();
  const again = await press();
  const cooldownMs = performance.now() - cooldownAt;
  expect(again.status).toBe(429);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe('cooldown');

  const answer = await refused;
  const refusedMs = performance.now() - refusedAt;
  expect(answer.status).toBe(429);
  expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  expect(refusedMs).toBeGreaterThanOrEqual(RATE_LIMITED_HOLD_MS - 20);
  // Neither of the guest's answers waited out the hold.
  expect(pressMs).toBeLessThan(RATE_LIMITED_HOLD_MS);
  expect(cooldownMs).toBeLessThan(RATE_LIMITED_HOLD_MS);
}, 60_000);
