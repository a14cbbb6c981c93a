/**
 * The public live channel of an open guest page (issue 3): it gets its restaurant's public face when an admin
 * saves the branding, and never a request, a table, another restaurant or a staff-only field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, request, type TestApp } from '../../../tests/support/test-app';
import { makeFloor, makeRestaurant } from '../../../tests/support/factories';
import { GUEST_LIVE_CONNECT_LIMIT } from './public-live.routes';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

interface GuestClient {
  ws: WebSocket;
  /** Every frame received, parsed. */
  frames: Record<string, unknown>[];
  next(timeoutMs?: number): Promise<Record<string, unknown>>;
  closed: Promise<number>;
}

const liveUrl = (restaurantId: string) =>
  `${base.replace('http', 'ws')}/api/public/restaurants/${encodeURIComponent(restaurantId)}/live`;

function connectGuest(restaurantId: string): Promise<GuestClient> {
  const ws = new WebSocket(liveUrl(restaurantId));
  const frames: Record<string, unknown>[] = [];
  const waiters: ((frame: Record<string, unknown>) => void)[] = [];
  let read = 0;
  ws.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString()) as Record<string, unknown>);
    const waiter = waiters.shift();
    if (waiter) waiter(frames[read++]!);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const client: GuestClient = {
    ws,
    frames,
    closed,
    next: (timeoutMs = 3000) =>
      new Promise((resolve, reject) => {
        if (read < frames.length) return resolve(frames[read++]!);
        const timer = setTimeout(
          () => reject(new Error(`no frame within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push((frame) => (clearTimeout(timer), resolve(frame)));
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('open', () => resolve(client));
  });
}

/** Resolves once the hub has registered the guest socket (the upgrade completes just before). */
async function registered(count: number): Promise<void> {
  for (let i = 0; i < 100 && t.services.live.hub.guestSize < count; i++)
    await new Promise((r) => setTimeout(r, 10));
  expect(t.services.live.hub.guestSize).toBeGreaterThanOrEqual(count);
}

describe('/api/public/restaurants/:restaurantId/live', () => {
  it('is declared public', () => {
    const route = t.routes.find((r) => r.url === '/api/public/restaurants/:restaurantId/live');
    expect(route?.access).toEqual({ public: true });
  });

  it('refuses an unknown restaurant before the upgrade', async () => {
    await expect(connectGuest('no-such-restaurant')).rejects.toThrow('HTTP 404');
  });

  it('delivers the public restaurant after an admin PATCH, and never requests, tables or other restaurants', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const before = t.services.live.hub.guestSize;
    const guest = await connectGuest(a.restaurant.id);
    await registered(before + 1);

    // Things the guest page must not hear of: a guest press, an assignment, another restaurant's branding.
    const press = await request(
      t,
      'POST',
      `/api/public/restaurants/${a.restaurant.id}/tables/${a.table.id}/requests`,
      { body: { type: 'bill' } },
    );
    expect(press.statusCode).toBe(201);
    const requestId = press.json<{ request: { id: string } }>().request.id;
    const completed = await request(t, 'POST', `/api/requests/${requestId}/complete`, {
      cookie: a.serverCookie,
    });
    expect(completed.statusCode).toBe(200);
    await request(t, 'POST', `/api/tables/${a.table.id}/assign`, { cookie: a.serverCookie });
    await request(t, 'PATCH', `/api/restaurants/${b.restaurant.id}`, {
      cookie: b.adminCookie,
      body: { name: 'Somewhere Else' },
    });

    const patched = await request(t, 'PATCH', `/api/restaurants/${a.restaurant.id}`, {
      cookie: a.adminCookie,
      body: { name: 'Harbor Grill', primaryColor: '#0F766E', escalateAfterMinutes: 7 },
    });
    expect(patched.statusCode).toBe(200);

    const frame = await guest.next();
    expect(frame).toEqual({
      type: 'restaurant.updated',
      restaurant: {
        id: a.restaurant.id,
        name: 'Harbor Grill',
        logoUrl: null,
        primaryColor: '#0F766E',
        secondaryColor: expect.any(String) as string,
        reviewUrl: null,
        // The guest page's language and its buttons (decision 087): what a guest page draws.
        guestLanguage: 'en',
        requestTypes: { hidden: [], custom: [] },
      },
    });
    // Exactly the guest endpoint's public restaurant: no owner, no settings, no timestamps.
    const guestTable = await request(
      t,
      'GET',
      `/api/public/restaurants/${a.restaurant.id}/tables/${a.table.id}`,
    );
    expect(frame.restaurant).toEqual(guestTable.json<{ restaurant: unknown }>().restaurant);
    // Events are delivered in order: had the press, completion or assignment been sent, they would be here first.
    expect(guest.frames).toHaveLength(1);
    guest.ws.close();
  });

  it('closes a socket that sends anything (read-only)', async () => {
    const a = await makeFloor(t);
    const guest = await connectGuest(a.restaurant.id);
    guest.ws.send(JSON.stringify({ type: 'subscribe', restaurantId: 'another' }));
    expect(await guest.closed).toBe(1008);
  });

  it('tells open guest pages when their restaurant is deleted', async () => {
    const a = await makeFloor(t);
    const second = await makeRestaurant(t, a.admin.user.id);
    const before = t.services.live.hub.guestSize;
    const guest = await connectGuest(second.id);
    await registered(before + 1);
    const res = await request(t, 'DELETE', `/api/restaurants/${second.id}`, {
      cookie: a.adminCookie,
    });
    expect(res.statusCode).toBe(204);
    expect(await guest.closed).toBe(4404);
  });

  // Last: it spends this address's connect budget for the minute.
  it('rate-limits connects per address', async () => {
    const a = await makeFloor(t);
    const statuses: string[] = [];
    const open: WebSocket[] = [];
    for (let i = 0; i < GUEST_LIVE_CONNECT_LIMIT.max + 5; i++) {
      try {
        const guest = await connectGuest(a.restaurant.id);
        open.push(guest.ws);
        statuses.push('open');
      } catch (err) {
        statuses.push((err as Error).message);
      }
    }
    expect(statuses).toContain('HTTP 429');
    expect(statuses.filter((s) => s === 'open').length).toBeLessThanOrEqual(
      GUEST_LIVE_CONNECT_LIMIT.max,
    );
    for (const ws of open) ws.close();
  });
});
