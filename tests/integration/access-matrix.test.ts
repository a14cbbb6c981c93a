/**
 * The access matrix of issue 6: every registered /api route (taken from the app's own route table, so a new route
 * cannot be missed) × every actor — a guest, restaurant A's server and admin, restaurant B's admin and server, a
 * super admin, and a floor board paired with A (decision 080: its own credential, no session) — aimed at restaurant A's REAL objects (restaurant, table, pending request, staff member, logo, push
 * subscription). Each cell declares its outcome; another tenant's objects are 404, like missing ones (SPEC §6).
 * Every refused cell (and every GET) must leave restaurant A's rows exactly as they were.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq, inArray, or } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  apiTokens,
  floorBoards,
  pushOutbox,
  webhookDeliveries,
  webhookEndpoints,
  pushSubscriptions,
  requests,
  restaurantLogos,
  restaurants,
  sectionServers,
  sections,
  sessions,
  handovers,
  pressBlocks,
  shifts,
  tables,
  users,
} from '../../src/server/db/schema';
import { createTestApp, PUBLIC_URL, request, type TestApp } from '../support/test-app';
import {
  makeFloor,
  makeRestaurant,
  makeServer,
  makeSuperAdmin,
  makeTable,
  signInPassword,
} from '../support/factories';
import { postForm, TINY_PNG } from '../support/multipart';

const ACTORS = [
  'guest',
  'server',
  'admin',
  'otherAdmin',
  'otherServer',
  'superAdmin',
  'board',
] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;

let t: TestApp;

/** A fake browser subscription: a real P-256 key, an endpoint nobody listens on (pushes to it just fail). */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://127.0.0.1:9/push/${randomBytes(12).toString('hex')}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/** Restaurant A with everything an endpoint can name, restaurant B next door, and a super admin. */
async function makeWorld() {
  const a = await makeFloor(t);
  // A second restaurant, so deleting A is not stopped by the last-restaurant rule.
  const aSecond = await makeRestaurant(t, a.admin.user.id);
  const staffMember = await makeServer(t, a.restaurant.id);
  const pressed = await request(
    t,
    'POST',
    `/api/public/restaurants/${a.restaurant.id}/tables/${a.table.id}/requests`,
    // An address of each world's own: the matrix's guest routes spend 127.0.0.1's guest-press budget.
    {
      body: { type: 'bill' },
      remoteAddress: `10.72.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  );
  expect(pressed.statusCode).toBe(201);
  const logo = await postForm(
    t,
    `/api/restaurants/${a.restaurant.id}/logo`,
    [{ field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: TINY_PNG }],
    a.adminCookie,
  );
  expect(logo.statusCode).toBe(200);
  const serverDevice = device();
  expect(
    (
      await request(t, 'POST', '/api/push/subscriptions', {
        cookie: a.serverCookie,
        body: serverDevice,
      })
    ).statusCode,
  ).toBe(201);
  // A's integrations (decisions 075, 076): an API token, a webhook endpoint and one logged delivery.
  const owner = { id: a.admin.user.id, role: 'admin' as const, name: 'Owner', restaurantId: null };
  const apiToken = (
    await t.services.apiTokens.create(owner, a.restaurant.id, { name: 'POS', scopes: ['read'] })
  ).token;
  const webhookId = randomUUID();
  await t.database.db.insert(webhookEndpoints).values({
    id: webhookId,
    restaurantId: a.restaurant.id,
    url: 'https://93.184.215.14/hook',
    events: ['request.created'],
    secret: `whsec_${randomBytes(24).toString('base64')}`,
    createdAt: Date.now(),
  });
  const deliveryId = randomUUID();
  await t.database.db.insert(webhookDeliveries).values({
    id: deliveryId,
    endpointId: webhookId,
    restaurantId: a.restaurant.id,
    event: 'request.created',
    payload: '{}',
    status: 'failed',
    attempts: 8,
    createdAt: Date.now(),
  });
  // Decision 077: a section of A's, and a table the owner assigns (not the one A's server takes for themselves).
  const section = await request(t, 'POST', `/api/restaurants/${a.restaurant.id}/sections`, {
    cookie: a.adminCookie,
    body: { name: 'Terrace' },
  });
  expect(section.statusCode).toBe(201);
  const ownerTable = await makeTable(t, a.restaurant.id, 'Terrace 1');
  // Decisions 092, 093: a free table to seat and a seated one to clear (uncovered: every server of A sees them).
  const freeTable = await makeTable(t, a.restaurant.id, 'Patio 1');
  const seatedTable = await makeTable(t, a.restaurant.id, 'Patio 2');
  expect(
    (await request(t, 'POST', `/api/tables/${seatedTable.id}/seat`, { cookie: a.adminCookie }))
      .statusCode,
  ).toBe(200);
  // Decisions 094, 095: two more servers of A on duty, and offers naming A's server (written as they would be).
  const shiftWorld = await makeShiftWorld(a.restaurant.id, a.server.user.id);
  // Decision 089: an active prank block at A, for the list and lift cells.
  const blockId = randomUUID();
  await t.database.db.insert(pressBlocks).values({
    id: blockId,
    restaurantId: a.restaurant.id,
    tableNumber: '3',
    deviceId: randomBytes(12).toString('base64url'),
    address: '192.0.2.99',
    deviceUntil: Date.now() + 3_600_000,
    addressUntil: Date.now() + 600_000,
    createdAt: Date.now(),
  });
  const b = await makeFloor(t);
  const superAdmin = await makeSuperAdmin(t);
  const board = await pairBoardOf(a.restaurant.id, a.adminCookie);
  const cookies: Record<Actor, string | undefined> = {
    guest: undefined,
    server: a.serverCookie,
    admin: a.adminCookie,
    otherAdmin: b.adminCookie,
    otherServer: b.serverCookie,
    superAdmin: await signInPassword(t, superAdmin),
    board: board.cookie,
  };
  return {
    a,
    b,
    aRestaurantIds: [a.restaurant.id, aSecond.id],
    staffMember,
    sectionId: section.json().section.id as string,
    shiftWorld,
    ownerTable,
    freeTable,
    seatedTable,
    requestId: pressed.json().request.id as string,
    serverDevice,
    apiTokenId: apiToken.id,
    webhookId,
    deliveryId,
    boardId: board.id,
    blockId,
    cookies,
  };
}

/** A pairing code of A's admin, typed on a screen of its own address (the pairing limit is not under test). */
async function boardCode(restaurantId: string, adminCookie: string) {
  const made = await request(t, 'POST', `/api/restaurants/${restaurantId}/boards`, {
    cookie: adminCookie,
    body: { name: 'Bar TV' },
  });
  expect(made.statusCode).toBe(201);
  return made.json<{ board: { id: string }; code: string }>();
}
const pairAddress = () =>
  `10.82.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
async function pairBoardOf(restaurantId: string, adminCookie: string) {
  const { code, board } = await boardCode(restaurantId, adminCookie);
  const paired = await request(t, 'POST', '/api/board/pair', {
    body: { code },
    remoteAddress: pairAddress(),
  });
  const cookie = paired.cookies.find((c) => c.name === 'ts_board');
  if (!cookie) throw new Error(`not paired: ${paired.body}`);
  return { id: board.id, cookie: `ts_board=${cookie.value}` };
}
type World = Awaited<ReturnType<typeof makeWorld>>;

/**
 * What the shift cells name (decisions 094, 095): `mate` and `leaver` on duty; offers to A's server from both (to
 * accept, to decline) and one from A's server to `mate` (to cancel); a table `mate` holds with a note, which moves to
 * A's server when the offer is accepted (so the note cell that follows it is A's server's own table). A's server is
 * off duty until the start cell.
 */
async function makeShiftWorld(restaurantId: string, serverId: string) {
  const db = t.database.db;
  const mate = await makeServer(t, restaurantId);
  const leaver = await makeServer(t, restaurantId);
  const now = Date.now();
  const leaverShiftId = randomUUID();
  await db.insert(shifts).values([
    { id: randomUUID(), restaurantId, serverId: mate.user.id, startedAt: now },
    { id: leaverShiftId, restaurantId, serverId: leaver.user.id, startedAt: now },
  ]);
  const noteTable = await makeTable(t, restaurantId, 'Window 1');
  await db
    .update(tables)
    .set({ serverId: mate.user.id, note: 'allergy seat 2' })
    .where(eq(tables.id, noteTable.id));
  const offered = (id: string, from: string, to: string) => ({
    id,
    restaurantId,
    fromServerId: from,
    toServerId: to,
    state: 'offered' as const,
    offeredAt: now,
  });
  const toAccept = randomUUID();
  const toDecline = randomUUID();
  const toCancel = randomUUID();
  await db
    .insert(handovers)
    .values([
      offered(toAccept, mate.user.id, serverId),
      offered(toDecline, leaver.user.id, serverId),
      offered(toCancel, serverId, mate.user.id),
    ]);
  return { mate, leaverShiftId, noteTable, toAccept, toDecline, toCancel };
}

/** Every row of restaurant A's, to compare before and after a refused call. */
async function stateOfA(w: World) {
  const db = t.database.db;
  const ids = w.aRestaurantIds;
  const people = await db
    .select()
    .from(users)
    .where(or(inArray(users.restaurantId, ids), eq(users.id, w.a.admin.user.id)))
    .orderBy(users.id);
  const personIds = people.map((p) => p.id);
  return {
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
    sections: await db
      .select()
      .from(sections)
      .where(inArray(sections.restaurantId, ids))
      .orderBy(sections.id),
    sectionServers: await db
      .select()
      .from(sectionServers)
      .where(inArray(sectionServers.restaurantId, ids))
      .orderBy(sectionServers.sectionId, sectionServers.serverId),
    users: people,
    // Which sessions exist (their expiry may slide with use; that is not a change of A's data).
    sessions: (
      await db
        .select({ id: sessions.id, userId: sessions.userId })
        .from(sessions)
        .where(inArray(sessions.userId, personIds))
    ).sort((x, y) => x.id.localeCompare(y.id)),
    pushSubscriptions: (
      await db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
        })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, personIds))
    ).sort((x, y) => x.id.localeCompare(y.id)),
    // Which boards and codes exist, and which are paired (a board's last-seen time moves with its reads).
    floorBoards: await db
      .select({ id: floorBoards.id, code: floorBoards.codeHash, token: floorBoards.tokenHash })
      .from(floorBoards)
      .where(inArray(floorBoards.restaurantId, ids))
      .orderBy(floorBoards.id),
    pressBlocks: await db
      .select()
      .from(pressBlocks)
      .where(inArray(pressBlocks.restaurantId, ids))
      .orderBy(pressBlocks.id),
    pushOutbox: await db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(inArray(pushOutbox.restaurantId, ids))
      .orderBy(pushOutbox.id),
    apiTokens: await db
      .select({ id: apiTokens.id, name: apiTokens.name, scopes: apiTokens.scopes })
      .from(apiTokens)
      .where(inArray(apiTokens.restaurantId, ids))
      .orderBy(apiTokens.id),
    webhookEndpoints: await db
      .select({
        id: webhookEndpoints.id,
        enabled: webhookEndpoints.enabled,
        url: webhookEndpoints.url,
      })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.restaurantId, ids))
      .orderBy(webhookEndpoints.id),
    webhookDeliveries: await db
      .select({ id: webhookDeliveries.id, status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.restaurantId, ids))
      .orderBy(webhookDeliveries.id),
  };
}

