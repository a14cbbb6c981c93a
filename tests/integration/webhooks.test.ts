/**
 * Outbound webhooks (issue 24 item 4, decision 076): a real receiver on 127.0.0.1 verifies every event's Standard
 * Webhooks signature with the standardwebhooks library; failures are retried on the schedule (the sender's tick is
 * called with the time, no real waits), the endpoint is disabled after three in a row and its owner mailed through
 * a real SMTP peer; redelivery from the log; private addresses refused at registration and at delivery.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema';
import { SmtpMailer } from '../../src/server/mail/mailer';
import { isAllowedAddress } from '../../src/server/modules/integrations/webhook-address';
import {
  RETRY_SCHEDULE_MS,
  WebhooksService,
} from '../../src/server/modules/integrations/webhooks.service';
import {
  createdWebhookResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookPayloadSchema,
} from '@shared/integrations';
import { createTestApp, PUBLIC_URL, request, type TestApp } from '../support/test-app';
import { makeFloor } from '../support/factories';
import { decodeQuotedPrintable, startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A webhook receiver: answers each path with the status set for it (default 204), and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const statusOf = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        path,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.statusCode = statusOf.get(path) ?? 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    fail: (path: string, status: number) => statusOf.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let smtp: SmtpPeer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  receiver = await startReceiver();
  t = await createTestApp({
    mailer: new SmtpMailer(smtp.url),
    webhooks: { allowLoopback: true, maxFailuresInARow: 3 },
    webhookSweepMs: 0,
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await smtp.close();
});

async function register(restaurantId: string, cookie: string, url: string, events: string[]) {
  const res = await request(t, 'POST', `/api/restaurants/${restaurantId}/webhooks`, {
    cookie,
    body: { url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return createdWebhookResponseSchema.parse(res.json());
}

async function press(restaurantId: string, tableId: string) {
  const res = await request(
    t,
    'POST',
    `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
    { body: { type: 'bill' } },
  );
  expect(res.statusCode).toBe(201);
  return res.json<{ request: { id: string } }>().request.id;
}

/** The event is queued right after its commit, in the background: wait until its rows are there. */
async function queued(endpointId: string, n: number) {
  await vi.waitFor(async () => {
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    expect(rows.length).toBeGreaterThanOrEqual(n);
  });
}

const deliveriesOf = async (endpointId: string, cookie: string) => {
  const res = await request(t, 'GET', `/api/webhooks/${endpointId}/deliveries`, { cookie });
  expect(res.statusCode).toBe(200);
  return webhookDeliveriesResponseSchema.parse(res.json()).deliveries;
};

