/**
 * buildApp: registers everything explicitly and returns a ready app (tests use it through inject); main.ts only
 * listens and shuts down. Each concern lives in its own module; this file is the list of what is registered, in order
 * (hooks run in registration order: the cookie plugin before the CSRF guard that reads it, access control before the
 * routes it checks).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { LOGO_MAX_BYTES } from '@shared/constants';
import type { Database } from './db/client';
import type { RegisteredRoute } from './http/access';
import { addressKey } from './http/client-address';
import { registerApiDescription, registerApiDocsRoutes } from './http/api-docs';
import { registerClientRoutes } from './http/client-routes';
import { registerErrorHandler, StorageHealth } from './http/errors';
import { registerCsrfGuard, registerSecurityHeaders } from './http/security';
import { serverOptions } from './http/server-options';
import { installSessionAccess } from './http/session';
import { installUserBudgets, type UserBudgets } from './http/user-limits';
import { connectBus, registerShutdown, startApp } from './lifecycle';
import { createMailer, defaultDataDir, type Mailer } from './mail/mailer';
import { registerLiveRoutes } from './live/live.routes';
import { registerPublicLiveRoutes } from './live/public-live.routes';
import type { StaffSocketCaps } from './live/socket-caps';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerGuestRoutes } from './modules/guest/guest.routes';
import { registerRequestsRoutes } from './modules/requests/requests.routes';
import { registerPranksRoutes } from './modules/pranks/pranks.routes';
import { registerRestaurantsRoutes } from './modules/restaurants/restaurants.routes';
import { registerTablesRoutes } from './modules/tables/tables.routes';
import { registerShiftsRoutes } from './modules/shifts/shifts.routes';
import { registerAccountRoutes } from './modules/users/account.routes';
import { registerRestaurantAdminRoutes } from './modules/restaurants/restaurant-admin.routes';
import { registerStaffRoutes } from './modules/staff/staff.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerAnalyticsRoutes } from './modules/analytics/analytics.routes';
import { registerSuperAdminRoutes } from './modules/super-admin/super-admin.routes';
import { registerVerificationRoutes } from './modules/verification/verification.routes';
import { registerPasswordResetRoutes } from './modules/password-reset/password-reset.routes';
import { registerPushRoutes } from './modules/push/push.routes';
import { registerIntegrationsRoutes } from './modules/integrations/integrations.routes';
import type { WebhookOptions } from './modules/integrations/webhooks.service';
import { registerBoardRoutes } from './modules/boards/boards.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { HealthService } from './modules/health/health.service';
import type { PushOptions } from './modules/push/push.service';
import type { RestaurantCaps } from './modules/restaurants/restaurant-caps';
import { buildServices, type Services } from './services';
import { Metrics } from './metrics/metrics';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerMetrics } from './metrics/metrics.routes';

/** dist/client, from this module's place in the source (src/server) and in the build (dist/server) alike. */
export const CLIENT_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/client',
);