type Call = (w: World, cookie: string | undefined) => Promise<LightMyRequestResponse>;
const json =
  (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: (w: World) => string,
    body?: (w: World) => unknown,
  ) =>
  (w: World, cookie: string | undefined) =>
    request(t, method, url(w), { cookie, body: body?.(w) });

interface Case {
  call: Call;
  expect: Expected;
  /** Allowed cells that end the actor's session or delete A's objects run each on a fresh world. */
  destructive?: boolean;
}

// Outcome patterns.
const everyone = (s: number): Expected => ({
  guest: s,
  server: s,
  admin: s,
  otherAdmin: s,
  otherServer: s,
  superAdmin: s,
  board: s,
});
/** A board's cookie is no session: every route that needs one answers it 401, like a guest. */
const signedIn = (s: number, superAdmin = s): Expected => ({
  guest: 401,
  server: s,
  admin: s,
  otherAdmin: s,
  otherServer: s,
  superAdmin,
  board: 401,
});
/** Admin-only, naming A's restaurant/table/staff: B's admin gets 404. */
const adminOfA = (ok: number): Expected => ({
  guest: 401,
  server: 403,
  admin: ok,
  otherAdmin: 404,
  otherServer: 403,
  superAdmin: 403,
  board: 401,
});
/** Staff of A (server and admin): B's staff get 404. */
const staffOfA = (ok: number): Expected => ({
  guest: 401,
  server: ok,
  admin: ok,
  otherAdmin: 404,
  otherServer: 404,
  superAdmin: 403,
  board: 401,
});
/** Server-only, naming A's table/request: B's server gets 404. */
const serverOfA = (ok: number): Expected => ({
  guest: 401,
  server: ok,
  admin: 403,
  otherAdmin: 403,
  otherServer: 404,
  superAdmin: 403,
  board: 401,
});
const superOnly = (ok: number): Expected => ({
  guest: 401,
  server: 403,
  admin: 403,
  otherAdmin: 403,
  otherServer: 403,
  superAdmin: ok,
  board: 401,
});
/** Decision 080: only a paired board's own credential; no session opens it. */
const boardOnly = (ok: number): Expected => ({ ...everyone(401), board: ok });

