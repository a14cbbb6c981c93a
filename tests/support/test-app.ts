/** buildApp on a fresh database, plus helpers to act as a signed-in user through inject. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppOptions } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { createTestDatabase } from './test-db';

export const PUBLIC_URL = 'http://localhost:3000';

export interface TestApp extends App {
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  options: Omit<AppOptions, 'database' | 'publicUrl'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // Webhooks are sent when a test calls the sender's tick (decision 076): no test app posts anywhere on its own.
  // The reach sweep (decision 091) runs when a test calls it, on the test's clock.
  const built = await buildApp({
    webhookSweepMs: 0,
    reachSweepMs: 0,
    // Decision 092: the visits sweep runs when a test calls it.
    visitsSweepMs: 0,
    ...options,
    database,
    publicUrl: PUBLIC_URL,
  });
  return {
    ...built,
    database,
    close: async () => {
      await built.app.close();
      await database.close();
    },
  };
}

/** A JSON request as the browser client sends it: a state-changing one carries our Origin, as browsers do. */
export function request(
  t: TestApp,
  method: InjectOptions['method'],
  url: string,
  options: {
    body?: unknown;
    cookie?: string;
    headers?: Record<string, string>;
    /** The client's address (default 127.0.0.1, as inject's). */
    remoteAddress?: string;
  } = {},
): Promise<LightMyRequestResponse> {
  const mutating = method !== 'GET' && method !== 'HEAD';
  return t.app.inject({
    method,
    url,
    headers: {
      ...(mutating ? { 'content-type': 'application/json', origin: PUBLIC_URL } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(mutating ? { payload: JSON.stringify(options.body ?? {}) } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'ts_session');
  if (!cookie) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `ts_session=${cookie.value}`;
}
