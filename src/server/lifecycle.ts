/**
 * What an app instance runs besides answering requests, and how it stops: the event bus, the escalation sweep, the
 * push outbox's sender, the expired-session prune, the METRICS_PORT listener, and a graceful shutdown that lets requests in flight finish and
 * hands queued work over (mail sent, pushes left in the outbox for the next instance).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import { InProcessBus, PgNotifyBus, type EventBus } from './live/bus';
import type { Metrics } from './metrics/metrics';
import { listenForMetrics, type MetricsListener } from './metrics/metrics.routes';
import { SESSION_PRUNE_MS } from './modules/auth/session-pruner';
import { ESCALATION_SWEEP_MS } from './modules/escalation/escalation.service';
import { REACH_SWEEP_MS } from './modules/reach/reach.service';
import { VISITS_SWEEP_MS } from './modules/visits/visits.service';
import { WEBHOOK_SWEEP_MS } from './modules/integrations/webhooks.service';
import type { Services } from './services';

/** PostgreSQL carries live events between instances (LISTEN/NOTIFY); the embedded database has only this one. */
export async function connectBus(
  database: Database,
  log: FastifyBaseLogger,
  metrics: Metrics,
): Promise<EventBus> {
  const bus: EventBus =
    database.kind === 'postgres' && database.pool && database.url
      ? new PgNotifyBus(database.url, database.pool, log)
      : new InProcessBus();
  bus.onReconnect(() => metrics.busReconnected());
  if (bus instanceof PgNotifyBus) await bus.ready;
  return bus;
}

/**
 * Graceful shutdown: requests already in flight finish, and their keep-alive connections are closed after the
 * response instead of lingering for Fastify's 72 s keep-alive timeout; then the background work stops.
 */
export function registerShutdown(app: FastifyInstance, services: Services, bus: EventBus): void {
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
    await services.reach.stop();
    await services.visits.stop();
    await services.sessionPruner.stop();
    await services.webhooks.stop();
    services.live.hub.closeAll();
    await services.live.stopPresence();
    await bus.close();
    // Mails already queued are handed over before the transport closes.
    await services.verification.whenIdle();
    await services.passwordReset.whenIdle();
    await services.mailer.close();
    // Pushes under way finish; what is still queued stays in the outbox for the next instance.
    await services.push.stop();
  });
}

export interface BackgroundOptions {
  /** METRICS_PORT: /metrics on a listener of its own on 127.0.0.1 (0: any free port, tests). */
  metricsPort?: number;
  /** How often this instance sweeps for overdue requests; 0: never (tests sweep by hand). */
  escalationSweepMs?: number;
  /** How often this instance re-routes calls no device confirmed (decision 091); 0: never (tests sweep by hand). */
  reachSweepMs?: number;
  /** How often this instance closes visits whose bill was done a while ago (decision 092); 0: never. */
  visitsSweepMs?: number;
  /** How often this instance deletes expired sessions; 0: never (tests prune by hand). Default SESSION_PRUNE_MS. */
  sessionPruneMs?: number;
  /** How often this instance sends due webhooks; 0: never (tests call tick() by hand). Default WEBHOOK_SWEEP_MS. */
  webhookSweepMs?: number;
}

/**
 * Readies the app (nothing can be registered after this), then starts the background work. Returns the
 * METRICS_PORT listener's address, or null without one.
 */
export async function startApp(
  app: FastifyInstance,
  services: Services,
  metrics: Metrics,
  options: BackgroundOptions,
): Promise<string | null> {
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
  services.reach.start(options.reachSweepMs ?? REACH_SWEEP_MS);
  services.visits.start(options.visitsSweepMs ?? VISITS_SWEEP_MS);
  services.sessionPruner.start(options.sessionPruneMs ?? SESSION_PRUNE_MS);
  // Also sends what an instance that stopped or crashed left in the webhook outbox.
  services.webhooks.start(options.webhookSweepMs ?? WEBHOOK_SWEEP_MS);
  // Also delivers what an instance that stopped or crashed left in the push outbox.
  services.push.start();
  return metricsListener?.url ?? null;
}