const R = (w: World) => w.a.restaurant.id;
/** Per world, a table of A's for the guest's own changes (decision 071), made once. */
const guestTables = new WeakMap<World, { cancel: string; bill: Promise<PressedHere> }>();
interface PressedHere {
  tableId: string;
  requestId: string;
  pressKey: string;
}
function guestTablesOf(w: World) {
  let kept = guestTables.get(w);
  if (!kept) {
    kept = { cancel: '', bill: makeTable(t, R(w)).then((table) => pressAt(w, table.id, 'bill')) };
    guestTables.set(w, kept);
  }
  return kept;
}
/** A pending call to cancel: each cancel ends the table's cool-down (decision 057), so one table serves them all. */
async function pressToCancel(w: World): Promise<PressedHere> {
  const kept = guestTablesOf(w);
  if (!kept.cancel) kept.cancel = (await makeTable(t, R(w))).id;
  return pressAt(w, kept.cancel, 'order');
}
/** A request of A's pressed at a fresh table and completed by A's owner (decisions 082, 083: answered after Done). */
async function completedHere(w: World, type: 'order' | 'bill'): Promise<PressedHere> {
  const pressed = await pressAt(w, (await makeTable(t, R(w))).id, type);
  const done = await request(t, 'POST', `/api/requests/${pressed.requestId}/complete`, {
    cookie: w.cookies.admin!,
  });
  expect(done.statusCode).toBe(200);
  return pressed;
}
/** An open bill whose payment method may be set again and again while it is open. */
const openBill = (w: World) => guestTablesOf(w).bill;
/** A press at a table of A's, with its key (decision 071: what its device holds). */
async function pressAt(w: World, tableId: string, type: 'order' | 'bill'): Promise<PressedHere> {
  const pressKey = randomUUID();
  const pressed = await request(
    t,
    'POST',
    `/api/public/restaurants/${R(w)}/tables/${tableId}/requests`,
    // From a phone of its own: the per-address press limit is not under test here.
    {
      body: { type },
      headers: { 'idempotency-key': pressKey },
      remoteAddress: `10.71.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  );
  expect(pressed.statusCode).toBe(201);
  return { tableId, requestId: pressed.json().request.id as string, pressKey };
}
const matrix: Record<string, Case> = {
  'GET /api/session': { call: json('GET', () => '/api/session'), expect: everyone(200) },
  // Issue 16: a load balancer's probes, public and cheap.
  'GET /api/health/live': { call: json('GET', () => '/api/health/live'), expect: everyone(200) },
  'GET /api/health/ready': { call: json('GET', () => '/api/health/ready'), expect: everyone(200) },
  // Malformed bodies: the route is public (no 401/403), and no sign-in attempt is counted.
  'POST /api/auth/login': {
    call: json(
      'POST',
      () => '/api/auth/login',
      () => ({}),
    ),
    expect: everyone(400),
  },
  'POST /api/auth/pin-login': {
    call: json(
      'POST',
      () => '/api/auth/pin-login',
      () => ({}),
    ),
    expect: everyone(400),
  },
  'POST /api/auth/logout': {
    call: json('POST', () => '/api/auth/logout'),
    expect: signedIn(204),
    destructive: true,
  },
  'DELETE /api/account': {
    call: json('DELETE', () => '/api/account'),
    // A super admin is removed by another one or the CLI, never by themselves.
    expect: signedIn(204, 403),
    destructive: true,
  },
  'PUT /api/account/language': {
    call: json(
      'PUT',
      () => '/api/account/language',
      () => ({ language: null }),
    ),
    expect: signedIn(200),
  },
  // Decision 068: only a PIN server changes their own PIN (A's server: current PIN right, a new one of the rule).
  'PUT /api/account/pin': {
    call: json(
      'PUT',
      () => '/api/account/pin',
      (w) => ({ currentPin: w.a.server.pin, pin: w.a.server.pin }),
    ),
    expect: { ...signedIn(403), server: 204, otherServer: 204 },
  },
  // Decision 069: public, the same answer for every address; a malformed token or weak password is 400.
  'POST /api/auth/forgot-password': {
    call: (w, cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        headers: {
          'content-type': 'application/json',
          origin: PUBLIC_URL,
          ...(cookie ? { cookie } : {}),
        },
        payload: JSON.stringify({ email: w.a.admin.email }),
      }),
    expect: everyone(202),
  },
  'POST /api/auth/reset-password': {
    call: json(
      'POST',
      () => '/api/auth/reset-password',
      () => ({ token: 'x'.repeat(43), password: 'Some-pass1!' }),
    ),
    expect: everyone(400),
  },
  'POST /api/auth/verify-email': {
    call: json(
      'POST',
      () => '/api/auth/verify-email',
      () => ({ token: 'x'.repeat(43) }),
    ),
    expect: everyone(400),
  },
  'POST /api/auth/resend-verification': {
    // From an address of its own per call: the route is rate limited per client address.
    call: (w, cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        headers: {
          'content-type': 'application/json',
          origin: PUBLIC_URL,
          ...(cookie ? { cookie } : {}),
        },
        payload: JSON.stringify({ email: w.a.admin.email }),
      }),
    expect: everyone(202),
  },
  'GET /api/super-admin/stats': {
    call: json('GET', () => '/api/super-admin/stats'),
    expect: superOnly(200),
  },
  'GET /api/super-admin/users': {
    call: json('GET', () => '/api/super-admin/users'),
    expect: superOnly(200),
  },
  'DELETE /api/super-admin/users/:userId': {
    call: json('DELETE', (w) => `/api/super-admin/users/${w.a.server.user.id}`),
    expect: superOnly(204),
    destructive: true,
  },
  'GET /api/public/restaurants/:restaurantId/tables/:tableId': {
    call: json('GET', (w) => `/api/public/restaurants/${R(w)}/tables/${w.a.table.id}`),
    expect: everyone(200),
  },
  'GET /api/public/restaurants/:restaurantId/tables/:tableId/cooldown': {
    call: json('GET', (w) => `/api/public/restaurants/${R(w)}/tables/${w.a.table.id}/cooldown`),
    expect: everyone(200),
  },
  'POST /api/public/restaurants/:restaurantId/tables/:tableId/requests': {
    // A fresh table of A's for each press (the 60 s cool-down would refuse a second one).
    call: async (w, cookie) => {
      const table = await makeTable(t, R(w));
      return request(t, 'POST', `/api/public/restaurants/${R(w)}/tables/${table.id}/requests`, {
        cookie,
        body: { type: 'order' },
      });
    },
    expect: everyone(201),
  },
  // Decision 071: a guest's own request, changed with its press's key (any actor holding the key may; without it,
  // the route answers 403 — guest-asks.test.ts).
  'POST /api/public/restaurants/:restaurantId/tables/:tableId/requests/:requestId/cancel': {
    call: async (w, cookie) => {
      const { tableId, requestId, pressKey } = await pressToCancel(w);
      return request(
        t,
        'POST',
        `/api/public/restaurants/${R(w)}/tables/${tableId}/requests/${requestId}/cancel`,
        { cookie, body: { pressKey } },
      );
    },
    expect: everyone(200),
  },
  'PUT /api/public/restaurants/:restaurantId/tables/:tableId/requests/:requestId/bill-method': {
    call: async (w, cookie) => {
      const { tableId, requestId, pressKey } = await openBill(w);
      return request(
        t,
        'PUT',
        `/api/public/restaurants/${R(w)}/tables/${tableId}/requests/${requestId}/bill-method`,
        { cookie, body: { pressKey, method: 'card' } },
      );
    },
    expect: everyone(200),
  },
  // Decisions 082, 083: after Done, the device that pressed (any actor holding the key) answers and rates; without
  // the key 403, across restaurants 404 (guest-feedback.test.ts).
  'POST /api/public/restaurants/:restaurantId/tables/:tableId/requests/:requestId/outcome': {
    call: async (w, cookie) => {
      const { tableId, requestId, pressKey } = await completedHere(w, 'order');
      return request(
        t,
        'POST',
        `/api/public/restaurants/${R(w)}/tables/${tableId}/requests/${requestId}/outcome`,
        { cookie, body: { pressKey, resolved: true } },
      );
    },
    expect: everyone(200),
  },
  'POST /api/public/restaurants/:restaurantId/tables/:tableId/requests/:requestId/rating': {
    call: async (w, cookie) => {
      const { tableId, requestId, pressKey } = await completedHere(w, 'bill');
      return request(
        t,
        'POST',
        `/api/public/restaurants/${R(w)}/tables/${tableId}/requests/${requestId}/rating`,
        { cookie, body: { pressKey, stars: 5 } },
      );
    },
    expect: everyone(200),
  },
  'GET /api/public/restaurants/:restaurantId/logo': {
    call: json('GET', (w) => `/api/public/restaurants/${R(w)}/logo`),
    expect: everyone(200),
  },
  'GET /api/restaurants/:restaurantId': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}`),
    expect: staffOfA(200),
  },
  'GET /api/restaurants': {
    // Each admin lists their own restaurants (B's admin does not see A's: checked below).
    call: json('GET', () => '/api/restaurants'),
    expect: { ...adminOfA(200), otherAdmin: 200 },
  },
  'POST /api/restaurants': {
    call: json(
      'POST',
      () => '/api/restaurants',
      () => ({ name: 'Another place' }),
    ),
    expect: { ...adminOfA(201), otherAdmin: 201 },
  },
  'PATCH /api/restaurants/:restaurantId': {
    call: json(
      'PATCH',
      (w) => `/api/restaurants/${R(w)}`,
      () => ({ name: 'Renamed' }),
    ),
    expect: adminOfA(200),
  },
  'PUT /api/restaurants/:restaurantId/request-types': {
    call: json(
      'PUT',
      (w) => `/api/restaurants/${R(w)}/request-types`,
      () => ({ hidden: ['refill'], custom: [{ labels: { en: 'High chair' }, icon: 'chair' }] }),
    ),
    expect: adminOfA(200),
  },
  'DELETE /api/restaurants/:restaurantId': {
    call: json('DELETE', (w) => `/api/restaurants/${R(w)}`),
    expect: adminOfA(204),
    destructive: true,
  },
  'POST /api/restaurants/:restaurantId/logo': {
    call: (w, cookie) =>
      postForm(
        t,
        `/api/restaurants/${R(w)}/logo`,
        [{ field: 'logo', filename: 'new.png', contentType: 'image/png', bytes: TINY_PNG }],
        cookie,
      ),
    expect: adminOfA(200),
  },
  'DELETE /api/restaurants/:restaurantId/logo': {
    call: json('DELETE', (w) => `/api/restaurants/${R(w)}/logo`),
    // Answers the restaurant without its logo.
    expect: adminOfA(200),
    destructive: true,
  },
  'GET /api/restaurants/:restaurantId/tables': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/tables`),
    expect: staffOfA(200),
  },
  'POST /api/restaurants/:restaurantId/tables': {
    call: json(
      'POST',
      (w) => `/api/restaurants/${R(w)}/tables`,
      () => ({
        number: 'T' + randomUUID().slice(0, 6),
      }),
    ),
    expect: adminOfA(201),
  },
  'POST /api/restaurants/:restaurantId/tables/bulk': {
    call: json(
      'POST',
      (w) => `/api/restaurants/${R(w)}/tables/bulk`,
      () => {
        const prefix = 'B' + randomUUID().slice(0, 6);
        return { numbers: [`${prefix}-1`, `${prefix}-2`] };
      },
    ),
    expect: adminOfA(201),
  },
  'POST /api/restaurants/:restaurantId/tables/delete': {
    call: json(
      'POST',
      (w) => `/api/restaurants/${R(w)}/tables/delete`,
      (w) => ({ tableIds: [w.a.table.id] }),
    ),
    expect: adminOfA(204),
    destructive: true,
  },
  'PATCH /api/tables/:tableId': {
    call: json(
      'PATCH',
      (w) => `/api/tables/${w.a.table.id}`,
      () => ({ number: 'R' + randomUUID().slice(0, 6) }),
    ),
    expect: adminOfA(200),
  },
  'POST /api/tables/:tableId/assign': {
    call: json('POST', (w) => `/api/tables/${w.a.table.id}/assign`),
    expect: serverOfA(200),
  },
  'POST /api/tables/:tableId/unassign': {
    call: json('POST', (w) => `/api/tables/${w.a.table.id}/unassign`),
    expect: serverOfA(200),
  },
  // A party's visit (decisions 092, 093): any staff of A who sees the table. Each call first puts the table back
  // as the cell expects it, through A's owner (a no-op on the world as made, so refused cells change nothing).
  'POST /api/tables/:tableId/seat': {
    call: async (w, cookie) => {
      await request(t, 'POST', `/api/tables/${w.freeTable.id}/clear`, { cookie: w.cookies.admin });
      return request(t, 'POST', `/api/tables/${w.freeTable.id}/seat`, { cookie });
    },
    expect: staffOfA(200),
  },
  'POST /api/tables/:tableId/clear': {
    call: async (w, cookie) => {
      await request(t, 'POST', `/api/tables/${w.seatedTable.id}/seat`, { cookie: w.cookies.admin });
      return request(t, 'POST', `/api/tables/${w.seatedTable.id}/clear`, { cookie });
    },
    expect: staffOfA(200),
  },
  'DELETE /api/tables/:tableId': {
    call: json('DELETE', (w) => `/api/tables/${w.a.table.id}`),
    expect: adminOfA(204),
    destructive: true,
  },
  // Integrations (decisions 075, 076): the owner's alone; another owner gets 404. Not destructive for the other
  // cells: the webhook's delete comes after its log and redelivery.
  'GET /api/restaurants/:restaurantId/api-tokens': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/api-tokens`),
    expect: adminOfA(200),
  },
  'POST /api/restaurants/:restaurantId/api-tokens': {
    call: json(
      'POST',
      (w) => `/api/restaurants/${R(w)}/api-tokens`,
      () => ({ name: 'Script', scopes: ['read'] }),
    ),
    expect: adminOfA(201),
  },
  'DELETE /api/api-tokens/:tokenId': {
    call: json('DELETE', (w) => `/api/api-tokens/${w.apiTokenId}`),
    expect: adminOfA(204),
  },
  'GET /api/restaurants/:restaurantId/webhooks': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/webhooks`),
    expect: adminOfA(200),
  },
  'POST /api/restaurants/:restaurantId/webhooks': {
    call: json(
      'POST',
      (w) => `/api/restaurants/${R(w)}/webhooks`,
      () => ({ url: 'https://93.184.215.14/other', events: ['request.completed'] }),
    ),
    expect: adminOfA(201),
  },
  'PATCH /api/webhooks/:webhookId': {
    call: json(
      'PATCH',
      (w) => `/api/webhooks/${w.webhookId}`,
      () => ({ enabled: false }),
    ),
    expect: adminOfA(200),
  },
  'GET /api/webhooks/:webhookId/deliveries': {
    call: json('GET', (w) => `/api/webhooks/${w.webhookId}/deliveries`),
    expect: adminOfA(200),
  },
  'POST /api/webhook-deliveries/:deliveryId/redeliver': {
    call: json('POST', (w) => `/api/webhook-deliveries/${w.deliveryId}/redeliver`),
    expect: adminOfA(200),
  },
  'DELETE /api/webhooks/:webhookId': {
    call: json('DELETE', (w) => `/api/webhooks/${w.webhookId}`),
    expect: adminOfA(204),
  },
  // Decision 077: only A's owner assigns A's servers and manages A's sections; B's admin is told there is no such
  // table or section.
  'PUT /api/tables/:tableId/server': {
    call: json(
      'PUT',
      (w) => `/api/tables/${w.ownerTable.id}/server`,
      (w) => ({ serverId: w.staffMember.user.id }),
    ),
    expect: adminOfA(200),
  },
  'POST /api/restaurants/:restaurantId/tables/section': {
    call: json(
      'POST',
      (w) => `/api/restaurants/${R(w)}/tables/section`,
      (w) => ({ tableIds: [w.ownerTable.id], sectionId: w.sectionId }),
    ),
    expect: adminOfA(200),
  },
  'GET /api/restaurants/:restaurantId/sections': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/sections`),
    expect: adminOfA(200),
  },
  'POST /api/restaurants/:restaurantId/sections': {
    call: json(
      'POST',
      (w) => `/api/restaurants/${R(w)}/sections`,
      () => ({ name: 'Bar ' + randomUUID().slice(0, 6) }),
    ),
    expect: adminOfA(201),
  },
  'PATCH /api/sections/:sectionId': {
    call: json(
      'PATCH',
      (w) => `/api/sections/${w.sectionId}`,
      () => ({ name: 'Hall ' + randomUUID().slice(0, 6) }),
    ),
    expect: adminOfA(200),
  },
  'PUT /api/sections/:sectionId/servers': {
    call: json(
      'PUT',
      (w) => `/api/sections/${w.sectionId}/servers`,
      (w) => ({ serverIds: [w.staffMember.user.id] }),
    ),
    expect: adminOfA(200),
  },
  'DELETE /api/sections/:sectionId': {
    call: json('DELETE', (w) => `/api/sections/${w.sectionId}`),
    expect: adminOfA(204),
    destructive: true,
  },
  'GET /api/restaurants/:restaurantId/staff': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/staff`),
    expect: adminOfA(200),
  },
  'POST /api/restaurants/:restaurantId/staff': {
    call: json(
      'POST',
      (w) => `/api/restaurants/${R(w)}/staff`,
      () => ({
        mode: 'pin',
        name: 'New hire',
        loginId: 'hire' + randomUUID().slice(0, 6),
        pin: '4321',
      }),
    ),
    expect: adminOfA(201),
  },
  'DELETE /api/staff/:userId': {
    call: json('DELETE', (w) => `/api/staff/${w.staffMember.user.id}`),
    expect: adminOfA(204),
    destructive: true,
  },
  // Decision 068: the owner manages A's staff in place; B's admin is told there is no such member.
  'PATCH /api/staff/:userId': {
    call: json(
      'PATCH',
      (w) => `/api/staff/${w.staffMember.user.id}`,
      () => ({ name: 'Renamed member' }),
    ),
    expect: adminOfA(200),
  },
  'POST /api/staff/:userId/pin': {
    call: json(
      'POST',
      (w) => `/api/staff/${w.staffMember.user.id}/pin`,
      () => ({ pin: '97531' }),
    ),
    expect: adminOfA(204),
  },
  'POST /api/staff/:userId/password-reset': {
    // A's staff member signs in with a PIN: the owner gets past every check to the 409 that says so.
    call: json('POST', (w) => `/api/staff/${w.staffMember.user.id}/password-reset`),
    expect: adminOfA(409),
  },
  'POST /api/staff/:userId/deactivate': {
    // A's extra staff member is signed in nowhere; the next cell reactivates them.
    call: json('POST', (w) => `/api/staff/${w.staffMember.user.id}/deactivate`),
    expect: adminOfA(200),
  },
  'POST /api/staff/:userId/reactivate': {
    call: json('POST', (w) => `/api/staff/${w.staffMember.user.id}/reactivate`),
    expect: adminOfA(200),
  },
  'GET /api/login-ids/:loginId/availability': {
    // Login IDs are one namespace for the whole service: any admin may ask.
    call: json('GET', (w) => `/api/login-ids/${w.staffMember.loginId}/availability`),
    expect: { ...adminOfA(200), otherAdmin: 200 },
  },
  'GET /api/restaurants/:restaurantId/dashboard': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/dashboard?since=${Date.now() - 3_600_000}`),
    expect: adminOfA(200),
  },
  'GET /api/overview': {
    // Each owner sees their own restaurants at a glance (the figures and the other owner's: restaurants-overview.test).
    call: json('GET', () => '/api/overview'),
    expect: { ...adminOfA(200), otherAdmin: 200 },
  },
  'GET /api/restaurants/:restaurantId/analytics': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/analytics?period=week`),
    expect: adminOfA(200),
  },
  'GET /api/restaurants/:restaurantId/requests': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/requests`),
    expect: staffOfA(200),
  },
  // Decision 028: a server of A who may see the request, or A's admin, may take, complete or dismiss it.
  'POST /api/requests/:requestId/acknowledge': {
    call: json('POST', (w) => `/api/requests/${w.requestId}/acknowledge`),
    expect: staffOfA(200),
    // Taken once per world: a second taker would rightly get 409.
    destructive: true,
  },
  'POST /api/requests/:requestId/complete': {
    call: json('POST', (w) => `/api/requests/${w.requestId}/complete`),
    expect: staffOfA(200),
  },
  'POST /api/requests/:requestId/dismiss': {
    call: json('POST', (w) => `/api/requests/${w.requestId}/dismiss`),
    expect: staffOfA(200),
    destructive: true,
  },
  // Decision 089: whoever may dismiss a call may dismiss it as a prank; only A's admin sees and lifts blocks, and
  // regenerates A's QR codes (the old codes stop working: a fresh world for it).
  'POST /api/requests/:requestId/prank': {
    call: json('POST', (w) => `/api/requests/${w.requestId}/prank`),
    expect: staffOfA(200),
    destructive: true,
  },
  'GET /api/restaurants/:restaurantId/press-blocks': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/press-blocks`),
    expect: adminOfA(200),
  },
  'POST /api/restaurants/:restaurantId/press-blocks/:blockId/lift': {
    call: json('POST', (w) => `/api/restaurants/${R(w)}/press-blocks/${w.blockId}/lift`),
    expect: adminOfA(204),
    destructive: true,
  },
  'POST /api/restaurants/:restaurantId/tables/regenerate-codes': {
    call: json('POST', (w) => `/api/restaurants/${R(w)}/tables/regenerate-codes`),
    expect: adminOfA(200),
    destructive: true,
  },
  // Decision 091: a device of someone the call reaches confirms its alert; A's admin's early receipt is accepted and
  // ignored (reach.test); B's staff are told there is no such call.
  'POST /api/requests/:requestId/receipt': {
    call: json('POST', (w) => `/api/requests/${w.requestId}/receipt`),
    expect: staffOfA(204),
  },
  'GET /api/restaurants/:restaurantId/requests/history': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/requests/history`),
    expect: staffOfA(200),
  },
  'GET /api/push/public-key': {
    call: json('GET', () => '/api/push/public-key'),
    expect: { ...signedIn(200), superAdmin: 403 },
  },
  'POST /api/push/subscriptions': {
    call: json(
      'POST',
      () => '/api/push/subscriptions',
      () => device(),
    ),
    expect: { ...signedIn(201), superAdmin: 403 },
  },
  'DELETE /api/push/subscriptions': {
    // A's server's device: only its owner may remove it; anyone else is told there is no such subscription.
    call: json(
      'DELETE',
      () => '/api/push/subscriptions',
      (w) => ({
        endpoint: w.serverDevice.endpoint,
      }),
    ),
    expect: { ...signedIn(404), server: 204, superAdmin: 403 },
  },
  // Decision 080: A's admin manages A's boards; a board's credential reads the board's snapshot only.
  'GET /api/restaurants/:restaurantId/boards': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/boards`),
    expect: adminOfA(200),
  },
  'POST /api/restaurants/:restaurantId/boards': {
    call: json(
      'POST',
      (w) => `/api/restaurants/${R(w)}/boards`,
      () => ({ name: 'Terrace screen' }),
    ),
    expect: adminOfA(201),
  },
  'DELETE /api/boards/:boardId': {
    call: json('DELETE', (w) => `/api/boards/${w.boardId}`),
    expect: adminOfA(204),
    destructive: true,
  },
  // Public: whoever holds a fresh code of A's pairs a screen (the code is the credential), from any browser.
  'POST /api/board/pair': {
    call: async (w, cookie) => {
      const { code } = await boardCode(R(w), w.cookies.admin!);
      return request(t, 'POST', '/api/board/pair', {
        cookie,
        body: { code },
        remoteAddress: pairAddress(),
      });
    },
    expect: everyone(200),
  },
  'GET /api/board': {
    call: json('GET', () => '/api/board'),
    expect: boardOnly(200),
  },
  // Shifts and hand-overs (decisions 094–096), in this order on the one world: A's server starts, cancels their own
  // offer, declines one and accepts another (now holding the note's table), offers to a colleague on duty, and writes
  // the note; ending runs on a world of its own (start, then end, holding nothing). B's staff are told there is no
  // such restaurant, hand-over, shift or table.
  'GET /api/restaurants/:restaurantId/shift': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/shift`),
    expect: staffOfA(200),
  },
  'POST /api/restaurants/:restaurantId/shift': {
    call: json(
      'POST',
      (w) => `/api/restaurants/${R(w)}/shift`,
      () => ({ sectionIds: [] }),
    ),
    expect: serverOfA(201),
  },
  'POST /api/handovers/:handoverId/cancel': {
    call: json('POST', (w) => `/api/handovers/${w.shiftWorld.toCancel}/cancel`),
    expect: serverOfA(200),
  },
  'POST /api/handovers/:handoverId/decline': {
    call: json('POST', (w) => `/api/handovers/${w.shiftWorld.toDecline}/decline`),
    expect: serverOfA(200),
  },
  'POST /api/restaurants/:restaurantId/handovers': {
    call: json(
      'POST',
      (w) => `/api/restaurants/${R(w)}/handovers`,
      (w) => ({ toServerId: w.shiftWorld.mate.user.id }),
    ),
    expect: serverOfA(201),
  },
  'POST /api/handovers/:handoverId/accept': {
    call: json('POST', (w) => `/api/handovers/${w.shiftWorld.toAccept}/accept`),
    expect: serverOfA(200),
  },
  'PUT /api/tables/:tableId/note': {
    call: json(
      'PUT',
      (w) => `/api/tables/${w.shiftWorld.noteTable.id}/note`,
      () => ({ note: 'allergy seat 3' }),
    ),
    expect: staffOfA(200),
  },
  'POST /api/restaurants/:restaurantId/shift/end': {
    call: async (w, cookie) => {
      await request(t, 'POST', `/api/restaurants/${R(w)}/shift`, {
        cookie,
        body: { sectionIds: [] },
      });
      return request(t, 'POST', `/api/restaurants/${R(w)}/shift/end`, { cookie });
    },
    expect: serverOfA(200),
    destructive: true,
  },
  'POST /api/shifts/:shiftId/end': {
    call: json(
      'POST',
      (w) => `/api/shifts/${w.shiftWorld.leaverShiftId}/end`,
      () => ({ toServerId: null }),
    ),
    expect: adminOfA(200),
  },
  'GET /api/restaurants/:restaurantId/shifts': {
    call: json('GET', (w) => `/api/restaurants/${R(w)}/shifts`),
    expect: staffOfA(200),
  },
};
/** Routes exercised over a real socket instead (below). */
const socketRoutes = [
  'GET /api/live',
  'GET /api/public/restaurants/:restaurantId/live',
  // Its deliveries per table: src/server/live/table-live.test.ts.
  'GET /api/public/restaurants/:restaurantId/tables/:tableId/live',
  // Its deliveries and revocation: tests/integration/floor-board.test.ts.
  'GET /api/board/live',
];

