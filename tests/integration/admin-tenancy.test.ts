/**
 * Every admin endpoint refuses another owner's restaurant, table or staff member with 404 (exactly like a missing
 * one) and changes nothing; a server gets 403 and a visitor 401 (SPEC §6; issue 3).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, or } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  apiTokens,
  floorBoards,
  pressBlocks,
  requests,
  sections,
  shifts,
  webhookDeliveries,
  webhookEndpoints,
  restaurantLogos,
  restaurants,
  sessions,
  tables,
  users,
} from '../../src/server/db/schema';
import { createTestApp, request, type TestApp } from '../support/test-app';
import { makeFloor, makeRestaurant, makeServer, signInPassword } from '../support/factories';
import { postForm, TINY_PNG } from '../support/multipart';

let t: TestApp;
let victim: Awaited<ReturnType<typeof makeFloor>>;
let victimSecond: Awaited<ReturnType<typeof makeRestaurant>>;
let attacker: Awaited<ReturnType<typeof makeFloor>>;
/** The victim's integrations (decisions 075, 076). */
const victimIds = {
  token: '',
  webhook: randomUUID(),
  delivery: randomUUID(),
  /** A section (decision 077) and a floor board (decision 080) of the victim's. */
  section: '',
  board: '',
  /** The victim's server's open shift (decision 094). */
  shift: randomUUID(),
  /** An active prank block at the victim's restaurant (decision 089). */
  block: randomUUID(),
};

beforeAll(async () => {
  t = await createTestApp();
  victim = await makeFloor(t);
  // Two restaurants, so a delete would not be stopped by the last-restaurant rule.
  victimSecond = await makeRestaurant(t, victim.admin.user.id);
  await makeServer(t, victimSecond.id);
  const now = Date.now();
  await t.database.db.insert(requests).values({
    id: randomUUID(),
    restaurantId: victim.restaurant.id,
    tableId: victim.table.id,
    type: 'bill',
    status: 'completed',
    createdAt: now - 60_000,
    updatedAt: now,
  });
  const logo = await postForm(
    t,
    `/api/restaurants/${victim.restaurant.id}/logo`,
    [{ field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: TINY_PNG }],
    victim.adminCookie,
  );
  expect(logo.statusCode).toBe(200);
  const owner = { id: victim.admin.user.id, role: 'admin' as const, name: 'V', restaurantId: null };
  victimIds.token = (
    await t.services.apiTokens.create(owner, victim.restaurant.id, {
      name: 'POS',
      scopes: ['read'],
    })
  ).token.id;
  await t.database.db.insert(webhookEndpoints).values({
    id: victimIds.webhook,
    restaurantId: victim.restaurant.id,
    url: 'https://93.184.215.14/hook',
    events: ['request.created'],
    secret: 'whsec_' + Buffer.from('v'.repeat(24)).toString('base64'),
    createdAt: now,
  });
  await t.database.db.insert(webhookDeliveries).values({
    id: victimIds.delivery,
    endpointId: victimIds.webhook,
    restaurantId: victim.restaurant.id,
    event: 'request.created',
    payload: '{}',
    status: 'failed',
    attempts: 8,
    createdAt: now,
  });
  const section = await request(t, 'POST', `/api/restaurants/${victim.restaurant.id}/sections`, {
    cookie: victim.adminCookie,
    body: { name: 'Terrace' },
  });
  expect(section.statusCode, section.body).toBe(201);
  victimIds.section = section.json<{ section: { id: string } }>().section.id;
  const board = await request(t, 'POST', `/api/restaurants/${victim.restaurant.id}/boards`, {
    cookie: victim.adminCookie,
    body: { name: 'Pass' },
  });
  expect(board.statusCode, board.body).toBe(201);
  victimIds.board = board.json<{ board: { id: string } }>().board.id;
  await t.database.db.insert(shifts).values({
    id: victimIds.shift,
    restaurantId: victim.restaurant.id,
    serverId: victim.server.user.id,
    startedAt: now,
  });
  await t.database.db.insert(pressBlocks).values({
    id: victimIds.block,
    restaurantId: victim.restaurant.id,
    tableNumber: '3',
    deviceId: 'victim-guest-device-0001',
    address: '192.0.2.7',
    deviceUntil: now + 3_600_000,
    addressUntil: now + 600_000,
    createdAt: now,
  });
  attacker = await makeFloor(t);
  await makeRestaurant(t, attacker.admin.user.id);
});
afterAll(() => t.close());

