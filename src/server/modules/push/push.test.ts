/**
 * Web Push over the real protocol (issue 5): subscriptions per device, VAPID keys shared by every instance, and a
 * guest's press pushed — encrypted (aes128gcm), urgent, short-lived — to a local HTTPS push service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { pushOutbox, pushSubscriptions, requests } from '../../db/schema';
import { claimOverdueRequests } from '../escalation/escalation.repo';
import { buildApp } from '../../app';
import { MSG } from '@shared/messages';
import {
  createTestApp,
  PUBLIC_URL,
  request,
  type TestApp,
} from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeServer,
  makeSuperAdmin,
  makeTable,
  signInPassword,
  signInServer,
} from '../../../../tests/support/factories';
import {
  startPushService,
  verifyVapid,
  type FakeDevice,
  type LocalPushService,
} from '../../../../tests/support/push-service';
import { PUSH_TTL_SECONDS } from './push-sender';
import { isKnownPushService } from './push-subscriptions';

let t: TestApp;
let pushService: LocalPushService;

beforeAll(async () => {
  pushService = await startPushService();
  t = await createTestApp({
    escalationSweepMs: 0,
    push: {
      // Only drained right after an event, so a test decides when a 'restart' drains; quick retries.
      drainIntervalMs: 0,
      retryBaseMs: 50,
      maxAttempts: 3,
      agent: pushService.agent,
      // The real push services, plus the local one of this test.
      allowEndpoint: (url) => url.origin === pushService.origin || isKnownPushService(url),
    },
  });
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

const subscribe = (cookie: string, device: FakeDevice) =>
  request(t, 'POST', '/api/push/subscriptions', { cookie, body: device.subscription });
const unsubscribe = (cookie: string, endpoint: string) =>
  request(t, 'DELETE', '/api/push/subscriptions', { cookie, body: { endpoint } });
const press = (restaurantId: string, tableId: string, type: string) =>
  request(t, 'POST', `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`, {
    body: { type },
  });
const rowsOf = (endpoint: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('VAPID public key', () => {
  it('is given to staff, and is the same on every instance of one database', async () => {
    const { serverCookie, adminCookie } = await makeFloor(t);
    const res = await request(t, 'GET', '/api/push/public-key', { cookie: serverCookie });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json();
    // An uncompressed P-256 point.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(
      (await request(t, 'GET', '/api/push/public-key', { cookie: adminCookie })).json().publicKey,
    ).toBe(publicKey);

    // Two more instances starting at once on the same database agree with the first.
    const others = await Promise.all([
      buildApp({ database: t.database, publicUrl: PUBLIC_URL, escalationSweepMs: 0 }),
      buildApp({ database: t.database, publicUrl: PUBLIC_URL, escalationSweepMs: 0 }),
    ]);
    try {
      for (const other of others) expect(await other.services.push.publicKey()).toBe(publicKey);
    } finally {
      await Promise.all(others.map((o) => o.app.close()));
    }
  });

  it('is refused to a guest (401) and a super admin (403)', async () => {
    expect((await request(t, 'GET', '/api/push/public-key')).statusCode).toBe(401);
    const superAdmin = await makeSuperAdmin(t);
    const cookie = await signInPassword(t, superAdmin);
    expect((await request(t, 'GET', '/api/push/public-key', { cookie })).statusCode).toBe(403);
    expect((await subscribe(cookie, pushService.device())).statusCode).toBe(403);
  });

  it('comes from the environment when both keys are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const other = await buildApp({
      database: t.database,
      publicUrl: PUBLIC_URL,
      escalationSweepMs: 0,
      push: keys,
    });
    try {
      expect(await other.services.push.publicKey()).toBe(keys.publicKey);
    } finally {
      await other.app.close();
    }
    await expect(
      buildApp({
        database: t.database,
        publicUrl: PUBLIC_URL,
        escalationSweepMs: 0,
        push: {
          publicKey: 'not-a-key-not-a-key-not-a-key',
          privateKey: 'nope-nope-nope-nope-nope',
        },
      }),
    ).rejects.toThrow();
  });
});

describe('subscriptions per device', () => {
  it('stores a device for a server, refuses bad endpoints and keys with 400', async () => {
    const { serverCookie, server } = await makeFloor(t);
    const device = pushService.device();
    const res = await subscribe(serverCookie, device);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ subscribed: true });
    const [row] = await rowsOf(device.subscription.endpoint);
    expect(row).toMatchObject({ userId: server.user.id, p256dh: device.subscription.keys.p256dh });

    const bad = async (body: unknown, message?: string) => {
      const r = await request(t, 'POST', '/api/push/subscriptions', { cookie: serverCookie, body });
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (message) expect(r.json().error.message).toBe(message);
    };
    const { keys } = device.subscription;
    await bad({ endpoint: 'http://127.0.0.1/push/x', keys }, MSG.pushEndpointInvalid);
    await bad(
      { endpoint: `${pushService.origin}/push/${'x'.repeat(2100)}`, keys },
      MSG.pushEndpointInvalid,
    );
    await bad({ endpoint: 'https://evil.example/collect', keys }, MSG.pushServiceNotAllowed);
    await bad({ endpoint: `${pushService.origin}/push/y`, keys, expirationTime: null });
    await bad({ endpoint: `${pushService.origin}/push/y`, keys: { ...keys, auth: 'AAAA' } });
    await bad({
      endpoint: `${pushService.origin}/push/y`,
      keys: { ...keys, p256dh: 'A'.repeat(87) },
    });
    await bad({ endpoint: `${pushService.origin}/push/y` });
  });

  it('keeps one row per endpoint: a device re-registered by another user moves to them', async () => {
    const { restaurant, serverCookie } = await makeFloor(t);
    const colleague = await makeServer(t, restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const device = pushService.device();
    expect((await subscribe(serverCookie, device)).statusCode).toBe(201);
    expect((await subscribe(colleagueCookie, device)).statusCode).toBe(201);
    const rows = await rowsOf(device.subscription.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(colleague.user.id);
    // Only one's own device can be removed.
    expect((await unsubscribe(serverCookie, device.subscription.endpoint)).statusCode).toBe(404);
    expect(await rowsOf(device.subscription.endpoint)).toHaveLength(1);
    expect((await unsubscribe(colleagueCookie, device.subscription.endpoint)).statusCode).toBe(204);
    expect(await rowsOf(device.subscription.endpoint)).toHaveLength(0);
    expect((await unsubscribe(colleagueCookie, device.subscription.endpoint)).statusCode).toBe(404);
  });

  it('lets an admin register a device too', async () => {
    const { adminCookie } = await makeFloor(t);
    expect((await subscribe(adminCookie, pushService.device())).statusCode).toBe(201);
  });
});

describe('a new request is pushed', () => {
  it('to every device of the table’s server: decrypted title, body and tag; urgent, short TTL, VAPID', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const colleague = await makeServer(t, restaurant.id);
    const colleagueDevice = pushService.device();
    expect((await subscribe(await signInServer(t, colleague), colleagueDevice)).statusCode).toBe(
      201,
    );
    const phone = pushService.device();
    const tablet = pushService.device();
    expect((await subscribe(serverCookie, phone)).statusCode).toBe(201);
    expect((await subscribe(serverCookie, tablet)).statusCode).toBe(201);
    await request(t, 'POST', `/api/tables/${table.id}/assign`, { cookie: serverCookie });

    const res = await press(restaurant.id, table.id, 'refill');
    expect(res.statusCode).toBe(201);
    const requestId = res.json().request.id;

    const publicKey = (
      await request(t, 'GET', '/api/push/public-key', { cookie: serverCookie })
    ).json().publicKey;
    for (const device of [phone, tablet]) {
      const [push] = await pushService.waitFor(device);
      expect(device.decrypt(push!.body)).toEqual({
        title: 'New Request from Table 3',
        body: 'Drink Refill Requested',
        // One notification per table (decision 090), with the call's actions.
        tag: `table:${table.id}`,
        url: '/server/requests',
        requestId,
        kind: 'alert',
        actions: [
          { action: 'take', title: 'On my way' },
          { action: 'done', title: 'Done' },
        ],
        failedTitle: 'Could not update Table 3',
        // The follow-up's texts, in the recipient's language: the worker has no catalogue (decision 090).
        refusals: {
          takenBy: '{name} is already on it.',
          takenBySomeone: 'Someone else is already on it.',
          completed: 'This request was already completed.',
          dismissed: 'This request was dismissed.',
          cancelled: 'The guest cancelled this request.',
          signedOut: 'You are signed out on this phone. Open the app to sign in.',
          offline: 'No connection. Open the app to try again.',
          unanswered: 'The service did not answer. Open the app to try again.',
        },
      });
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(push!.headers.urgency).toBe('high');
      expect(push!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
      expect(push!.headers.topic).toBe(table.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 32));
      expect(verifyVapid(String(push!.headers.authorization), pushService.origin)).toBe(publicKey);
    }
    await t.services.push.whenIdle();
    // The colleague's table is not theirs: no push.
    expect(pushService.pushesTo(colleagueDevice)).toHaveLength(0);
    expect((await rowsOf(phone.subscription.endpoint))[0]!.lastSuccessAt).not.toBeNull();
  });

  it('to every server of the restaurant when the table has none, and not to the admin', async () => {
    const { restaurant, table, serverCookie, adminCookie } = await makeFloor(t);
    const colleague = await makeServer(t, restaurant.id);
    const mine = pushService.device();
    const theirs = pushService.device();
    const admins = pushService.device();
    await subscribe(serverCookie, mine);
    await subscribe(await signInServer(t, colleague), theirs);
    await subscribe(adminCookie, admins);
    const other = await makeFloor(t);
    const elsewhere = pushService.device();
    await subscribe(other.serverCookie, elsewhere);

    expect((await press(restaurant.id, table.id, 'bill')).statusCode).toBe(201);
    for (const device of [mine, theirs]) {
      const [push] = await pushService.waitFor(device);
      expect(device.decrypt(push!.body)).toMatchObject({
        title: 'New Request from Table 3',
        body: 'Bill Payment Requested',
      });
    }
    await t.services.push.whenIdle();
    expect(pushService.pushesTo(admins)).toHaveLength(0);
    expect(pushService.pushesTo(elsewhere)).toHaveLength(0);
  });

  it('never delays the guest’s answer, even when the push service is slow', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const device = pushService.device();
    await subscribe(serverCookie, device);
    pushService.setDelay(1500);
    try {
      const started = Date.now();
      expect((await press(restaurant.id, table.id, 'server')).statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(1000);
      await pushService.waitFor(device);
      await t.services.push.whenIdle();
    } finally {
      pushService.setDelay(0);
    }
  });

  it('deletes a subscription the push service answers 410 or 404, and keeps one it answers 500', async () => {
    const { restaurant, serverCookie } = await makeFloor(t);
    const gone = pushService.device();
    const unknown = pushService.device();
    const flaky = pushService.device();
    for (const d of [gone, unknown, flaky]) await subscribe(serverCookie, d);
    pushService.respondWith(gone, 410);
    pushService.respondWith(unknown, 404);
    pushService.respondWith(flaky, 500);

    const table = await makeTable(t, restaurant.id);
    expect((await press(restaurant.id, table.id, 'order')).statusCode).toBe(201);
    for (const d of [gone, unknown, flaky]) await pushService.waitFor(d);
    await t.services.push.whenIdle();
    expect(await rowsOf(gone.subscription.endpoint)).toHaveLength(0);
    expect(await rowsOf(unknown.subscription.endpoint)).toHaveLength(0);
    expect(await rowsOf(flaky.subscription.endpoint)).toHaveLength(1);

    // The next request reaches only the device that is still registered.
    const next = await makeTable(t, restaurant.id);
    expect((await press(restaurant.id, next.id, 'order')).statusCode).toBe(201);
    await pushService.waitFor(flaky, 2);
    await t.services.push.whenIdle();
    expect(pushService.pushesTo(gone)).toHaveLength(1);
    expect(pushService.pushesTo(unknown)).toHaveLength(1);
  });

  it('does not reach a device whose user signed out', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const device = pushService.device();
    await subscribe(serverCookie, device);
    expect(
      (await request(t, 'POST', '/api/auth/logout', { cookie: serverCookie })).statusCode,
    ).toBe(204);
    expect((await press(restaurant.id, table.id, 'order')).statusCode).toBe(201);
    await t.services.push.whenIdle();
    expect(pushService.pushesTo(device)).toHaveLength(0);
  });
});

describe('durable outbox (docs/decisions/013)', () => {
  const outboxOf = (requestId: string) =>
    t.database.db.select().from(pushOutbox).where(eq(pushOutbox.requestId, requestId));
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const pressed = async (restaurantId: string, tableId: string, type = 'order') => {
    const res = await press(restaurantId, tableId, type);
    expect(res.statusCode).toBe(201);
    return res.json().request.id as string;
  };

  it('retries a push the push service answered 500, and delivers it when it accepts', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const device = pushService.device();
    await subscribe(serverCookie, device);
    pushService.respondNext(device, [500, 500]);

    const requestId = await pressed(restaurant.id, table.id, 'bill');
    const pushes = await pushService.waitFor(device, 3);
    expect(pushes.map((p) => p.status)).toEqual([500, 500, 201]);
    expect(device.decrypt(pushes[2]!.body)).toMatchObject({
      title: 'New Request from Table 3',
      requestId,
    });
    await until(async () => (await outboxOf(requestId)).length === 0);
    await t.services.push.whenIdle();
    expect(pushService.pushesTo(device)).toHaveLength(3);
  });

  it('retries only the devices that failed, and gives up after the bounded attempts', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const fine = pushService.device();
    const broken = pushService.device();
    await subscribe(serverCookie, fine);
    await subscribe(serverCookie, broken);
    pushService.respondWith(broken, 503);
    try {
      // This app's sender gives up after 3 attempts (beforeAll).
      const requestId = await pressed(restaurant.id, table.id);
      await until(async () => (await outboxOf(requestId)).length === 0);
      await t.services.push.whenIdle();
      expect(pushService.pushesTo(broken)).toHaveLength(3);
      expect(pushService.pushesTo(fine)).toHaveLength(1);
      // A 5xx is not a reason to forget the device.
      expect(await rowsOf(broken.subscription.endpoint)).toHaveLength(1);
    } finally {
      pushService.respondWith(broken, 201);
    }
  });

  it('delivers an escalation claimed by an instance that died before sending, after the restart', async () => {
    const { restaurant, table, serverCookie, adminCookie } = await makeFloor(t);
    const serverPhone = pushService.device();
    const adminPhone = pushService.device();
    await subscribe(serverCookie, serverPhone);
    await subscribe(adminCookie, adminPhone);
    const requestId = await pressed(restaurant.id, table.id, 'refill');
    await pushService.waitFor(serverPhone, 1);
    await t.services.push.whenIdle();

    // The dying instance's sweep: its claim commits (escalated_at set, push queued) and nothing is sent.
    const [row] = await t.database.db.select().from(requests).where(eq(requests.id, requestId));
    const late = row!.createdAt + 3 * 60_000;
    expect(await claimOverdueRequests(t.database.db, late, Date.now())).toContain(requestId);
    expect(await outboxOf(requestId)).toEqual([expect.objectContaining({ kind: 'overdue' })]);
    expect(pushService.pushesTo(adminPhone)).toHaveLength(0);

    // The restarted instance sends it.
    const restarted = await buildApp({
      database: t.database,
      publicUrl: PUBLIC_URL,
      escalationSweepMs: 0,
      push: { drainIntervalMs: 0, agent: pushService.agent, allowEndpoint: () => true },
    });
    try {
      const [adminPush] = await pushService.waitFor(adminPhone, 1);
      const serverPushes = await pushService.waitFor(serverPhone, 2);
      await restarted.services.push.whenIdle();
      expect(adminPhone.decrypt(adminPush!.body)).toMatchObject({
        title: 'Still waiting: Table 3',
        requestId,
        url: '/admin/dashboard',
      });
      expect(serverPhone.decrypt(serverPushes[1]!.body)).toMatchObject({
        title: 'Still waiting: Table 3',
        url: '/server/requests',
      });
      // Sent by whichever instance's drain took the row first; it is deleted once the push service answered.
      await until(async () => (await outboxOf(requestId)).length === 0);
      // Claimed once: the sweep of the restarted instance finds nothing more to escalate.
      expect(await restarted.services.escalation.sweep(late + 60_000)).toEqual([]);
      await restarted.services.push.whenIdle();
      expect(pushService.pushesTo(adminPhone)).toHaveLength(1);
    } finally {
      await restarted.app.close();
    }
  });

  it('drops a queued push for a request that was completed meanwhile', async () => {
    const { restaurant, table, serverCookie } = await makeFloor(t);
    const device = pushService.device();
    await subscribe(serverCookie, device);
    const requestId = await pressed(restaurant.id, table.id);
    await pushService.waitFor(device, 1);
    await t.services.push.whenIdle();
    const [row] = await t.database.db.select().from(requests).where(eq(requests.id, requestId));
    expect(
      await claimOverdueRequests(t.database.db, row!.createdAt + 3 * 60_000, Date.now()),
    ).toContain(requestId);
    const done = await request(t, 'POST', `/api/requests/${requestId}/complete`, {
      cookie: serverCookie,
    });
    expect(done.statusCode).toBe(200);
    t.services.push.kick();
    await pushService.waitFor(device, 2);
    await t.services.push.whenIdle();
    expect(await outboxOf(requestId)).toEqual([]);
    // The escalation was dropped; what came is the quiet replacement of the table's alert (decision 090).
    expect(pushService.pushesTo(device)).toHaveLength(2);
    expect(device.decrypt(pushService.pushesTo(device)[1]!.body)).toMatchObject({
      kind: 'closed',
      title: 'Table 3: handled',
    });
  });

  it('is not written for a restaurant without any device', async () => {
    const { restaurant, table } = await makeFloor(t);
    const requestId = await pressed(restaurant.id, table.id);
    expect(await outboxOf(requestId)).toEqual([]);
  });
});

describe("in the recipient's language (issue 15)", () => {
  it('a Spanish server gets the new request and its escalation in Spanish, the German owner in German', async () => {
    const { restaurant, table, serverCookie, adminCookie } = await makeFloor(t);
    const setLanguage = (cookie: string, language: string | null) =>
      request(t, 'PUT', '/api/account/language', { cookie, body: { language } });
    const spanish = await setLanguage(serverCookie, 'es');
    expect(spanish.statusCode).toBe(200);
    expect(spanish.json().user.language).toBe('es');
    expect((await setLanguage(adminCookie, 'de')).statusCode).toBe(200);
    expect((await setLanguage(adminCookie, 'xx')).statusCode).toBe(400);
    const serverPhone = pushService.device();
    const adminPhone = pushService.device();
    await subscribe(serverCookie, serverPhone);
    await subscribe(adminCookie, adminPhone);

    const res = await press(restaurant.id, table.id, 'bill');
    expect(res.statusCode).toBe(201);
    const requestId = res.json().request.id as string;
    const [first] = await pushService.waitFor(serverPhone, 1);
    expect(serverPhone.decrypt(first!.body)).toMatchObject({
      title: 'Nuevo aviso: Mesa 3',
      body: 'Piden la cuenta',
      tag: `table:${table.id}`,
      url: '/server/requests',
      // The actions are the server's language too (decision 090).
      actions: [
        { action: 'take', title: 'Voy para allá' },
        { action: 'done', title: 'Hecho' },
      ],
    });
    await t.services.push.whenIdle();

    // The escalation alert (issue 5): the restaurant's minutes have passed.
    const [row] = await t.database.db.select().from(requests).where(eq(requests.id, requestId));
    expect(
      await claimOverdueRequests(t.database.db, row!.createdAt + 3 * 60_000, Date.now()),
    ).toContain(requestId);
    t.services.push.kick();
    const serverPushes = await pushService.waitFor(serverPhone, 2);
    const [adminPush] = await pushService.waitFor(adminPhone, 1);
    expect(serverPhone.decrypt(serverPushes[1]!.body)).toMatchObject({
      title: 'Sigue esperando: Mesa 3',
      body: 'Piden la cuenta: pendiente desde hace más de 3 min',
    });
    expect(adminPhone.decrypt(adminPush!.body)).toMatchObject({
      title: 'Wartet noch: Tisch 3',
      body: 'Rechnung gewünscht – seit über 3 Min. offen',
    });
    await t.services.push.whenIdle();

    // Back to the browser's language (null): English, the SPEC's texts.
    expect((await setLanguage(serverCookie, null)).json().user.language).toBeNull();
  });
});
