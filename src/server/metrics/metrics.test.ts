/**
 * Metrics (issue 16, docs/decisions/021): /metrics is never public by default — a bearer token on the app's port,
 * or a listener of its own on 127.0.0.1 — and it carries every named metric, moved by what the app really does
 * (a guest press, a refusal, a socket, a sign-in throttle, an escalation, a push), with no id in any label.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { EnvError, loadEnv } from '../env';
import { GUEST_PRESS_ROUTE } from '../modules/guest/guest.routes';
import { routeLabel } from './metrics.routes';
import { createTestApp, PUBLIC_URL, request, type TestApp } from '../../../tests/support/test-app';
import { backend, createTestDatabase } from '../../../tests/support/test-db';
import { makeFloor, makeServer, makeTable } from '../../../tests/support/factories';
import { startPushService, type LocalPushService } from '../../../tests/support/push-service';

const TOKEN = 'metrics-token-0123456789abcdef';
const MINUTE = 60_000;

/** Every metric the app itself defines (the process's own come from prom-client's defaults). */
const APP_METRICS = [
  'table_service_presses_accepted_total',
  'table_service_presses_refused_total',
  'table_service_press_to_commit_seconds',
  'table_service_commit_to_delivery_seconds',
  'table_service_live_sockets',
  'table_service_live_bus_reconnects_total',
  'table_service_push_outbox_depth',
  'table_service_push_deliveries_total',
  'table_service_escalations_total',
  'table_service_sign_in_throttled_total',
  'table_service_http_requests_total',
  'table_service_http_request_duration_seconds',
];
const PROCESS_METRICS = [
  'process_cpu_user_seconds_total',
  'process_resident_memory_bytes',
  'process_start_time_seconds',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
  'nodejs_gc_duration_seconds',
];

