/**
 * Nothing lost under faults: the real server process is killed mid-rush (SIGKILL) and stopped gracefully mid-rush
 * (SIGTERM), a few hundred concurrent presses each. Every press that was answered 201 must be stored, none doubled,
 * and the data must reopen cleanly. On SIGTERM the accounting is exact: a press is stored if and only if its client
 * was answered 201 — an in-flight press gets its real answer, and one the server refused left nothing behind.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { requests } from '../../src/server/db/schema';
import { startServer, type ChildServer } from '../support/child-server';
import { seedChildFloor, type ChildFloor } from '../support/child-floor';
import { backend } from '../support/test-db';

/** One press per table: the first half for the SIGKILL rush, the second for the SIGTERM rush. */
const TABLES = 600;
const HALF = TABLES / 2;
const children: ChildServer[] = [];
let floor: ChildFloor;
let env: Record<string, string> = {};
let restaurantId = '';
let tableIds: string[] = [];

beforeAll(async () => {
  floor = await seedChildFloor('Crash Cafe', TABLES);
  ({ env, restaurantId, tableIds } = floor);
}, 120_000);

afterAll(async () => {
  for (const c of children) c.child.kill('SIGKILL');
  await floor?.close();
});

/** Presses come from many loopback addresses, as from many guests' phones (the per-address limit is 30/min). */
const agents = Array.from(
  { length: 60 },
  (_, i) => new http.Agent({ keepAlive: true, localAddress: `127.0.0.${i + 2}` }),
);

interface PressResult {
  /** 0: no HTTP answer at all (see `error`). */
  status: number;
  id?: string;
  error?: string;
}

function press(base: string, tableId: string, i: number): Promise<PressResult> {
  const url = new URL(`${base}/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`);
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: agents[i % agents.length],
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              id: (JSON.parse(body) as { request?: { id: string } }).request?.id,
            });
          } catch {
            resolve({ status: res.statusCode ?? 0 });
          }
        });
        res.on('error', (err: NodeJS.ErrnoException) =>
          resolve({ status: 0, error: err.code ?? err.message }),
        );
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, error: err.code ?? err.message }),
    );
    req.end(JSON.stringify({ type: 'order' }));
  });
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/pin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: 'kim', pin: '2468' }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** The server still answers its staff after the restart. */
async function serves(base: string): Promise<void> {
  const cookie = await signIn(base);
  const res = await fetch(`${base}/api/restaurants/${restaurantId}/requests`, {
    headers: { cookie },
  });
  expect(res.status).toBe(200);
}

/** Every stored request, read from the database itself (no server may hold the PGlite directory then). */
async function storedRequests(): Promise<{ id: string; tableId: string }[]> {
  return floor.withDatabase((database) =>
    database.db
      .select({ id: requests.id, tableId: requests.tableId })
      .from(requests)
      .where(eq(requests.restaurantId, restaurantId)),
  );
}

/** Fires one press per table in [from, to), and calls `midway` once `after` presses have been answered 201. */
async function rush(base: string, from: number, to: number, after: number, midway: () => void) {
  let ok = 0;
  let fired = false;
  return Promise.all(
    tableIds.slice(from, to).map(async (id, i) => {
      const r = await press(base, id, i);
      if (r.status === 201 && ++ok >= after && !fired) {
        fired = true;
        midway();
      }
      return { ...r, tableId: id };
    }),
  );
}

describe(`crash and restart (${backend})`, () => {
  it('keeps every press answered 201 after SIGKILL mid-rush, none doubled', async () => {
    const first = await startServer(env);
    children.push(first);
    const results = await rush(first.base, 0, HALF, 100, () => first.child.kill('SIGKILL'));
    await first.exited;
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted.length).toBeGreaterThanOrEqual(100);

    const second = await startServer(env);
    children.push(second);
    await serves(second.base);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const stored = await storedRequests();
    const storedIds = new Set(stored.map((r) => r.id));
    for (const a of accepted)
      expect(storedIds.has(a.id!), `press ${a.id} answered 201 but lost`).toBe(true);
    const perTable = new Map<string, number>();
    for (const r of stored) perTable.set(r.tableId, (perTable.get(r.tableId) ?? 0) + 1);
    expect(Math.max(...perTable.values())).toBe(1);
  }, 120_000);

  it('finishes in-flight requests, closes sockets with 1001 and exits cleanly on SIGTERM', async () => {
    const server = await startServer(env);
    children.push(server);
    const cookie = await signIn(server.base);
    const ws = new WebSocket(server.base.replace('http', 'ws') + '/api/live', {
      headers: { cookie },
      origin: server.base,
    });
    const closeCode = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('message', resolve));
    const results = await rush(server.base, HALF, TABLES, 60, () => server.child.kill('SIGTERM'));
    expect(await server.exited, server.output()).toBe(0);
    expect(await closeCode).toBe(1001);
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted.length).toBeGreaterThanOrEqual(60);

    const again = await startServer(env);
    children.push(again);
    await serves(again.base);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    const stored = await storedRequests();
    const storedByTable = new Map(stored.map((r) => [r.tableId, r.id]));
    for (const r of results) {
      const label = `table ${r.tableId}: ${r.status} ${r.error ?? ''}`;
      if (r.status === 201) {
        // Answered 201: stored, under the id the client was given.
        expect(storedByTable.get(r.tableId), label).toBe(r.id);
      } else {
        // Not answered 201: refused cleanly — the server was no longer taking requests (503, or the connection
        // refused or closed before the request was read) — and nothing of it is stored.
        expect([0, 503], label).toContain(r.status);
        expect(storedByTable.has(r.tableId), `${label} was told it failed but is stored`).toBe(
          false,
        );
      }
    }
  }, 120_000);
});