describe('webhooks', () => {
  it('sends every event signed per Standard Webhooks, each verified by the receiver', async () => {
    const { restaurant, table, adminCookie, serverCookie } = await makeFloor(t);
    const path = `/ok-${randomUUID()}`;
    const { endpoint, secret } = await register(restaurant.id, adminCookie, receiver.url(path), [
      'request.created',
      'request.taken',
      'request.completed',
      'request.dismissed',
    ]);
    expect(secret).toMatch(/^whsec_/);
    const listed = await request(t, 'GET', `/api/restaurants/${restaurant.id}/webhooks`, {
      cookie: adminCookie,
    });
    expect(listed.body).not.toContain(secret);

    const first = await press(restaurant.id, table.id);
    await queued(endpoint.id, 1);
    expect(
      (await request(t, 'POST', `/api/requests/${first}/acknowledge`, { cookie: serverCookie }))
        .statusCode,
    ).toBe(200);
    await queued(endpoint.id, 2);
    expect(
      (await request(t, 'POST', `/api/requests/${first}/complete`, { cookie: serverCookie }))
        .statusCode,
    ).toBe(200);
    await queued(endpoint.id, 3);
    // The cool-down ends with the request (decision 057): a second press, dismissed.
    const second = await press(restaurant.id, table.id);
    await queued(endpoint.id, 4);
    expect(
      (await request(t, 'POST', `/api/requests/${second}/dismiss`, { cookie: adminCookie }))
        .statusCode,
    ).toBe(200);
    await queued(endpoint.id, 5);

    expect(await t.services.webhooks.tick()).toBe(5);
    const got = receiver.at(path);
    const wh = new Webhook(secret);
    const events = got.map((r) => {
      const verified = webhookPayloadSchema.parse(wh.verify(r.body, r.headers));
      expect(r.headers['webhook-id']).toMatch(/^msg_/);
      return [verified.type, (verified.data.request as { id: string }).id];
    });
    expect(events.sort()).toEqual(
      [
        ['request.created', first],
        ['request.taken', first],
        ['request.completed', first],
        ['request.created', second],
        ['request.dismissed', second],
      ].sort(),
    );
    // Another secret does not verify them.
    const other = new Webhook(`whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`);
    expect(() => other.verify(got[0]!.body, got[0]!.headers)).toThrow();
    const log = await deliveriesOf(endpoint.id, adminCookie);
    expect(log.map((d) => [d.status, d.attempts, d.responseCode])).toEqual(
      Array(5).fill(['delivered', 1, 204]),
    );
  });

  it('only sends the events an endpoint subscribed to', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const { endpoint } = await register(
      restaurant.id,
      adminCookie,
      receiver.url(`/done-${randomUUID()}`),
      ['request.completed'],
    );
    const id = await press(restaurant.id, table.id);
    await request(t, 'POST', `/api/requests/${id}/complete`, { cookie: adminCookie });
    await queued(endpoint.id, 1);
    const log = await deliveriesOf(endpoint.id, adminCookie);
    expect(log.map((d) => d.event)).toEqual(['request.completed']);
  });

  it('queues the events raised together in shared statements, each for the endpoints that subscribed to it', async () => {
    const one = await makeFloor(t);
    const two = await makeFloor(t);
    const created = await register(one.restaurant.id, one.adminCookie, receiver.url('/a'), [
      'request.created',
    ]);
    const both = await register(two.restaurant.id, two.adminCookie, receiver.url('/b'), [
      'request.created',
      'request.completed',
    ]);
    const event = (restaurantId: string, type: 'request.created' | 'request.completed') =>
      t.services.webhooks.enqueue(restaurantId, type, { probe: type });
    const before = { ...t.services.webhooks.eventStats };
    // In one tick: the first goes alone, the rest share the next INSERT.
    await Promise.all([
      event(one.restaurant.id, 'request.created'),
      event(one.restaurant.id, 'request.completed'),
      event(two.restaurant.id, 'request.created'),
      event(two.restaurant.id, 'request.completed'),
      event(one.restaurant.id, 'request.created'),
    ]);
    expect(t.services.webhooks.eventStats.items - before.items).toBe(5);
    expect(t.services.webhooks.eventStats.statements - before.statements).toBe(2);
    expect((await deliveriesOf(created.endpoint.id, one.adminCookie)).map((d) => d.event)).toEqual([
      'request.created',
      'request.created',
    ]);
    expect(
      (await deliveriesOf(both.endpoint.id, two.adminCookie)).map((d) => d.event).sort(),
    ).toEqual(['request.completed', 'request.created']);
  });

  it("sends a guest's rating of a bill as rating.received, once, signed", async () => {
    const { restaurant, table, adminCookie, serverCookie } = await makeFloor(t);
    const path = `/rating-${randomUUID()}`;
    const { endpoint, secret } = await register(restaurant.id, adminCookie, receiver.url(path), [
      'rating.received',
    ]);
    const key = randomUUID();
    const guest = `/api/public/restaurants/${restaurant.id}/tables/${table.id}`;
    const pressed = await request(t, 'POST', `${guest}/requests`, {
      body: { type: 'bill' },
      headers: { 'idempotency-key': key },
    });
    expect(pressed.statusCode, pressed.body).toBe(201);
    const id = pressed.json<{ request: { id: string } }>().request.id;
    const done = await request(t, 'POST', `/api/requests/${id}/complete`, { cookie: serverCookie });
    expect(done.statusCode, done.body).toBe(200);
    for (let i = 0; i < 2; i++) {
      // The second is the guest page's retry of the same answer: not a new rating.
      const rated = await request(t, 'POST', `${guest}/requests/${id}/rating`, {
        body: { pressKey: key, stars: 4, comment: 'Quick and friendly' },
      });
      expect(rated.statusCode, rated.body).toBe(200);
    }
    await queued(endpoint.id, 1);
    await t.services.webhooks.tick();
    const [got, ...more] = receiver.at(path);
    expect(more).toEqual([]);
    const payload = webhookPayloadSchema.parse(new Webhook(secret).verify(got!.body, got!.headers));
    expect(payload.type).toBe('rating.received');
    expect(payload.data).toEqual({
      rating: {
        requestId: id,
        tableId: table.id,
        stars: 4,
        comment: 'Quick and friendly',
        ratedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });
    expect((await deliveriesOf(endpoint.id, adminCookie)).map((d) => d.event)).toEqual([
      'rating.received',
    ]);
  });

  it('retries a failing receiver on schedule, disables the endpoint after three failures and mails the owner; redelivery works', async () => {
    const { restaurant, table, admin, adminCookie } = await makeFloor(t);
    const path = `/fail-${randomUUID()}`;
    receiver.fail(path, 500);
    const { endpoint, secret } = await register(restaurant.id, adminCookie, receiver.url(path), [
      'request.created',
    ]);
    // Only this endpoint's deliveries are due in this test: the other tests' endpoints are switched off.
    await t.database.db
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(ne(webhookEndpoints.id, endpoint.id));
    await press(restaurant.id, table.id);
    await queued(endpoint.id, 1);

    const t1 = Date.now();
    expect(await t.services.webhooks.tick(t1)).toBe(1);
    expect(receiver.at(path)).toHaveLength(1);
    const [afterFirst] = await deliveriesOf(endpoint.id, adminCookie);
    expect(afterFirst).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseCode: 500,
      nextAttemptAt: t1 + RETRY_SCHEDULE_MS[0]!,
    });
    // Not before its time …
    expect(await t.services.webhooks.tick(t1 + 9_999)).toBe(0);
    // … then 10 s later, and 1 min after that.
    expect(await t.services.webhooks.tick(t1 + 10_000)).toBe(1);
    expect(await t.services.webhooks.tick(t1 + 10_000 + 59_999)).toBe(0);
    expect(await t.services.webhooks.tick(t1 + 70_000)).toBe(1);
    expect(receiver.at(path)).toHaveLength(3);

    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, failuresInARow: 3, disabledAt: t1 + 70_000 });
    await vi.waitFor(() => expect(smtp.to(admin.email)).toHaveLength(1));
    const mail = decodeQuotedPrintable(smtp.to(admin.email)[0]!.raw);
    expect(mail).toContain('Webhook disabled');
    expect(mail).toContain(receiver.url(path));
    // A disabled endpoint gets nothing more, whatever the time.
    expect(await t.services.webhooks.tick(t1 + 24 * 3_600_000)).toBe(0);
    expect(receiver.at(path)).toHaveLength(3);

    // The owner fixes the receiver, enables the endpoint, and redelivers from the log.
    receiver.fail(path, 200);
    const enabled = await request(t, 'PATCH', `/api/webhooks/${endpoint.id}`, {
      cookie: adminCookie,
      body: { enabled: true },
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().endpoint).toMatchObject({ enabled: true, failuresInARow: 0 });
    const [delivery] = await deliveriesOf(endpoint.id, adminCookie);
    const redeliver = await request(
      t,
      'POST',
      `/api/webhook-deliveries/${delivery!.id}/redeliver`,
      {
        cookie: adminCookie,
      },
    );
    expect(redeliver.statusCode, redeliver.body).toBe(200);
    expect(await t.services.webhooks.tick()).toBe(1);
    const all = receiver.at(path);
    expect(all).toHaveLength(4);
    // The same message each time: one id, one body, each signed.
    expect(new Set(all.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(all.map((r) => r.body)).size).toBe(1);
    new Webhook(secret).verify(all[3]!.body, all[3]!.headers);
    const [done] = await deliveriesOf(endpoint.id, adminCookie);
    expect(done).toMatchObject({ status: 'delivered', responseCode: 200, nextAttemptAt: null });
  });

  it('refuses private, link-local and plain-HTTP public addresses at registration', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    for (const url of [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://192.168.1.20/hook',
      'https://[fd00::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'http://93.184.215.14/hook',
      'https://user:pass@93.184.215.14/hook',
    ]) {
      const res = await request(t, 'POST', `/api/restaurants/${restaurant.id}/webhooks`, {
        cookie: adminCookie,
        body: { url, events: ['request.created'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('webhook_url_refused');
    }
    // Loopback without the test/development flag: refused too.
    const strict = new WebhooksService(t.database.db, t.services.mailer, t.app.log, PUBLIC_URL, {});
    const owner = {
      id: (await ownerOf(restaurant.id))!,
      role: 'admin' as const,
      name: 'x',
      restaurantId: null,
    };
    for (const url of ['https://[::1]/hook', 'http://127.0.0.1:9/hook', 'https://localhost/hook'])
      await expect(
        strict.create(owner, restaurant.id, { url, events: ['request.created'] }),
        url,
      ).rejects.toMatchObject({ code: 'webhook_url_refused' });
  });

  it('refuses a private or loopback address at delivery, without connecting', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const path = `/never-${randomUUID()}`;
    // As if DNS had pointed the host at these after registration: the rows are written directly.
    const ids = [receiver.url(path), 'https://10.0.0.1/hook', 'https://169.254.169.254/'].map(() =>
      randomUUID(),
    );
    const urls = [receiver.url(path), 'https://10.0.0.1/hook', 'https://169.254.169.254/'];
    await t.database.db.insert(webhookEndpoints).values(
      urls.map((url, i) => ({
        id: ids[i]!,
        restaurantId: restaurant.id,
        url,
        events: ['request.created'],
        secret: `whsec_${Buffer.from('k'.repeat(24)).toString('base64')}`,
        createdAt: Date.now(),
      })),
    );
    await press(restaurant.id, table.id);
    for (const id of ids) await queued(id, 1);
    const strict = new WebhooksService(t.database.db, t.services.mailer, t.app.log, PUBLIC_URL, {});
    expect(await strict.tick()).toBe(3);
    expect(receiver.at(path)).toHaveLength(0);
    for (const id of ids) {
      const [d] = await deliveriesOf(id, adminCookie);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, responseCode: null });
      expect(d!.lastError).toMatch(/^refused: /);
    }
  });

  it('keeps owners apart: another owner can neither see, change nor redeliver', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const { endpoint } = await register(a.restaurant.id, a.adminCookie, receiver.url('/a'), [
      'request.created',
    ]);
    await press(a.restaurant.id, a.table.id);
    await queued(endpoint.id, 1);
    const [delivery] = await deliveriesOf(endpoint.id, a.adminCookie);
    for (const [method, url, body] of [
      ['GET', `/api/restaurants/${a.restaurant.id}/webhooks`, undefined],
      [
        'POST',
        `/api/restaurants/${a.restaurant.id}/webhooks`,
        { url: receiver.url('/b'), events: ['request.created'] },
      ],
      ['PATCH', `/api/webhooks/${endpoint.id}`, { enabled: false }],
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`, undefined],
      ['POST', `/api/webhook-deliveries/${delivery!.id}/redeliver`, {}],
      ['DELETE', `/api/webhooks/${endpoint.id}`, undefined],
    ] as const) {
      const res = await request(t, method, url, { cookie: b.adminCookie, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      // A server of A's own restaurant is not its owner: refused by role.
      const server = await request(t, method, url, { cookie: a.serverCookie, body });
      expect(server.statusCode, `server ${method} ${url}`).toBe(403);
    }
    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.enabled).toBe(true);
  });
});

describe('webhook address rule', () => {
  it('allows public unicast addresses only (loopback with the flag)', () => {
    for (const a of ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '8.8.8.8'])
      expect(isAllowedAddress(a, false), a).toBe(true);
    for (const a of [
      '10.0.0.1',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '127.0.0.1',
      '::1',
      '0.0.0.0',
      '100.64.0.1',
      'fe80::1',
      'fd12::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      '255.255.255.255',
    ])
      expect(isAllowedAddress(a, false), a).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
  });
});

async function ownerOf(restaurantId: string) {
  const { restaurants } = await import('../../src/server/db/schema');
  const [row] = await t.database.db
    .select({ ownerId: restaurants.ownerId })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row?.ownerId;
}
