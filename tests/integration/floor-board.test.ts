/**
 * Floor boards (issue 28 item 4, decision 080), on both databases: an admin's one-time code pairs a screen once and
 * only in time; the board credential reads the board's snapshot and live channel and nothing else (no staff route,
 * no write); a board hears its own restaurant's requests in the board's view (no note text, no staff ids) and
 * nothing of another restaurant's; revoking closes its socket at once and its credential stops working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { floorBoards } from '../../src/server/db/schema';
import { BOARD_REVOKED_CLOSE } from '@shared/constants';
import { createTestApp, request, type TestApp } from '../support/test-app';
import { makeFloor, makeTable } from '../support/factories';

let t: TestApp;
let base: string;
let now = Date.now();
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0, clock: () => now });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

let address = 0;
/** Each pairing from an address of its own, unless a test is about the per-address limit. */
const nextAddress = () => `10.80.${Math.floor(++address / 250)}.${address % 250}`;

async function makeCode(restaurantId: string, cookie: string, name = 'Bar TV') {
  const res = await request(t, 'POST', `/api/restaurants/${restaurantId}/boards`, {
    cookie,
    body: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ board: { id: string; status: string }; code: string }>();
}

const pair = (code: string, remoteAddress = nextAddress()) =>
  request(t, 'POST', '/api/board/pair', { body: { code }, remoteAddress });

function boardCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'ts_board');
  if (!cookie) throw new Error(`no board cookie (status ${res.statusCode}: ${res.body})`);
  return `ts_board=${cookie.value}`;
}

async function pairedBoard(restaurantId: string, adminCookie: string) {
  const { code, board } = await makeCode(restaurantId, adminCookie);
  const res = await pair(code);
  expect(res.statusCode, res.body).toBe(200);
  return { id: board.id, cookie: boardCookieOf(res) };
}

const press = (restaurantId: string, tableId: string, body: object = { type: 'order' }) =>
  request(t, 'POST', `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`, {
    body,
    remoteAddress: nextAddress(),
  });

type Frame = Record<string, unknown> & { type: string };
interface Socket {
  ws: WebSocket;
  frames: Frame[];
  until(check: (f: Frame) => boolean): Promise<Frame>;
  closed: Promise<number>;
}