interface Endpoint {
  method: InjectOptions['method'];
  /** The route as registered. */
  route: string;
  call(cookie: string | undefined): Promise<LightMyRequestResponse>;
}

const json =
  (method: InjectOptions['method'], url: () => string, body?: unknown) =>
  (cookie: string | undefined) =>
    request(t, method, url(), { cookie, body });

/** Every admin endpoint that names a restaurant, table or staff member, aimed at the victim's. */
const tenantEndpoints: Endpoint[] = [
  // Integrations (decisions 075, 076)
  {
    method: 'GET',
    route: '/api/restaurants/:restaurantId/api-tokens',
    call: json('GET', () => `/api/restaurants/${victim.restaurant.id}/api-tokens`),
  },
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/api-tokens',
    call: json('POST', () => `/api/restaurants/${victim.restaurant.id}/api-tokens`, {
      name: 'Stolen',
      scopes: ['read', 'requests:write', 'tables:manage'],
    }),
  },
  {
    method: 'DELETE',
    route: '/api/api-tokens/:tokenId',
    call: json('DELETE', () => `/api/api-tokens/${victimIds.token}`),
  },
  {
    method: 'GET',
    route: '/api/restaurants/:restaurantId/webhooks',
    call: json('GET', () => `/api/restaurants/${victim.restaurant.id}/webhooks`),
  },
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/webhooks',
    call: json('POST', () => `/api/restaurants/${victim.restaurant.id}/webhooks`, {
      url: 'https://93.184.215.14/steal',
      events: ['request.created'],
    }),
  },
  {
    method: 'PATCH',
    route: '/api/webhooks/:webhookId',
    call: json('PATCH', () => `/api/webhooks/${victimIds.webhook}`, { enabled: false }),
  },
  {
    method: 'DELETE',
    route: '/api/webhooks/:webhookId',
    call: json('DELETE', () => `/api/webhooks/${victimIds.webhook}`),
  },
  {
    method: 'GET',
    route: '/api/webhooks/:webhookId/deliveries',
    call: json('GET', () => `/api/webhooks/${victimIds.webhook}/deliveries`),
  },
  {
    method: 'POST',
    route: '/api/webhook-deliveries/:deliveryId/redeliver',
    call: json('POST', () => `/api/webhook-deliveries/${victimIds.delivery}/redeliver`),
  },
  {
    method: 'PATCH',
    route: '/api/restaurants/:restaurantId',
    call: json('PATCH', () => `/api/restaurants/${victim.restaurant.id}`, {
      name: 'Hijacked',
      primaryColor: '#000000',
      reviewUrl: 'https://evil.example',
    }),
  },
  {
    method: 'PUT',
    route: '/api/restaurants/:restaurantId/request-types',
    call: json('PUT', () => `/api/restaurants/${victim.restaurant.id}/request-types`, {
      hidden: ['server', 'order', 'refill'],
      custom: [{ labels: { en: 'Hijacked' }, icon: 'star' }],
    }),
  },
  {
    method: 'DELETE',
    route: '/api/restaurants/:restaurantId',
    call: json('DELETE', () => `/api/restaurants/${victim.restaurant.id}`),
  },
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/logo',
    call: (cookie) =>
      postForm(
        t,
        `/api/restaurants/${victim.restaurant.id}/logo`,
        [
          {
            field: 'logo',
            filename: 'x.gif',
            contentType: 'image/gif',
            bytes: Buffer.from('GIF89a\x01\x00\x01\x00'),
          },
        ],
        cookie,
      ),
  },
  {
    method: 'DELETE',
    route: '/api/restaurants/:restaurantId/logo',
    call: json('DELETE', () => `/api/restaurants/${victim.restaurant.id}/logo`),
  },
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/tables',
    call: json('POST', () => `/api/restaurants/${victim.restaurant.id}/tables`, { number: '99' }),
  },
  {
    method: 'DELETE',
    route: '/api/tables/:tableId',
    call: json('DELETE', () => `/api/tables/${victim.table.id}`),
  },
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/tables/bulk',
    call: json('POST', () => `/api/restaurants/${victim.restaurant.id}/tables/bulk`, {
      numbers: ['97', '98'],
    }),
  },
  {
    method: 'PATCH',
    route: '/api/tables/:tableId',
    call: json('PATCH', () => `/api/tables/${victim.table.id}`, { number: 'Renamed' }),
  },
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/tables/delete',
    call: (cookie) =>
      request(t, 'POST', `/api/restaurants/${victim.restaurant.id}/tables/delete`, {
        cookie,
        body: { tableIds: [victim.table.id] },
      }),
  },
  {
    method: 'GET',
    route: '/api/restaurants/:restaurantId/staff',
    call: json('GET', () => `/api/restaurants/${victim.restaurant.id}/staff`),
  },
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/staff',
    call: json('POST', () => `/api/restaurants/${victim.restaurant.id}/staff`, {
      mode: 'pin',
      name: 'Mole',
      loginId: 'mole' + randomUUID().slice(0, 6),
      pin: '1234',
    }),
  },
  {
    method: 'DELETE',
    route: '/api/staff/:userId',
    call: json('DELETE', () => `/api/staff/${victim.server.user.id}`),
  },
  {
    method: 'PATCH',
    route: '/api/staff/:userId',
    call: json('PATCH', () => `/api/staff/${victim.server.user.id}`, { name: 'Mole' }),
  },
  {
    method: 'POST',
    route: '/api/staff/:userId/pin',
    call: json('POST', () => `/api/staff/${victim.server.user.id}/pin`, { pin: '0000' }),
  },
  {
    method: 'POST',
    route: '/api/staff/:userId/password-reset',
    call: json('POST', () => `/api/staff/${victim.server.user.id}/password-reset`),
  },
  {
    method: 'POST',
    route: '/api/staff/:userId/deactivate',
    call: json('POST', () => `/api/staff/${victim.server.user.id}/deactivate`),
  },
  {
    method: 'POST',
    route: '/api/staff/:userId/reactivate',
    call: json('POST', () => `/api/staff/${victim.server.user.id}/reactivate`),
  },
  {
    method: 'GET',
    route: '/api/restaurants/:restaurantId/dashboard',
    call: json(
      'GET',
      () => `/api/restaurants/${victim.restaurant.id}/dashboard?since=${Date.now() - 3_600_000}`,
    ),
  },
  {
    method: 'GET',
    route: '/api/restaurants/:restaurantId/analytics',
    call: json('GET', () => `/api/restaurants/${victim.restaurant.id}/analytics?period=month`),
  },
  // Sections and the owner's assignment (decision 077).
  {
    method: 'GET',
    route: '/api/restaurants/:restaurantId/sections',
    call: json('GET', () => `/api/restaurants/${victim.restaurant.id}/sections`),
  },
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/sections',
    call: json('POST', () => `/api/restaurants/${victim.restaurant.id}/sections`, { name: 'Bar' }),
  },
  {
    method: 'PATCH',
    route: '/api/sections/:sectionId',
    call: json('PATCH', () => `/api/sections/${victimIds.section}`, { name: 'Hall' }),
  },
  {
    method: 'PUT',
    route: '/api/sections/:sectionId/servers',
    call: (cookie) =>
      request(t, 'PUT', `/api/sections/${victimIds.section}/servers`, {
        cookie,
        body: { serverIds: [victim.server.user.id] },
      }),
  },
  {
    method: 'DELETE',
    route: '/api/sections/:sectionId',
    call: json('DELETE', () => `/api/sections/${victimIds.section}`),
  },
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/tables/section',
    call: (cookie) =>
      request(t, 'POST', `/api/restaurants/${victim.restaurant.id}/tables/section`, {
        cookie,
        body: { tableIds: [victim.table.id], sectionId: null },
      }),
  },
  {
    method: 'PUT',
    route: '/api/tables/:tableId/server',
    call: (cookie) =>
      request(t, 'PUT', `/api/tables/${victim.table.id}/server`, {
        cookie,
        body: { serverId: victim.server.user.id },
      }),
  },
  // The owner's force-end of a shift (decision 095).
  {
    method: 'POST',
    route: '/api/shifts/:shiftId/end',
    call: json('POST', () => `/api/shifts/${victimIds.shift}/end`, { toServerId: null }),
  },
  // Floor boards (decision 080).
  {
    method: 'GET',
    route: '/api/restaurants/:restaurantId/boards',
    call: json('GET', () => `/api/restaurants/${victim.restaurant.id}/boards`),
  },
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/boards',
    call: json('POST', () => `/api/restaurants/${victim.restaurant.id}/boards`, { name: 'Mole' }),
  },
  {
    method: 'DELETE',
    route: '/api/boards/:boardId',
    call: json('DELETE', () => `/api/boards/${victimIds.board}`),
  },
  // Prank blocks and regenerated QR codes (decision 089).
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/tables/regenerate-codes',
    call: json('POST', () => `/api/restaurants/${victim.restaurant.id}/tables/regenerate-codes`),
  },
  {
    method: 'GET',
    route: '/api/restaurants/:restaurantId/press-blocks',
    call: json('GET', () => `/api/restaurants/${victim.restaurant.id}/press-blocks`),
  },
  {
    method: 'POST',
    route: '/api/restaurants/:restaurantId/press-blocks/:blockId/lift',
    call: json(
      'POST',
      () => `/api/restaurants/${victim.restaurant.id}/press-blocks/${victimIds.block}/lift`,
    ),
  },
];

