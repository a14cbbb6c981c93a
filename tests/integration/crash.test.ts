/**
 * Nothing lost under faults: the real server process is killed mid-rush (SIGKILL) and stopped gracefully mid-rush
 * (SIGTERM). Every press that was answered 201 must be stored, none doubled, and the data must reopen cleanly.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase, type Database } from '../../src/server/db/client';
import { createRestaurant } from '../../src/server/modules/restaurants/restaurants.service';
import { createTableRow } from '../../src/server/modules/tables/tables.service';
import { createPasswordUser, createPinServer } from '../../src/server/modules/users/users.service';
import { startServer, type ChildServer } from '../support/child-server';
import { backend, createTestDatabase } from '../support/test-db';

const TABLES = 240;
const children: ChildServer[] = [];
let dataDir = '';
let pgDatabase: Database | null = null;
let env: Record<string, string> = {};
let restaurantId = '';
const tableIds: string[] = [];

beforeAll(async () => {
  let database: Database;
  if (backend === 'postgres') {
    pgDatabase = await createTestDatabase();
    database = pgDatabase;
    env = { DATABASE_URL: pgDatabase.url! };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-crash-'));
    database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    env = { DATA_DIR: dataDir };
  }
  const admin = await createPasswordUser(database.db, {
    role: 'admin',
    name: 'Owner',
    email: 'owner@crash.test',
    password: 'Abcdef1!',
    verified: true,
  });
  restaurantId = (await createRestaurant(database.db, admin.id, 'Crash Cafe')).id;
  for (let i = 1; i <= TABLES; i++)
    tableIds.push((await createTableRow(database.db, restaurantId, String(i))).id);
  await createPinServer(database.db, { restaurantId, name: 'Kim', loginId: 'kim', pin: '2468' });
  if (backend === 'pglite') await database.close();
}, 120_000);

afterAll(async () => {
  for (const c of children) c.child.kill('SIGKILL');
  await pgDatabase?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Presses come from many loopback addresses, as from many guests' phones (the per-address limit is 30/min). */
const agents = Array.from(
  { length: 60 },
  (_, i) => new http.Agent({ keepAlive: true, localAddress: `127.0.0.${i + 2}` }),
);

function press(base: string, tableId: string, i: number): Promise<{ status: number; id?: string }> {
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
        res.on('error', () => resolve({ status: 0 }));
      },
    );
    req.on('error', () => resolve({ status: 0 }));
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

async function storedRequests(base: string): Promise<{ id: string; tableId: string }[]> {
  const cookie = await signIn(base);
  const res = await fetch(`${base}/api/restaurants/${restaurantId}/requests`, {
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { pending: { id: string; tableId: string }[] }).pending;
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
    const results = await rush(first.base, 0, 120, 30, () => first.child.kill('SIGKILL'));
    await first.exited;
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted.length).toBeGreaterThanOrEqual(30);

    const second = await startServer(env);
    children.push(second);
    const stored = await storedRequests(second.base);
    const storedIds = new Set(stored.map((r) => r.id));
    for (const a of accepted)
      expect(storedIds.has(a.id!), `press ${a.id} answered 201 but lost`).toBe(true);
    const perTable = new Map<string, number>();
    for (const r of stored) perTable.set(r.tableId, (perTable.get(r.tableId) ?? 0) + 1);
    expect(Math.max(...perTable.values())).toBe(1);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
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
    const results = await rush(server.base, 120, 240, 20, () => server.child.kill('SIGTERM'));
    expect(await server.exited, server.output()).toBe(0);
    expect(await closeCode).toBe(1001);
    // Every press either completed normally or was refused before it started; none was cut mid-way with a 5xx.
    for (const r of results) expect([0, 201, 503]).toContain(r.status);

    const again = await startServer(env);
    children.push(again);
    const storedIds = new Set((await storedRequests(again.base)).map((r) => r.id));
    for (const r of results.filter((x) => x.status === 201))
      expect(storedIds.has(r.id!)).toBe(true);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});
