/**
 * The push outbox's sender (docs/decisions/013). Every push owed is first a row of the durable outbox, written in the
 * same statement as its event; this worker drains it in the background with retries, so a guest's press never
 * waits for a push service, and neither a crash nor a push service's bad minute loses an alert.
 */
import type https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PushPayload, ServiceRequest } from '@shared/schemas';
import type { Metrics } from '../../metrics/metrics';
import {
  claimDueOutbox,
  deleteOutboxRow,
  deleteSubscriptionById,
  markDelivered,
  rescheduleOutboxRow,
  subscriptionsForTargets,
  type OutboxRow,
  type PushTargetRow,
} from './push.repo';
import { closedPayload, newRequestPayload, overduePayload, reroutePayload } from './push-payloads';
import { serverI18n } from '../../i18n';
import { loadWebPush, type VapidKeyPair, type VapidKeys } from './vapid-keys';
import { findRequest } from '../requests/requests.repo';
import { toApiRequest } from '../requests/requests.mapper';
import { findRestaurant } from '../restaurants/restaurants.repo';
import { isSpecType } from '@shared/request-types';

/** A request alert is worthless minutes later: the push service drops it after this (issue 5: short TTL). */
export const PUSH_TTL_SECONDS = 120;
const SEND_TIMEOUT_MS = 10_000;
/** Outbox (docs/decisions/013): periodic drain, retry schedule and give-up bounds. */
const PUSH_DRAIN_MS = 5_000;
const RETRY_BASE_MS = 2_000;
const MAX_BACKOFF_MS = 60_000;
const MAX_ATTEMPTS = 8;
const MAX_AGE_MS = 10 * 60_000;
/** A sender holds claimed rows this long; longer than any send (SEND_TIMEOUT_MS) so rows are not sent twice. */
const OUTBOX_LEASE_MS = 3 * SEND_TIMEOUT_MS;
const OUTBOX_BATCH = 50;

export interface PushSenderOptions {
  /** The TLS agent for requests to push services (tests: one that trusts a local push service). */
  agent?: https.Agent;
  /** How often the outbox is drained besides right after an event (retries, pushes left by a dead instance). */
  drainIntervalMs?: number;
  /** The first retry's delay; each next one doubles (capped at a minute). */
  retryBaseMs?: number;
  /** Sending attempts per outbox row before it is given up. */
  maxAttempts?: number;
  /** An alert older than this is given up instead of sent late. */
  maxAgeMs?: number;
}