let world: World;
beforeAll(async () => {
  t = await createTestApp({
    escalationSweepMs: 0,
    push: { drainIntervalMs: 0, allowEndpoint: () => true },
  });
  world = await makeWorld();
});
afterAll(() => t.close());

const isRefused = (status: number) => status >= 400;

describe('access matrix: every route × every actor on restaurant A’s real objects', () => {
  it('covers every registered route, and nothing else', () => {
    const registered = t.routes.map((r) => `${r.method} ${r.url}`).sort();
    expect([...Object.keys(matrix), ...socketRoutes].sort()).toEqual(registered);
  });

  // Every refused cell of every route, each with a before/after read of A's rows: long on a loaded machine.
  it(
    'refuses every cell it must, with the declared status, and changes nothing of A’s',
    { timeout: 90_000 },
    async () => {
      for (const [route, c] of Object.entries(matrix)) {
        for (const actor of ACTORS) {
          const expected = c.expect[actor];
          const readOnly = route.startsWith('GET ');
          if (!isRefused(expected) && !readOnly) continue;
          const before = await stateOfA(world);
          const res = await c.call(world, world.cookies[actor]);
          expect(res.statusCode, `${actor} ${route}: ${res.body.slice(0, 200)}`).toBe(expected);
          expect(await stateOfA(world), `${actor} ${route} changed A's rows`).toEqual(before);
          if (expected === 404)
            expect(res.json().error.code, `${actor} ${route}`).toMatch(/not_found$/);
        }
      }
    },
  );

  // Every allowed write of every route, several on a world of their own: long on a loaded machine.
  it(
    'lets every allowed actor through (so the refusals above are not a broken endpoint)',
    { timeout: 90_000 },
    async () => {
      for (const [route, c] of Object.entries(matrix)) {
        for (const actor of ACTORS) {
          const expected = c.expect[actor];
          if (isRefused(expected) || route.startsWith('GET ')) continue;
          // Cells that end a session or delete A's objects get a world of their own.
          const w = c.destructive ? await makeWorld() : world;
          const res = await c.call(w, w.cookies[actor]);
          expect(res.statusCode, `${actor} ${route}: ${res.body.slice(0, 200)}`).toBe(expected);
        }
      }
    },
  );

  it('shows B’s admin and server nothing of A’s in what they may read', async () => {
    const list = await request(t, 'GET', '/api/restaurants', { cookie: world.cookies.otherAdmin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(world.a.restaurant.id);
    for (const actor of ['otherAdmin', 'otherServer'] as const) {
      for (const path of ['', '/tables', '/requests']) {
        const res = await request(t, 'GET', `/api/restaurants/${world.a.restaurant.id}${path}`, {
          cookie: world.cookies[actor],
        });
        expect(res.statusCode, `${actor} ${path}`).toBe(404);
        expect(res.body).not.toContain(world.a.table.id);
        expect(res.body).not.toContain(world.requestId);
      }
    }
  });
});

interface Socket {
  ws: WebSocket;
  messages: { type: string; [k: string]: unknown }[];
  until(check: (m: Socket['messages']) => boolean): Promise<void>;
}

async function connect(base: string, cookie: string): Promise<Socket> {
  const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
    headers: { cookie, origin: base },
  });
  const messages: Socket['messages'] = [];
  ws.on('message', (data: Buffer) =>
    messages.push(JSON.parse(data.toString()) as { type: string }),
  );
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    until: async (check) => {
      const deadline = Date.now() + 5000;
      while (!check(messages)) {
        if (Date.now() > deadline) throw new Error(`not seen; got ${JSON.stringify(messages)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

describe('live channel across tenants', () => {
  it('refuses B’s admin a subscription to A, and delivers nothing of A’s to them', async () => {
    const w = await makeWorld();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const intruder = await connect(base, w.cookies.otherAdmin!);
    const owner = await connect(base, w.cookies.admin!);
    try {
      await intruder.until((m) => m.some((x) => x.type === 'hello'));
      await owner.until((m) => m.some((x) => x.type === 'hello'));
      intruder.ws.send(JSON.stringify({ type: 'subscribe', restaurantId: w.a.restaurant.id }));
      await intruder.until((m) => m.some((x) => x.type === 'error'));
      // A guest presses at A: A's admin hears it, and B's admin, delivered in the same pass, does not.
      const table = await makeTable(t, w.a.restaurant.id);
      const press = await request(
        t,
        'POST',
        `/api/public/restaurants/${w.a.restaurant.id}/tables/${table.id}/requests`,
        // An address of its own: the matrix above has spent 127.0.0.1's guest-press budget.
        { body: { type: 'order' }, remoteAddress: '203.0.113.77' },
      );
      expect(press.statusCode).toBe(201);
      await owner.until((m) => m.some((x) => x.type === 'request.created'));
      intruder.ws.send(JSON.stringify({ type: 'ping' }));
      await intruder.until((m) => m.some((x) => x.type === 'pong'));
      expect(JSON.stringify(intruder.messages)).not.toContain(w.a.restaurant.id);
      expect(intruder.messages.filter((x) => x.type.startsWith('request'))).toEqual([]);
    } finally {
      intruder.ws.close();
      owner.ws.close();
    }
  });
});