/** Admin endpoints that name no tenant: only the role matters. */
const ownEndpoints: Endpoint[] = [
  { method: 'GET', route: '/api/restaurants', call: json('GET', () => '/api/restaurants') },
  {
    method: 'POST',
    route: '/api/restaurants',
    call: json('POST', () => '/api/restaurants', { name: 'Server made this' }),
  },
  // Every restaurant at a glance (decision 085): the caller's own restaurants only (restaurants-overview.test).
  { method: 'GET', route: '/api/overview', call: json('GET', () => '/api/overview') },
  {
    method: 'GET',
    route: '/api/login-ids/:loginId/availability',
    call: json('GET', () => `/api/login-ids/${victim.server.loginId}/availability`),
  },
];

/** Everything of the victim's, to compare before and after. */
async function victimState() {
  const db = t.database.db;
  const ids = [victim.restaurant.id, victimSecond.id];
  const people = await db
    .select()
    .from(users)
    .where(or(inArray(users.restaurantId, ids), eq(users.id, victim.admin.user.id)))
    .orderBy(users.id);
  return {
    shifts: await db
      .select()
      .from(shifts)
      .where(inArray(shifts.restaurantId, ids))
      .orderBy(shifts.id),
    restaurants: await db
      .select()
      .from(restaurants)
      .where(inArray(restaurants.id, ids))
      .orderBy(restaurants.id),
    logos: await db
      .select()
      .from(restaurantLogos)
      .where(inArray(restaurantLogos.restaurantId, ids)),
    tables: await db
      .select()
      .from(tables)
      .where(inArray(tables.restaurantId, ids))
      .orderBy(tables.id),
    requests: await db
      .select()
      .from(requests)
      .where(inArray(requests.restaurantId, ids))
      .orderBy(requests.id),
    users: people,
    sessions: await db
      .select()
      .from(sessions)
      .where(
        inArray(
          sessions.userId,
          people.map((p) => p.id),
        ),
      )
      .orderBy(sessions.id),
    apiTokens: await db
      .select()
      .from(apiTokens)
      .where(inArray(apiTokens.restaurantId, ids))
      .orderBy(apiTokens.id),
    webhookEndpoints: await db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.restaurantId, ids))
      .orderBy(webhookEndpoints.id),
    webhookDeliveries: await db
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.restaurantId, ids))
      .orderBy(webhookDeliveries.id),
    sections: await db
      .select()
      .from(sections)
      .where(inArray(sections.restaurantId, ids))
      .orderBy(sections.id),
    boards: await db
      .select()
      .from(floorBoards)
      .where(inArray(floorBoards.restaurantId, ids))
      .orderBy(floorBoards.id),
    pressBlocks: await db
      .select()
      .from(pressBlocks)
      .where(inArray(pressBlocks.restaurantId, ids))
      .orderBy(pressBlocks.id),
  };
}