export class PushSender {
  private draining: Promise<void> | undefined;
  private kicked = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly vapid: VapidKeys,
    private readonly options: PushSenderOptions,
    private readonly metrics: Metrics,
    private readonly now: () => number,
  ) {
    this.retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
  }

  /**
   * A push was queued in the outbox (a request created or escalated, docs/decisions/013): drain it now, in the
   * background. A guest's press never waits for a push service.
   */
  kick(): void {
    this.kicked = true;
    if (this.draining || this.stopped) return;
    const run = (async () => {
      while (this.kicked && !this.stopped) {
        this.kicked = false;
        await this.drain();
      }
    })()
      .catch((err: unknown) => this.log.error({ err }, 'push outbox drain failed'))
      .finally(() => {
        if (this.draining === run) this.draining = undefined;
      });
    this.draining = run;
  }

  /** Drains the outbox now and every `intervalMs` (retries, and pushes left by an instance that died); 0: never. */
  start(intervalMs: number = this.options.drainIntervalMs ?? PUSH_DRAIN_MS): void {
    this.kick();
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  /** Stops draining and waits for pushes under way; what is left stays queued for the next instance. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.whenIdle();
  }

  /** Resolves when no drain is under way (tests, graceful shutdown); retries scheduled for later are not awaited. */
  async whenIdle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Takes due outbox rows batch by batch (claimed atomically, so instances never send one row twice). */
  private async drain(): Promise<void> {
    for (;;) {
      const now = this.now();
      const rows = await claimDueOutbox(this.db, now, OUTBOX_LEASE_MS, OUTBOX_BATCH);
      await Promise.all(rows.map((row) => this.deliver(row)));
      if (rows.length < OUTBOX_BATCH || this.stopped) return;
    }
  }

  /** One outbox row: sends to every target device not yet reached, then deletes or reschedules the row. */
  private async deliver(row: OutboxRow): Promise<void> {
    const now = this.now();
    const found = await findRequest(this.db, row.requestId);
    const closing = row.kind === 'close';
    // Nobody needs an alert for a request that is already completed (or gone); a close is for a handled one.
    if (!found || (found.status !== 'pending' && !closing)) return deleteOutboxRow(this.db, row.id);
    if (now - row.createdAt > this.maxAgeMs) {
      this.log.warn({ outboxId: row.id, attempts: row.attempts }, 'push given up: too old');
      this.metrics.pushDelivery('gave_up');
      return deleteOutboxRow(this.db, row.id);
    }
    const request = toApiRequest(found, now);
    const overdue = row.kind === 'overdue';
    const targets = await subscriptionsForTargets(
      this.db,
      {
        restaurantId: row.restaurantId,
        serverId: request.serverId,
        sectionServerIds: request.sectionServerIds,
        // Decision 091: whoever the call reaches now; a close goes to every device its alerts could have reached.
        everyone: request.reach !== 'routed',
        includeAdmins:
          overdue || request.reach === 'admin' || (closing && found.escalatedAt !== null),
      },
      now,
    );
    const pending = targets.filter((t) => !row.sentTo.includes(t.id));
    // A restaurant's own button is named by its label (decision 087): read only for such a request.
    const buttons =
      pending.length > 0 && !isSpecType(request.type)
        ? ((await findRestaurant(this.db, row.restaurantId)) ?? null)
        : null;
    const payloadFor = (t: PushTargetRow): PushPayload => {
      const i18n = serverI18n(t.language);
      switch (row.kind) {
        case 'overdue':
          return overduePayload(request, found.escalateAfterMinutes, t.role, i18n, buttons);
        case 'reroute':
          return reroutePayload(request, t.role, i18n, buttons);
        case 'close':
          return closedPayload(request, i18n, buttons);
        case 'new':
          return newRequestPayload(request, i18n, buttons);
      }
    };
    const done = [...row.sentTo];
    const delivered: string[] = [];
    let retry = false;
    if (pending.length > 0) {
      const keys = await this.vapid.pair();
      await Promise.all(
        pending.map(async (target) => {
          const outcome = await this.sendOne(target, request, payloadFor(target), keys);
          if (outcome === 'retry') retry = true;
          else done.push(target.id);
          if (outcome === 'delivered') delivered.push(target.id);
        }),
      );
    }
    await markDelivered(this.db, delivered, this.now());
    if (!retry) return deleteOutboxRow(this.db, row.id);
    if (row.attempts >= this.maxAttempts) {
      this.log.warn({ outboxId: row.id, attempts: row.attempts }, 'push given up: attempts used');
      this.metrics.pushDelivery('gave_up');
      return deleteOutboxRow(this.db, row.id);
    }
    const backoff = Math.min(this.retryBaseMs * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
    await rescheduleOutboxRow(this.db, row.id, done, this.now() + backoff);
    // A retry due before the next periodic drain gets its own wake-up.
    if (!this.stopped) setTimeout(() => this.kick(), backoff).unref();
  }

  /** Sends one notification; 'retry' for what may work later (5xx, 429, timeouts, network errors). */
  private async sendOne(
    target: PushTargetRow,
    request: ServiceRequest,
    payload: PushPayload,
    keys: VapidKeyPair,
  ): Promise<'delivered' | 'dropped' | 'retry'> {
    const webpush = await loadWebPush();
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.vapid.subject, ...keys },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          // One message per table waits at the push service (decision 090): a later push of the table replaces an
          // undelivered one, as its notification replaces the shown one.
          topic: request.tableId.replace(/[^A-Za-z0-9]/g, '').slice(0, 32),
          timeout: SEND_TIMEOUT_MS,
          contentEncoding: 'aes128gcm',
          ...(this.options.agent ? { agent: this.options.agent } : {}),
        },
      );
      this.metrics.pushDelivery('sent');
      return 'delivered';
    } catch (err) {
      return this.handleFailure(target, err);
    }
  }

  private async handleFailure(row: PushTargetRow, err: unknown): Promise<'dropped' | 'retry'> {
    // The endpoint is a capability URL: only its host is logged.
    const host = new URL(row.endpoint).host;
    if (err instanceof (await loadWebPush()).WebPushError) {
      if (err.statusCode === 404 || err.statusCode === 410) {
        // The browser unsubscribed or the subscription expired: it will never work again.
        await deleteSubscriptionById(this.db, row.id);
        this.log.info(
          { subscriptionId: row.id, host, status: err.statusCode },
          'push subscription gone; deleted',
        );
        this.metrics.pushDelivery('gone');
        return 'dropped';
      }
      const retry = err.statusCode >= 500 || err.statusCode === 429 || err.statusCode === 408;
      this.log.warn(
        {
          subscriptionId: row.id,
          host,
          status: err.statusCode,
          body: err.body.slice(0, 200),
          retry,
        },
        'push service refused a notification',
      );
      this.metrics.pushDelivery(retry ? 'retried' : 'gave_up');
      return retry ? 'retry' : 'dropped';
    }
    // A timeout or a network error: the push service may well take it later.
    this.log.warn(
      { subscriptionId: row.id, host, err: (err as Error).message },
      'push notification could not be sent; will retry',
    );
    this.metrics.pushDelivery('retried');
    return 'retry';
  }
}