export interface AppOptions {
  database: Database;
  publicUrl: string;
  logger?: FastifyServerOptions['logger'];
  /** A ready logger instead of `logger`'s settings (main.ts: readable lines in a terminal, http/request-log.ts). */
  loggerInstance?: FastifyBaseLogger;
  /** Serve the built client from dist/client (production and e2e). */
  serveClient?: boolean;
  /** Where the built client is (default dist/client); tests serve a small shell of their own. */
  clientDist?: string;
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
  /** Tables and staff one restaurant may hold (MAX_TABLES/STAFF_PER_RESTAURANT); default 500 and 200. */
  restaurantCaps?: RestaurantCaps;
  /** Sign-ins per address and route, in memory, before the database (default SIGN_IN_ADDRESS_LIMIT; decision 026). */
  signInAddressLimit?: { max: number; timeWindow: string };
  /** Open staff WebSockets per session, user and address (default STAFF_SOCKET_CAPS; decision 026). */
  staffSocketCaps?: StaffSocketCaps;
  /** How often this instance sweeps for overdue requests; 0: never (tests sweep by hand). */
  escalationSweepMs?: number;
  /** How often this instance re-routes calls no device confirmed (decision 091); 0: never (tests sweep by hand). */
  reachSweepMs?: number;
  /** How often this instance closes visits whose bill was done a while ago (decision 092); 0: never. */
  visitsSweepMs?: number;
  /** How often this instance deletes expired sessions (decision 062); 0: never (tests prune by hand). */
  sessionPruneMs?: number;
  /** Outbound webhooks: loopback receivers (tests, development), failures before disabling (decision 076). */
  webhooks?: WebhookOptions;
  /** How often this instance sends due webhooks (decision 076); 0: never (tests call tick() by hand). */
  webhookSweepMs?: number;
  /** Requests a minute per signed-in user, writes and reads apart (decision 073). */
  userBudgets?: UserBudgets;
  /** Requests per API token and time window (API_TOKEN_RATE_LIMIT; decision 075). */
  apiTokenLimit?: { max: number; timeWindow: number };
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
  const app = Fastify(serverOptions(options));
  setZodCompilers(app);
  // Before any route: the API description collects routes as they are registered (decision 041).
  await registerApiDescription(app);
  const { database, publicUrl } = options;
  const metrics = new Metrics();
  const bus = await connectBus(database, app.log, metrics);
  const services = buildServices({
    db: database.db,
    bus,
    log: app.log,
    publicUrl,
    clock: options.clock,
    mailer: options.mailer ?? defaultMailer(options, app.log),
    push: options.push,
    metrics,
    maxRestaurantsPerAdmin: options.maxRestaurantsPerAdmin,
    restaurantCaps: options.restaurantCaps,
    webhooks: options.webhooks,
  });
  // Bad VAPID keys stop the start; without keys, a pair is generated once and shared through the database.
  await services.push.ready();
  const secure = publicUrl.startsWith('https://');

  const storage = new StorageHealth();
  registerErrorHandler(app, storage);
  registerMetrics(app, metrics, { token: options.metricsToken });
  await app.register(cookie);
  // Every in-memory per-address limit counts by the same key: IPv4 address, IPv6 /64 (decision 026).
  await app.register(rateLimit, { global: false, keyGenerator: (r) => addressKey(r.ip) });
  // Logo uploads only (SPEC §5 Settings): one file, no other fields; the 2MB rule is checked on the bytes too.
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0 } });
  registerSecurityHeaders(app, publicUrl);
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // Shutdown: a going-away close (1001) tells consoles to reconnect, to this instance's successor or another.
    preClose(done) {
      services.live.hub.closeAll();
      this.websocketServer.close(() => undefined);
      done();
    },
  });
  const routes = installSessionAccess(app, services, options.apiTokenLimit);
  installUserBudgets(app, options.userBudgets);
  registerCsrfGuard(app, publicUrl);
  await registerApiDocsRoutes(app);

  registerAuthRoutes(app, services, secure, options.signInAddressLimit);
  registerAccountRoutes(app, services, secure);
  registerVerificationRoutes(app, services);
  registerPasswordResetRoutes(app, services);
  registerSuperAdminRoutes(app, services);
  registerGuestRoutes(app, services);
  registerRestaurantsRoutes(app, services);
  registerRestaurantAdminRoutes(app, services);
  registerTablesRoutes(app, services);
  registerShiftsRoutes(app, services);
  registerStaffRoutes(app, services);
  registerDashboardRoutes(app, services);
  registerAnalyticsRoutes(app, services);
  registerRequestsRoutes(app, services);
  registerPranksRoutes(app, services);
  registerLiveRoutes(app, services, publicUrl, options.staffSocketCaps);
  registerPublicLiveRoutes(app, services);
  registerPushRoutes(app, services);
  registerIntegrationsRoutes(app, services);
  registerBoardRoutes(app, services, publicUrl, secure);
  registerHealthRoutes(app, new HealthService(database.db, bus, storage));
  if (options.serveClient)
    await registerClientRoutes(app, services, options.clientDist ?? CLIENT_DIST);

  registerShutdown(app, services, bus);
  const metricsUrl = await startApp(app, services, metrics, options);
  return { app, services, routes, metricsUrl };
}

/**
 * Every route declares its schemas (decision 041): requests are checked and responses serialized from them, so a
 * response that does not match its schema is a 500 (http/errors.ts), never data the contract does not name.
 */
export function setZodCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/** Outgoing mail without SMTP_URL: .eml files in `${dataDir}/outbox`, their paths logged. */
function defaultMailer(options: AppOptions, log: FastifyBaseLogger): Mailer {
  return createMailer({
    dataDir: options.dataDir ?? defaultDataDir(),
    from: options.mailFrom,
    log,
  });
}