describe('admin endpoints across owners', () => {
  it('cover every admin-only route (a new one must be added to these lists)', () => {
    const adminOnly = t.routes.filter(
      (r) => 'roles' in r.access && r.access.roles.length === 1 && r.access.roles[0] === 'admin',
    );
    const known = [...tenantEndpoints, ...ownEndpoints].map((e) => `${e.method} ${e.route}`);
    for (const r of adminOnly)
      expect(known, `${r.method} ${r.url}`).toContain(`${r.method} ${r.url}`);
    for (const k of known) expect(adminOnly.map((r) => `${r.method} ${r.url}`)).toContain(k);
  });

  it("answer another owner with 404 and change nothing of the victim's", async () => {
    const before = await victimState();
    for (const endpoint of tenantEndpoints) {
      const res = await endpoint.call(attacker.adminCookie);
      expect(res.statusCode, `${endpoint.method} ${endpoint.route}: ${res.body}`).toBe(404);
      expect(res.json().error.code).toMatch(/not_found$/);
    }
    expect(await victimState()).toEqual(before);
  });

  it('answer exactly like a missing restaurant, table or staff member', async () => {
    const missing = [
      await request(t, 'PATCH', '/api/restaurants/no-such-place', {
        cookie: attacker.adminCookie,
        body: { name: 'x' },
      }),
      await request(t, 'PATCH', `/api/restaurants/${victim.restaurant.id}`, {
        cookie: attacker.adminCookie,
        body: { name: 'x' },
      }),
    ];
    expect(missing[1]!.statusCode).toBe(missing[0]!.statusCode);
    expect(missing[1]!.json()).toEqual(missing[0]!.json());
  });

  it("answer the victim's own server with 403 and change nothing", async () => {
    const before = await victimState();
    for (const endpoint of [...tenantEndpoints, ...ownEndpoints]) {
      const res = await endpoint.call(victim.serverCookie);
      expect(res.statusCode, `${endpoint.method} ${endpoint.route}`).toBe(403);
    }
    expect(await victimState()).toEqual(before);
  });

  it('answer a visitor with 401', async () => {
    for (const endpoint of [...tenantEndpoints, ...ownEndpoints]) {
      const res = await endpoint.call(undefined);
      expect(res.statusCode, `${endpoint.method} ${endpoint.route}`).toBe(401);
    }
  });

  it('still work for the owner (the 404s above are not a broken endpoint)', async () => {
    const cookie = await signInPassword(t, victim.admin);
    const staff = await request(t, 'GET', `/api/restaurants/${victim.restaurant.id}/staff`, {
      cookie,
    });
    expect(staff.statusCode).toBe(200);
    const dash = await request(
      t,
      'GET',
      `/api/restaurants/${victim.restaurant.id}/dashboard?since=${Date.now() - 60_000}`,
      { cookie },
    );
    expect(dash.json().totalTables).toBe(1);
  });
});
