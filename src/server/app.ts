/**
 * buildApp: registers everything explicitly and returns a ready app (tests use it through inject); main.ts only
 * listens and shuts down.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { LOGO_MAX_BYTES, SESSION_COOKIE } from '../shared/constants';
import { MSG } from '../shared/messages';
import type { Database } from './db/client';
import { installAccessControl, type RegisteredRoute } from './http/access';
import { RequestLog } from './http/request-log';
import { guestPreload } from './http/client-shell';
import { matchTablePath } from '../shared/paths';
import { renderGuestPage } from './http/guest-page';
import { idParamSchema } from '../shared/schemas';
import { forbidden, registerErrorHandler } from './http/errors';
import { addressKey } from './http/client-address';
import { comesFromOurOrigin } from './http/origin';
import { sessionProbeGuard } from './http/session-probes';
import { InProcessBus, PgNotifyBus, type EventBus } from './live/bus';
import { createMailer, defaultDataDir, type Mailer } from './mail/mailer';
import { registerLiveRoutes } from './live/live.routes';
import { registerPublicLiveRoutes } from './live/public-live.routes';
import type { StaffSocketCaps } from './live/socket-caps';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { SESSION_TOKEN_MAX, sessionIdOf } from './modules/auth/auth.service';
import { GUEST_READ_LIMITS, registerGuestRoutes } from './modules/guest/guest.routes';
import { registerRequestsRoutes } from './modules/requests/requests.routes';
import { registerRestaurantsRoutes } from './modules/restaurants/restaurants.routes';
import { registerTablesRoutes } from './modules/tables/tables.routes';
import { registerAccountRoutes } from './modules/users/account.routes';
import { registerRestaurantAdminRoutes } from './modules/restaurants/restaurant-admin.routes';
import { registerStaffRoutes } from './modules/staff/staff.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerSuperAdminRoutes } from './modules/super-admin/super-admin.routes';
import { registerVerificationRoutes } from './modules/verification/verification.routes';
import { registerPushRoutes } from './modules/push/push.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { HealthService } from './modules/health/health.service';
import type { PushOptions } from './modules/push/push.service';
import { ESCALATION_SWEEP_MS } from './modules/escalation/escalation.service';
import { buildServices, type Services } from './services';
import { Metrics } from './metrics/metrics';
import { listenForMetrics, registerMetrics, type MetricsListener } from './metrics/metrics.routes';

export const CLIENT_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/client',
);

/** Built assets carry a content hash in their name and never change; the rest (sw.js, icons…) may. */
function cacheControlFor(file: string): string {
  return file.includes(`${path.sep}assets${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The log's request id: the incoming X-Request-Id when it is short and plain, otherwise one of our own. */
export function requestIdOf(request: {
  headers: Record<string, string | string[] | undefined>;
}): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

export interface AppOptions {
  database: Database;
  publicUrl: string;
  logger?: FastifyServerOptions['logger'];
  /** A ready logger instead of `logger`'s settings (main.ts: readable lines in a terminal, http/request-log.ts). */
  loggerInstance?: FastifyBaseLogger;
  /** Serve the built client from dist/client (production and e2e). */
  serveClient?: boolean;
  /**
   * Which proxies' X-Forwarded-* to trust (TRUST_PROXY): a hop count or a list of addresses/CIDRs, as Fastify's
   * trustProxy. Default: none, so request.ip is the TCP peer and a client cannot pick its own address.
   */
  trustProxy?: false | number | string[];
  clock?: () => number;
  /** Outgoing mail; default: .eml files in `${dataDir}/outbox`, their paths logged (no SMTP_URL). */
  mailer?: Mailer;
  /** DATA_DIR, for the default outbox; default: a directory under the system's temp dir. */
  dataDir?: string;
  /** From address of the default outbox's mails (MAIL_FROM). */
  mailFrom?: string;
  /** Web Push (VAPID keys from the environment, TLS agent and allowed push services for tests). */
  push?: PushOptions;
  /** Restaurants one admin may own at once (MAX_RESTAURANTS_PER_ADMIN); default 20. */
  maxRestaurantsPerAdmin?: number;
  /** Sign-ins per address and route, in memory, before the database (default SIGN_IN_ADDRESS_LIMIT; decision 026). */
  signInAddressLimit?: { max: number; timeWindow: string };
  /** Open staff WebSockets per session, user and address (default STAFF_SOCKET_CAPS; decision 026). */
  staffSocketCaps?: StaffSocketCaps;
  /** How often this instance sweeps for overdue requests; 0: never (tests sweep by hand). */
  escalationSweepMs?: number;
  /** METRICS_TOKEN: /metrics on the app's port, for `Authorization: Bearer <token>` only (decision 021). */
  metricsToken?: string;
  /** METRICS_PORT: /metrics on a listener of its own on 127.0.0.1 (0: any free port, tests). */
  metricsPort?: number;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  routes: RegisteredRoute[];
  /** The METRICS_PORT listener's address (http://127.0.0.1:<port>/metrics), or null without one. */
  metricsUrl: string | null;
}

export async function buildApp(options: AppOptions): Promise<App> {
  const trust = options.trustProxy ?? false;
  // A hop count n trusts the n nearest hops (Fastify does the same with a number; its types only take a function).
  const trustProxy =
    typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
  const app = Fastify({
    logger: options.loggerInstance ? false : (options.logger ?? false),
    loggerInstance: options.loggerInstance,
    // Health probes and the client's files are logged at debug, everything else as Fastify does.
    logController: new RequestLog(),
    trustProxy,
    bodyLimit: 64 * 1024,
    // A balancer's X-Request-Id is kept so its logs and ours correlate, but only a short, plain one: a client
    // chooses this header too, and it must not write 8 KB or forged-looking text into every log line (issue 14).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Router-level errors (malformed URL, over-long param) get the one error shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void (reply as FastifyReply)
        .status(status)
        .send({ error: { code: 'bad_url', message: MSG.badRequest } });
    },
  });
  const { database } = options;
  const metrics = new Metrics();
  const bus: EventBus =
    database.kind === 'postgres' && database.pool && database.url
      ? new PgNotifyBus(database.url, database.pool, app.log)
      : new InProcessBus();
  bus.onReconnect(() => metrics.busReconnected());
  if (bus instanceof PgNotifyBus) await bus.ready;
  const services = buildServices({
    db: database.db,
    bus,
    log: app.log,
    publicUrl: options.publicUrl,
    clock: options.clock,
    mailer:
      options.mailer ??
      createMailer({
        dataDir: options.dataDir ?? defaultDataDir(),
        from: options.mailFrom,
        log: app.log,
      }),
    push: options.push,
    metrics,
    maxRestaurantsPerAdmin: options.maxRestaurantsPerAdmin,
  });
  // Bad VAPID keys stop the start; without keys, a pair is generated once and shared through the database.
  await services.push.ready();
  const secure = options.publicUrl.startsWith('https://');

  registerErrorHandler(app);
  registerMetrics(app, metrics, { token: options.metricsToken });
  await app.register(cookie);
  // Every in-memory per-address limit counts by the same key: IPv4 address, IPv6 /64 (decision 026).
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => addressKey(request.ip),
  });
  // Logo uploads only (SPEC §5 Settings): one file, no other fields; the 2MB rule is checked on the bytes too.
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0 } });
  // Security headers on every response. helmet is compiled once here: @fastify/helmet rebuilt it (parsing the CSP
  // directives) on every request, about 5 % of the server's CPU per guest press (bench: throughput).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    hsts: secure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // Shutdown: a going-away close (1001) tells consoles to reconnect, to this instance's successor or another.
    preClose(done) {
      services.live.hub.closeAll();
      this.websocketServer.close(() => undefined);
      done();
    },
  });

  const sessionProbes = sessionProbeGuard(app);
  const routes = installAccessControl(app, async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    // A cookie the database can hold is looked up; made-up ones are budgeted per address first (decision 026).
    const probe = token && token.length <= SESSION_TOKEN_MAX ? sessionIdOf(token) : null;
    if (probe) await sessionProbes.admit(request, probe);
    const resolved = await services.auth.resolve(token);
    if (probe) await sessionProbes.record(request, probe, resolved !== null);
    request.user = resolved?.user ?? null;
    request.sessionId = resolved?.sessionId ?? null;
    request.sessionExpiresAt = resolved?.expiresAt ?? null;
  });

  // CSRF: a state-changing request must come from our own origin and carry JSON (or multipart for uploads). A
  // request that carries the session cookie must prove its origin (Origin, or Sec-Fetch-Site: same-origin):
  // browsers always send one on such fetches, so a missing one is not a browser of ours.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api') || ['GET', 'HEAD', 'OPTIONS'].includes(request.method))
      return done();
    const withSession = request.cookies[SESSION_COOKIE] !== undefined;
    const declared = request.headers.origin !== undefined || withSession;
    if (declared && !comesFromOurOrigin(request, options.publicUrl)) {
      return done(forbidden('Cross-site request refused.', 'csrf'));
    }
    const type = request.headers['content-type'] ?? '';
    if (!type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      return done(forbidden('Requests that change data must be sent as JSON.', 'csrf'));
    }
    done();
  });

  registerAuthRoutes(app, services, secure, options.signInAddressLimit);
  registerAccountRoutes(app, services, secure);
  registerVerificationRoutes(app, services);
  registerSuperAdminRoutes(app, services);
  registerGuestRoutes(app, services);
  registerRestaurantsRoutes(app, services);
  registerRestaurantAdminRoutes(app, services);
  registerTablesRoutes(app, services);
  registerStaffRoutes(app, services);
  registerDashboardRoutes(app, services);
  registerRequestsRoutes(app, services);
  registerLiveRoutes(app, services, options.publicUrl, options.staffSocketCaps);
  registerPublicLiveRoutes(app, services);
  registerPushRoutes(app, services);
  registerHealthRoutes(app, new HealthService(database.db, bus));

  if (options.serveClient && fs.existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    // preCompressed: the build writes .br and .gz beside each text asset (vite.config.ts); a browser that accepts
    // one gets it, anyone else the file itself. The plugin serves every file that exists at start through a route
    // of its own, so the cache policy is set here too (its default, max-age=0, would replace ours): hashed assets
    // are immutable, everything else is revalidated.
    await app.register(fastifyStatic, {
      root: CLIENT_DIST,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        void reply.header('cache-control', cacheControlFor(file));
      },
    });
    const indexHtml = fs.readFileSync(path.join(CLIENT_DIST, 'index.html'));
    const shell = indexHtml.toString('utf8');
    // A server-rendered page reads the table, so it counts against the same per-address allowance as the table read.
    const guestRenderLimit = app.createRateLimit(GUEST_READ_LIMITS.table);
    /** Decision 017: a guest page with its table drawn in, or null (no such table, over the limit: the plain shell). */
    const renderedGuestPage = async (request: FastifyRequest): Promise<string | null> => {
      const ids = matchTablePath(request.url.split('?')[0] ?? '');
      if (!ids || !idParamSchema.safeParse(ids.restaurantId).success) return null;
      if (!idParamSchema.safeParse(ids.tableId).success) return null;
      const limit = await guestRenderLimit(request);
      if (!limit.isAllowed && limit.isExceeded) return null;
      // Any failure (a missing table, the database away) leaves it to the page, which shows its own message.
      const data = await services.guest.table(ids.restaurantId, ids.tableId).catch(() => null);
      return data && renderGuestPage(shell, data);
    };
    // Client-side routes (/login, /table/…) all get the app shell.
    app.get('/*', { config: { access: { public: true } } }, async (request, reply) => {
      const file = path.join(CLIENT_DIST, decodeURIComponent(request.url.split('?')[0] ?? '/'));
      if (
        file.startsWith(CLIENT_DIST + path.sep) &&
        fs.existsSync(file) &&
        fs.statSync(file).isFile()
      ) {
        return reply
          .header('cache-control', cacheControlFor(file))
          .sendFile(path.relative(CLIENT_DIST, file));
      }
      if (request.url.startsWith('/api/'))
        return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
      const page = await renderedGuestPage(request);
      // no-store: it holds the table's cool-down as of now.
      if (page !== null)
        return reply.type('text/html').header('cache-control', 'no-store').send(page);
      const preload = guestPreload(request.url);
      if (preload !== null) void reply.header('link', preload);
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    });
  }

  // Graceful shutdown: requests already in flight finish, and their keep-alive connections are closed after the
  // response instead of lingering for Fastify's 72 s keep-alive timeout.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    app.server.closeIdleConnections();
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('onClose', async () => {
    await services.escalation.stop();
    services.live.hub.closeAll();
    await bus.close();
    // Mails already queued are handed over before the transport closes.
    await services.verification.whenIdle();
    await services.mailer.close();
    // Pushes under way finish; what is still queued stays in the outbox for the next instance.
    await services.push.stop();
  });

  let metricsListener: MetricsListener | undefined;
  app.addHook('onClose', async () => {
    await metricsListener?.close();
  });

  await app.ready();
  if (options.metricsPort !== undefined) {
    // A port that cannot be had stops the start (one line), as the app's own port would.
    metricsListener = await listenForMetrics(metrics, options.metricsPort).catch(
      async (err: unknown) => {
        await app.close();
        throw err;
      },
    );
  }
  services.escalation.start(options.escalationSweepMs ?? ESCALATION_SWEEP_MS);
  // Also delivers what an instance that stopped or crashed left in the push outbox.
  services.push.start();
  return { app, services, routes, metricsUrl: metricsListener?.url ?? null };
}