/** The value of one series in a scrape (`name` or `name{label="value",…}`), or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('route label', () => {
  it('is the route pattern, one label for the built files, or unmatched — never a URL', () => {
    expect(routeLabel(GUEST_PRESS_ROUTE)).toBe(GUEST_PRESS_ROUTE);
    expect(routeLabel('/api/live')).toBe('/api/live');
    expect(routeLabel('/metrics')).toBe('/metrics');
    // The client shell's catch-all (client routes, server-rendered guest pages).
    expect(routeLabel('/*')).toBe('/*');
    for (const file of ['/assets/index-3f9a1c.js', '/sw.js', '/icons/icon-192.png'])
      expect(routeLabel(file)).toBe('static');
    expect(routeLabel(undefined)).toBe('unmatched');
  });
});

describe('exposure', () => {
  it('is not served at all without METRICS_TOKEN or METRICS_PORT: /metrics is an unknown path', async () => {
    const t = await createTestApp();
    try {
      expect(t.metricsUrl).toBeNull();
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual((await t.app.inject({ url: '/no-such-path' })).json());
      }
    } finally {
      await t.close();
    }
  });

  it('with METRICS_TOKEN: 401 without the right bearer token, the metrics with it', async () => {
    const t = await createTestApp({ metricsToken: TOKEN });
    try {
      const get = (authorization?: string) =>
        t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
      for (const wrong of [
        undefined,
        'Bearer',
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(0, -1)}`,
        `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
        TOKEN,
      ]) {
        const res = await get(wrong);
        expect(res.statusCode, String(wrong)).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer');
        expect(res.body).not.toContain('table_service_');
      }
      const ok = await get(`Bearer ${TOKEN}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.body).toContain('table_service_presses_accepted_total 0');
      expect(t.metricsUrl).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('with METRICS_PORT: served on 127.0.0.1 without a token, and not on the app port', async () => {
    const t = await createTestApp({ metricsPort: 0 });
    const url = t.metricsUrl!;
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).toContain('table_service_presses_accepted_total 0');
      expect((await fetch(url.replace('/metrics', '/'))).status).toBe(404);
      expect((await fetch(url.replace('/metrics', '/api/health'))).status).toBe(404);
      // The app's own port: no /metrics route at all.
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
    } finally {
      await t.close();
    }
    // Closed with the app.
    await expect(fetch(url)).rejects.toThrow();
  });

  it('a METRICS_PORT already taken stops the start with one line', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const database = await createTestDatabase();
    try {
      await expect(
        buildApp({ database, publicUrl: PUBLIC_URL, metricsPort: port, escalationSweepMs: 0 }),
      ).rejects.toThrow(
        new RegExp(`^METRICS_PORT: cannot listen on 127\\.0\\.0\\.1:${port} \\(EADDRINUSE\\)$`),
      );
    } finally {
      taken.close();
      await database.close();
    }
  });

  it('METRICS_TOKEN and METRICS_PORT are checked at start, one line each', () => {
    expect(loadEnv({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' })).toMatchObject({
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: 9464,
    });
    const unset = loadEnv({});
    expect(unset.METRICS_TOKEN).toBeUndefined();
    expect(unset.METRICS_PORT).toBeUndefined();
    const error = (source: Record<string, string>) => {
      try {
        loadEnv(source);
      } catch (err) {
        expect(err).toBeInstanceOf(EnvError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(error({ METRICS_TOKEN: 'short' })).toMatch(
      /^Invalid environment variable METRICS_TOKEN: [^\n]+$/,
    );
    expect(error({ METRICS_TOKEN: 'a token with spaces in it' })).toMatch(
      /^Invalid environment variable METRICS_TOKEN: [^\n]+$/,
    );
    for (const port of ['abc', '0', '70000'])
      expect(error({ METRICS_PORT: port })).toMatch(
        /^Invalid environment variable METRICS_PORT: [^\n]+$/,
      );
    expect(error({ PORT: '4000', METRICS_PORT: '4000' })).toMatch(
      /^Invalid environment variable METRICS_PORT: [^\n]+$/,
    );
  });
});

describe('what the metrics count', () => {
  let t: TestApp;
  let pushService: LocalPushService;
  /** The app's clock: real time, or held still while a test needs it. */
  let frozenAt: number | null = null;

  beforeAll(async () => {
    pushService = await startPushService();
    t = await createTestApp({
      metricsToken: TOKEN,
      escalationSweepMs: 0,
      clock: () => frozenAt ?? Date.now(),
      push: {
        agent: pushService.agent,
        allowEndpoint: (url: URL) => url.origin === pushService.origin,
        // A retried push stays in the outbox for the whole test (its depth is measured).
        retryBaseMs: 10 * MINUTE,
        drainIntervalMs: 0,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const value = async (series: string) => sample(await scrape(), series) ?? 0;
  const press = (restaurantId: string, tableId: string, body: unknown = { type: 'order' }) =>
    request(t, 'POST', `/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`, {
      body,
    });
  const refused = (reason: string) => `table_service_presses_refused_total{reason="${reason}"}`;

  it('carries every named metric and the default process metrics, each with help and type', async () => {
    const text = await scrape();
    for (const name of [...APP_METRICS, ...PROCESS_METRICS]) {
      expect(text, name).toMatch(new RegExp(`^# HELP ${name} \\S`, 'm'));
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    // Labelled series are there from the start, at 0 (so rates work from the first scrape).
    for (const reason of ['cooldown', 'table_not_found', 'rate_limited', 'invalid', 'error'])
      expect(sample(text, refused(reason))).toBe(0);
    for (const outcome of ['sent', 'retried', 'gone', 'gave_up'])
      expect(sample(text, `table_service_push_deliveries_total{outcome="${outcome}"}`)).toBe(0);
    for (const reason of ['throttled', 'locked'])
      expect(sample(text, `table_service_sign_in_throttled_total{reason="${reason}"}`)).toBe(0);
    for (const kind of ['staff', 'guest'])
      expect(sample(text, `table_service_live_sockets{kind="${kind}"}`)).toBe(0);
    expect(sample(text, 'table_service_live_bus_reconnects_total')).toBe(0);
    expect(sample(text, 'table_service_escalations_total')).toBe(0);
    expect(sample(text, 'table_service_push_outbox_depth')).toBe(0);
  });

  it('a guest press counts as accepted, observes press-to-commit and commit-to-delivery, and its route by pattern', async () => {
    const { restaurant, table } = await makeFloor(t);
    const before = await scrape();
    const http = `table_service_http_requests_total{method="POST",route="${GUEST_PRESS_ROUTE}",status="201"}`;

    expect((await press(restaurant.id, table.id)).statusCode).toBe(201);

    const delivered = 'table_service_commit_to_delivery_seconds_count';
    // The event reaches this instance's hub after the commit (at once in process, by NOTIFY on PostgreSQL).
    await until(async () => (await value(delivered)) > (sample(before, delivered) ?? 0));
    const after = await scrape();
    const delta = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(delta('table_service_presses_accepted_total')).toBe(1);
    expect(delta('table_service_press_to_commit_seconds_count')).toBe(1);
    expect(delta('table_service_press_to_commit_seconds_sum')).toBeGreaterThan(0);
    expect(delta(delivered)).toBe(1);
    expect(delta('table_service_commit_to_delivery_seconds_sum')).toBeGreaterThanOrEqual(0);
    expect(delta(http)).toBe(1);
    expect(
      delta(
        `table_service_http_request_duration_seconds_count{method="POST",route="${GUEST_PRESS_ROUTE}"}`,
      ),
    ).toBe(1);
    // No id of a restaurant, table or request anywhere in a label.
    for (const id of [restaurant.id, table.id]) expect(after).not.toContain(id);
  });

  it('refused presses count by reason: cool-down, no such table, invalid body', async () => {
    const { restaurant, table } = await makeFloor(t);
    expect((await press(restaurant.id, table.id)).statusCode).toBe(201);
    const before = await scrape();

    const cooling = await press(restaurant.id, table.id);
    expect(cooling.statusCode).toBe(429);
    expect(cooling.json().error.code).toBe('cooldown');
    expect((await press(restaurant.id, 'no-such-table')).statusCode).toBe(404);
    expect((await press(restaurant.id, table.id, { type: 'champagne' })).statusCode).toBe(400);

    const after = await scrape();
    const delta = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(delta(refused('cooldown'))).toBe(1);
    expect(delta(refused('table_not_found'))).toBe(1);
    expect(delta(refused('invalid'))).toBe(1);
    expect(delta(refused('rate_limited'))).toBe(0);
    expect(delta('table_service_presses_accepted_total')).toBe(0);
    expect(delta('table_service_press_to_commit_seconds_count')).toBe(0);
    // An unknown path is counted under one label, never its URL.
    await t.app.inject({ url: '/api/no-such-thing-here' });
    const unmatched = await scrape();
    expect(unmatched).toContain('route="unmatched",status="404"');
    expect(unmatched).not.toContain('no-such-thing-here');
  });

  it('counts open live sockets by kind: staff consoles and guest pages', async () => {
    const { restaurant, serverCookie } = await makeFloor(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = (url: string, headers: Record<string, string>) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(url, { headers, origin: base });
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    const wsBase = base.replace('http', 'ws');
    const staff = await open(`${wsBase}/api/live`, { cookie: serverCookie });
    const guests = [
      await open(`${wsBase}/api/public/restaurants/${restaurant.id}/live`, {}),
      await open(`${wsBase}/api/public/restaurants/${restaurant.id}/live`, {}),
    ];
    await until(
      async () =>
        (await value('table_service_live_sockets{kind="staff"}')) === 1 &&
        (await value('table_service_live_sockets{kind="guest"}')) === 2,
    );
    for (const ws of [staff, ...guests]) ws.close();
    await until(
      async () =>
        (await value('table_service_live_sockets{kind="staff"}')) === 0 &&
        (await value('table_service_live_sockets{kind="guest"}')) === 0,
    );
  });

  it('counts sign-in attempts refused by the throttle', async () => {
    const { restaurant } = await makeFloor(t);
    const server = await makeServer(t, restaurant.id, '9999');
    const series = 'table_service_sign_in_throttled_total{reason="throttled"}';
    const before = await value(series);
    // Held still: the second attempt is inside the first one's back-off however slow the machine is.
    frozenAt = Date.now();
    onTestFinished(() => {
      frozenAt = null;
    });
    const attempt = (pin: string) =>
      request(t, 'POST', '/api/auth/pin-login', { body: { loginId: server.loginId, pin } });
    expect((await attempt('0000')).statusCode).toBe(401);
    expect(await value(series)).toBe(before);
    const early = await attempt('9999');
    expect(early.statusCode).toBe(429);
    expect(await value(series)).toBe(before + 1);
  });

  it('counts escalations', async () => {
    const { restaurant } = await makeFloor(t);
    const table = await makeTable(t, restaurant.id, '12');
    const res = await press(restaurant.id, table.id, { type: 'bill' });
    expect(res.statusCode).toBe(201);
    const createdAt = res.json<{ request: { createdAt: number } }>().request.createdAt;
    const before = await value('table_service_escalations_total');
    const escalated = await t.services.escalation.sweep(createdAt + 3 * MINUTE);
    expect(escalated.length).toBeGreaterThanOrEqual(1);
    expect(await value('table_service_escalations_total')).toBe(before + escalated.length);
  });

  it('counts push sends by outcome, and the outbox depth', async () => {
    const { restaurant, serverCookie } = await makeFloor(t);
    const devices = { sent: pushService.device(), gone: pushService.device() };
    const flaky = pushService.device();
    const refusing = pushService.device();
    for (const device of [devices.sent, devices.gone, flaky, refusing]) {
      const res = await request(t, 'POST', '/api/push/subscriptions', {
        cookie: serverCookie,
        body: device.subscription,
      });
      expect(res.statusCode).toBe(201);
    }
    pushService.respondWith(devices.gone, 410);
    pushService.respondNext(flaky, [503]);
    pushService.respondWith(refusing, 400);
    await t.services.push.whenIdle();
    const before = await scrape();

    expect((await press(restaurant.id, (await makeTable(t, restaurant.id)).id)).statusCode).toBe(
      201,
    );
    await pushService.waitFor(devices.sent, 1);
    await until(async () => {
      await t.services.push.whenIdle();
      return (await value('table_service_push_outbox_depth')) === 1;
    });
    const after = await scrape();
    const delta = (outcome: string) =>
      (sample(after, `table_service_push_deliveries_total{outcome="${outcome}"}`) ?? 0) -
      (sample(before, `table_service_push_deliveries_total{outcome="${outcome}"}`) ?? 0);
    expect(delta('sent')).toBe(1);
    expect(delta('gone')).toBe(1);
    expect(delta('retried')).toBe(1);
    expect(delta('gave_up')).toBe(1);
    // The flaky device's retry keeps the row in the outbox (its next attempt is minutes away).
    expect(sample(after, 'table_service_push_outbox_depth')).toBe(1);
  });

  it.runIf(backend === 'postgres')(
    'counts a live-bus reconnect once LISTEN is back after its connection was killed',
    async () => {
      const series = 'table_service_live_bus_reconnects_total';
      expect(await value(series)).toBe(0);
      const killed = await t.database.pool!.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`,
      );
      expect(killed.rowCount).toBe(1);
      await until(async () => (await value(series)) === 1);
      // Live events flow again through the new connection.
      const { restaurant, table } = await makeFloor(t);
      const before = await value('table_service_commit_to_delivery_seconds_count');
      expect((await press(restaurant.id, table.id)).statusCode).toBe(201);
      await until(
        async () => (await value('table_service_commit_to_delivery_seconds_count')) === before + 1,
      );
    },
  );

  // Last: it spends this address's press allowance for the minute.
  it('counts presses refused by the per-address limit as rate_limited, not as cool-down', async () => {
    const { restaurant, table } = await makeFloor(t);
    const before = await scrape();
    let cooldowns = 0;
    for (let i = 0; i < 40; i++) {
      const res = await press(restaurant.id, table.id);
      if (res.statusCode === 429 && res.json().error.code === 'rate_limited') break;
      if (res.statusCode === 429) cooldowns++;
    }
    const after = await scrape();
    const delta = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(delta(refused('rate_limited'))).toBe(1);
    expect(delta(refused('cooldown'))).toBe(cooldowns);
  });
});