function openBoard(cookie: string): Promise<Socket> {
  const ws = new WebSocket(base.replace('http', 'ws') + '/api/board/live', {
    headers: { cookie },
    origin: base,
  });
  const frames: Frame[] = [];
  ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as Frame));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const socket: Socket = {
    ws,
    frames,
    closed,
    until: async (check) => {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = frames.find(check);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`not seen; got ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('open', () => resolve(socket));
  });
}

describe('pairing codes', () => {
  it('pairs once, in time, and lists the board as paired', async () => {
    const a = await makeFloor(t);
    const { code, board } = await makeCode(a.restaurant.id, a.adminCookie);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(board.status).toBe('pending');
    // Typed as a person would: lower case, with the dash the screen shows.
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    const paired = await pair(typed);
    expect(paired.statusCode, paired.body).toBe(200);
    expect(paired.json()).toEqual({
      board: { id: board.id, name: 'Bar TV' },
      restaurant: { id: a.restaurant.id, name: a.restaurant.name },
    });
    const cookie = paired.cookies.find((c) => c.name === 'ts_board')!;
    expect(cookie).toMatchObject({ path: '/api/board', httpOnly: true, sameSite: 'Strict' });
    // Single use.
    const again = await pair(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('board_code_invalid');
    const list = await request(t, 'GET', `/api/restaurants/${a.restaurant.id}/boards`, {
      cookie: a.adminCookie,
    });
    expect(list.json().boards).toMatchObject([
      { id: board.id, status: 'paired', codeExpiresAt: null },
    ]);
    expect(list.json().boards[0].lastSeenAt).toEqual(expect.any(Number));
    // Only hashes are kept.
    const [row] = await t.database.db
      .select()
      .from(floorBoards)
      .where(eq(floorBoards.id, board.id));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(cookie.value);
  });

  it('refuses an expired code, and a made-up or malformed one, with the same code', async () => {
    const a = await makeFloor(t);
    const { code } = await makeCode(a.restaurant.id, a.adminCookie);
    now += 10 * 60_000 + 1;
    try {
      const late = await pair(code);
      expect(late.statusCode).toBe(400);
      expect(late.json().error.code).toBe('board_code_invalid');
      // The expired code is gone from the list.
      const list = await request(t, 'GET', `/api/restaurants/${a.restaurant.id}/boards`, {
        cookie: a.adminCookie,
      });
      expect(list.json().boards).toEqual([]);
    } finally {
      now = Date.now();
    }
    for (const typed of ['ABCD2345', 'short', '0000-0000', '!!!!!!!!']) {
      const res = await pair(typed);
      expect(res.statusCode, typed).toBe(400);
      expect(res.json().error.code, typed).toMatch(/^(board_code_invalid|validation)$/);
    }
  });

  it('limits code guesses per address before any lookup', async () => {
    const from = '10.81.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await pair('ABCD-EFGH', from)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('keeps another restaurant’s admin out of A’s boards (404, like a missing one)', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const { board } = await makeCode(a.restaurant.id, a.adminCookie);
    const list = await request(t, 'GET', `/api/restaurants/${a.restaurant.id}/boards`, {
      cookie: b.adminCookie,
    });
    expect(list.statusCode).toBe(404);
    const create = await request(t, 'POST', `/api/restaurants/${a.restaurant.id}/boards`, {
      cookie: b.adminCookie,
      body: { name: 'Intruder' },
    });
    expect(create.statusCode).toBe(404);
    const revoke = await request(t, 'DELETE', `/api/boards/${board.id}`, { cookie: b.adminCookie });
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json().error.code).toBe('board_not_found');
    // A server of A may not manage boards either.
    const byServer = await request(t, 'GET', `/api/restaurants/${a.restaurant.id}/boards`, {
      cookie: a.serverCookie,
    });
    expect(byServer.statusCode).toBe(403);
  });
});

describe('the board credential', () => {
  it('reads its restaurant’s open requests, oldest first, without the guest’s note', async () => {
    const a = await makeFloor(t);
    const board = await pairedBoard(a.restaurant.id, a.adminCookie);
    const other = await makeTable(t, a.restaurant.id, 'Terrace 2');
    expect((await press(a.restaurant.id, a.table.id, { type: 'bill' })).statusCode).toBe(201);
    expect(
      (
        await press(a.restaurant.id, other.id, {
          type: 'refill',
          note: 'Peanut allergy, Maria',
          urgent: true,
        })
      ).statusCode,
    ).toBe(201);
    const res = await request(t, 'GET', '/api/board', { cookie: board.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const snapshot = res.json();
    expect(snapshot.restaurant).toMatchObject({ id: a.restaurant.id, name: a.restaurant.name });
    expect(snapshot.openTotal).toBe(2);
    expect(snapshot.requests.map((r: { tableNumber: string }) => r.tableNumber)).toEqual([
      '3',
      'Terrace 2',
    ]);
    expect(snapshot.requests[1]).toMatchObject({ type: 'refill', urgent: true, hasNote: true });
    expect(res.body).not.toContain('Peanut');
    expect(res.body).not.toContain(a.server.user.id);
  });

  it('opens no other route, and a user’s session does not open the board’s', async () => {
    const a = await makeFloor(t);
    const board = await pairedBoard(a.restaurant.id, a.adminCookie);
    const pressed = await press(a.restaurant.id, a.table.id);
    const requestId = pressed.json().request.id as string;
    const reads = [
      `/api/restaurants/${a.restaurant.id}/requests`,
      `/api/restaurants/${a.restaurant.id}/tables`,
      `/api/restaurants/${a.restaurant.id}`,
      `/api/restaurants/${a.restaurant.id}/boards`,
    ];
    for (const url of reads)
      expect((await request(t, 'GET', url, { cookie: board.cookie })).statusCode, url).toBe(401);
    for (const action of ['acknowledge', 'complete', 'dismiss']) {
      const res = await request(t, 'POST', `/api/requests/${requestId}/${action}`, {
        cookie: board.cookie,
      });
      expect(res.statusCode, action).toBe(401);
    }
    const create = await request(t, 'POST', `/api/restaurants/${a.restaurant.id}/boards`, {
      cookie: board.cookie,
      body: { name: 'Another' },
    });
    expect(create.statusCode).toBe(401);
    for (const cookie of [a.adminCookie, a.serverCookie, undefined])
      expect((await request(t, 'GET', '/api/board', { cookie })).statusCode).toBe(401);
    expect((await request(t, 'GET', '/api/board', { cookie: 'ts_board=made-up' })).statusCode).toBe(
      401,
    );
  });
});

describe('the board’s live channel', () => {
  it('hears its own restaurant in the board view, never another’s, and closes when revoked', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const boardA = await pairedBoard(a.restaurant.id, a.adminCookie);
    const boardB = await pairedBoard(b.restaurant.id, b.adminCookie);
    const socketA = await openBoard(boardA.cookie);
    const socketB = await openBoard(boardB.cookie);
    try {
      const pressed = await press(a.restaurant.id, a.table.id, {
        type: 'server',
        note: 'Window seat, Johnson',
      });
      expect(pressed.statusCode).toBe(201);
      const created = await socketA.until((f) => f.type === 'board.request');
      expect(created).toMatchObject({
        request: { tableNumber: '3', type: 'server', status: 'pending', hasNote: true },
      });
      const taken = await request(
        t,
        'POST',
        `/api/requests/${pressed.json().request.id as string}/acknowledge`,
        { cookie: a.serverCookie },
      );
      expect(taken.statusCode).toBe(200);
      const update = await socketA.until(
        (f) =>
          f.type === 'board.request' && (f.request as { status: string }).status === 'acknowledged',
      );
      expect((update.request as { takenBy: string }).takenBy).toBe(
        a.server.user.name.split(' ')[0],
      );
      // B's board, delivered in the same passes, heard nothing; a press at B reaches B only.
      expect((await press(b.restaurant.id, b.table.id)).statusCode).toBe(201);
      await socketB.until((f) => f.type === 'board.request');
      expect(JSON.stringify(socketB.frames)).not.toContain(a.restaurant.id);
      expect(JSON.stringify(socketB.frames)).not.toContain(a.table.id);
      expect(socketB.frames.filter((f) => f.type === 'board.request')).toHaveLength(1);
      expect(JSON.stringify(socketA.frames)).not.toContain('Johnson');
      expect(JSON.stringify(socketA.frames)).not.toContain(a.server.user.id);
      expect(JSON.stringify(socketA.frames)).not.toContain(b.table.id);

      // Revoked: its socket is closed at once, and its cookie opens nothing any more.
      const revoke = await request(t, 'DELETE', `/api/boards/${boardA.id}`, {
        cookie: a.adminCookie,
      });
      expect(revoke.statusCode).toBe(204);
      expect(await socketA.closed).toBe(BOARD_REVOKED_CLOSE);
      expect((await request(t, 'GET', '/api/board', { cookie: boardA.cookie })).statusCode).toBe(
        401,
      );
      await expect(openBoard(boardA.cookie)).rejects.toThrow('HTTP 401');
      // B's board is untouched.
      expect(socketB.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      socketA.ws.close();
      socketB.ws.close();
    }
  });

  it('refuses a handshake from another site, and closes on any frame (read-only)', async () => {
    const a = await makeFloor(t);
    const board = await pairedBoard(a.restaurant.id, a.adminCookie);
    const foreign = new WebSocket(base.replace('http', 'ws') + '/api/board/live', {
      headers: { cookie: board.cookie },
      origin: 'https://evil.example',
    });
    const status = await new Promise<number>((resolve) => {
      foreign.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      foreign.once('open', () => resolve(101));
    });
    expect(status).toBe(403);
    const socket = await openBoard(board.cookie);
    socket.ws.send(JSON.stringify({ type: 'subscribe', restaurantId: 'x' }));
    expect(await socket.closed).toBe(1008);
  });

  it('closes a board whose restaurant is deleted', async () => {
    const a = await makeFloor(t);
    // A second restaurant, so A may be deleted (the last-restaurant rule).
    await request(t, 'POST', '/api/restaurants', { cookie: a.adminCookie, body: { name: 'Two' } });
    const board = await pairedBoard(a.restaurant.id, a.adminCookie);
    const socket = await openBoard(board.cookie);
    const deleted = await request(t, 'DELETE', `/api/restaurants/${a.restaurant.id}`, {
      cookie: a.adminCookie,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await socket.closed).toBe(BOARD_REVOKED_CLOSE);
    expect((await request(t, 'GET', '/api/board', { cookie: board.cookie })).statusCode).toBe(401);
  });
});
