/**
 * Outbound webhooks (issue 24 item 4, decision 076). An owner registers endpoints (HTTPS to a public address) for
 * events; each event of the restaurant is queued right after its own commit as one row per subscribed endpoint
 * (webhook_deliveries, the outbox and the delivery log in one), and a sender on every instance drains due rows
 * (SKIP LOCKED), signs each per Standard Webhooks, and retries failures on a schedule (10 s, 1 min, 5 min, 30 min,
 * 2 h, 6 h, 12 h, then given up). An endpoint that fails `maxFailuresInARow` attempts in a row is disabled and its
 * owner mailed.
 */
import { isReminderType } from '@shared/request-types';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { BackgroundJob, yieldToEventLoop } from '../../background-job';
import { GroupCommit } from '../../db/group-commit';
import { withDbPriority } from '../../db/priority';
import { AppError, notFound } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { MSG } from '@shared/messages';
import {
  WEBHOOK_ENDPOINTS_PER_RESTAURANT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@shared/integrations';
import type { ServiceRequest } from '@shared/schemas';
import type { GuestRating } from '../requests/requests.service';
import { assertRestaurantAccess, type SessionUser } from '../../policy/policy';
import { findRestaurant } from '../restaurants/restaurants.repo';
import { findUserById } from '../users/users.repo';
import { checkWebhookUrl, RefusedAddress } from './webhook-address';
import { postWebhook, signedHeaders } from './webhook-sender';
import {
  claimDueDeliveries,
  countEndpointsOf,
  deleteEndpoint,
  endpointFailed,
  endpointSucceeded,
  enqueueEvents,
  type QueuedEvent,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveriesOf,
  listEndpointsOf,
  recordAttempt,
  requeueDelivery,
  setEndpointEnabled,
  type ClaimedDelivery,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repo';

/** After the nth failed attempt, the next comes this much later; past the list the delivery is given up. */
export const RETRY_SCHEDULE_MS = [
  10_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
];
/** Failed attempts in a row after which an endpoint is disabled (WEBHOOK_MAX_FAILURES). */
const WEBHOOK_MAX_FAILURES = 15;
/** How often each instance looks for due deliveries (besides being woken by a new event). */
export const WEBHOOK_SWEEP_MS = 5_000;
/** A claimed row whose sender died is taken again after this (longer than an attempt's timeout). */
const LEASE_MS = 60_000;
const BATCH = 20;

export interface WebhookOptions {
  /** WEBHOOK_ALLOW_LOOPBACK: loopback receivers (and plain HTTP to them) for tests and development. */
  allowLoopback?: boolean;
  maxFailuresInARow?: number;
  /** Extra CA for HTTPS receivers (tests). */
  ca?: string | Buffer;
}

const toEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  restaurantId: row.restaurantId,
  url: row.url,
  events: row.events as WebhookEvent[],
  enabled: row.enabled,
  failuresInARow: row.failuresInARow,
  createdAt: row.createdAt,
  disabledAt: row.disabledAt,
});

const toDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  messageId: messageIdOf(row.id),
  event: row.event as WebhookEvent,
  status: row.status,
  attempts: row.attempts,
  responseCode: row.responseCode,
  lastError: row.lastError,
  createdAt: row.createdAt,
  lastAttemptAt: row.lastAttemptAt,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
});

/** The Standard Webhooks message id: the same on every attempt and redelivery, so a receiver can deduplicate. */
const messageIdOf = (deliveryId: string) => `msg_${deliveryId}`;

/**
 * Events group-committed (db/group-commit.ts): every press and staff action raises one, and on the embedded database a
 * statement of its own per event cost about as much as the press itself (routing bench). Those raised while one batch
 * is in the database share the next INSERT, at report priority (decision 072): nobody waits for it, and up to 1,000
 * to a statement keep up with a rush even when a statement waits 2 s.
 */
const EVENT_BATCHING = { concurrency: 1, maxBatch: 1_000 };

export class WebhooksService {
  private readonly job: BackgroundJob;
  private readonly events: GroupCommit<QueuedEvent, number>;
  private readonly allowLoopback: boolean;
  private readonly maxFailures: number;
  private kicked = false;
  /** The timer and kicks are on (start() with a sweep interval). */
  private started = false;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly publicUrl: string,
    private readonly options: WebhookOptions = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.job = new BackgroundJob('webhook delivery', log);
    this.events = new GroupCommit(
      EVENT_BATCHING,
      // Events never wait for each other (two of one request keep their own times).
      null,
      async (batch) => {
        const queued = await enqueueEvents(this.db, batch);
        if (queued > 0) this.kick();
        return batch.map(() => queued);
      },
    );
    this.allowLoopback = options.allowLoopback ?? false;
    this.maxFailures = options.maxFailuresInARow ?? WEBHOOK_MAX_FAILURES;
  }

  // ---------- the owner's endpoints ----------

  async list(user: SessionUser, restaurantId: string): Promise<WebhookEndpoint[]> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    return (await listEndpointsOf(this.db, restaurantId)).map(toEndpoint);
  }

  async create(
    user: SessionUser,
    restaurantId: string,
    input: { url: string; events: WebhookEvent[] },
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    if ((await countEndpointsOf(this.db, restaurantId)) >= WEBHOOK_ENDPOINTS_PER_RESTAURANT)
      throw new AppError(409, 'webhook_limit', MSG.webhookLimit);
    await this.check(input.url);
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const row: WebhookEndpointRow = {
      id: randomUUID(),
      restaurantId,
      url: input.url,
      events: [...new Set(input.events)],
      secret,
      enabled: true,
      failuresInARow: 0,
      createdAt: this.clock(),
      disabledAt: null,
    };
    await insertEndpoint(this.db, row);
    return { endpoint: toEndpoint(row), secret };
  }

  async setEnabled(user: SessionUser, id: string, enabled: boolean): Promise<WebhookEndpoint> {
    await this.ownEndpoint(user, id);
    const row = await setEndpointEnabled(this.db, id, enabled, this.clock());
    if (!row) throw notFound(MSG.webhookNotFound, 'webhook_not_found');
    if (enabled) this.kick();
    return toEndpoint(row);
  }

  async delete(user: SessionUser, id: string): Promise<void> {
    await this.ownEndpoint(user, id);
    await deleteEndpoint(this.db, id);
  }

  async deliveries(user: SessionUser, id: string): Promise<WebhookDelivery[]> {
    await this.ownEndpoint(user, id);
    return (await listDeliveriesOf(this.db, id)).map(toDelivery);
  }

  /** Sends a logged delivery again, now: the same message (id and body), its attempts counted afresh. */
  async redeliver(user: SessionUser, deliveryId: string): Promise<WebhookDelivery> {
    const missing = () => notFound(MSG.deliveryNotFound, 'delivery_not_found');
    const row = await findDelivery(this.db, deliveryId);
    if (!row) throw missing();
    await assertRestaurantAccess(this.db, user, row.restaurantId).catch(() => {
      throw missing();
    });
    const requeued = await requeueDelivery(this.db, deliveryId, this.clock());
    if (!requeued) throw missing();
    this.kick();
    return toDelivery(requeued);
  }

  private async ownEndpoint(user: SessionUser, id: string): Promise<WebhookEndpointRow> {
    const missing = () => notFound(MSG.webhookNotFound, 'webhook_not_found');
    const row = await findEndpoint(this.db, id);
    if (!row) throw missing();
    await assertRestaurantAccess(this.db, user, row.restaurantId).catch(() => {
      throw missing();
    });
    return row;
  }

  private async check(url: string) {
    try {
      return await checkWebhookUrl(url, this.allowLoopback);
    } catch (error) {
      if (error instanceof RefusedAddress)
        throw new AppError(400, 'webhook_url_refused', MSG.webhookUrlRefused);
      throw error;
    }
  }

  // ---------- events ----------

  /**
   * A request's event, after its own commit (decision 076): queued for the restaurant's subscribed endpoints and
   * the sender woken. Runs in the background: the staff action or the guest's press never waits for it.
   */
  requestEvent(event: WebhookEvent, request: ServiceRequest): void {
    // Decision 097: the service timers' reminders are the staff's own, not a guest's request: no webhook event.
    if (isReminderType(request.type)) return;
    void this.enqueue(request.restaurantId, event, { request }).catch((err: unknown) =>
      this.log.error({ err, event }, 'webhook event not queued'),
    );
  }

  /** A guest's rating of a bill (decision 083), queued as 'rating.received' like a request's event. */
  ratingEvent(rating: GuestRating): void {
    const { restaurantId, ...data } = rating;
    void this.enqueue(restaurantId, 'rating.received', {
      rating: { ...data, ratedAt: new Date(data.ratedAt).toISOString() },
    }).catch((err: unknown) =>
      this.log.error({ err, event: 'rating.received' }, 'webhook event not queued'),
    );
  }

  /** Statements the queued events took, and events they carried (tests). */
  get eventStats(): Readonly<{ statements: number; items: number }> {
    return this.events.stats;
  }

  /** Queues the event for the restaurant's endpoints, with the events raised meanwhile; settles once stored. */
  async enqueue(
    restaurantId: string,
    event: WebhookEvent,
    data: Record<string, unknown>,
  ): Promise<void> {
    const now = this.clock();
    const payload = JSON.stringify({ type: event, timestamp: new Date(now).toISOString(), data });
    // Nobody waits for it: behind the presses and the actions people are waiting on (decision 072).
    await withDbPriority('report', () => this.events.submit({ restaurantId, event, payload, now }));
  }

  // ---------- the sender ----------

  /** Starts the periodic sweep (buildApp); 0 turns it off (tests call tick() themselves). */
  start(intervalMs: number = WEBHOOK_SWEEP_MS): void {
    if (intervalMs <= 0) return;
    this.started = true;
    this.job.start(intervalMs, () => this.tick());
  }

  stop(): Promise<void> {
    this.started = false;
    return this.job.stop();
  }

  /** Drains now rather than at the next sweep (a new event, a redelivery); a no-op while the timer is off. */
  kick(): void {
    if (!this.started || this.kicked) return;
    this.kicked = true;
    setImmediate(() => {
      this.kicked = false;
      this.tick().catch((err: unknown) => this.log.error({ err }, 'webhook delivery failed'));
    });
  }

  /** One run at `now`: every due delivery is attempted once; returns how many were attempted. */
  tick(now: number = this.clock()): Promise<number> {
    return this.job.track(this.drain(now));
  }

  private async drain(now: number): Promise<number> {
    let attempted = 0;
    while (!this.job.stopping) {
      const claimed = await claimDueDeliveries(this.db, now, LEASE_MS, BATCH);
      await Promise.all(claimed.map((d) => this.attempt(d, now)));
      attempted += claimed.length;
      if (claimed.length < BATCH) break;
      await yieldToEventLoop();
    }
    return attempted;
  }

  private async attempt(delivery: ClaimedDelivery, now: number): Promise<void> {
    const attempts = delivery.attempts + 1;
    let result: { status: number | null; error: string | null };
    try {
      // Checked again at every attempt: DNS may have changed since registration (rebinding), and the connection
      // goes to the address checked here.
      const target = await checkWebhookUrl(delivery.url, this.allowLoopback);
      const headers = signedHeaders(
        delivery.secret,
        messageIdOf(delivery.id),
        new Date(now),
        delivery.payload,
      );
      result = await postWebhook(target, headers, delivery.payload, { ca: this.options.ca });
    } catch (error) {
      result = {
        status: null,
        error: error instanceof RefusedAddress ? `refused: ${error.message}` : String(error),
      };
    }
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const error = ok ? null : (result.error ?? `HTTP ${result.status}`);
    const retryIn = RETRY_SCHEDULE_MS[attempts - 1];
    await recordAttempt(this.db, delivery.id, {
      status: ok ? 'delivered' : retryIn === undefined ? 'failed' : 'pending',
      attempts,
      responseCode: result.status,
      lastError: error,
      at: now,
      nextAttemptAt: ok || retryIn === undefined ? null : now + retryIn,
    });
    if (ok) {
      await endpointSucceeded(this.db, delivery.endpointId);
      return;
    }
    this.log.warn(
      { delivery: delivery.id, status: result.status, error },
      'webhook attempt failed',
    );
    if (await endpointFailed(this.db, delivery.endpointId, this.maxFailures, now))
      await this.mailOwnerDisabled(delivery.endpointId);
  }

  private async mailOwnerDisabled(endpointId: string): Promise<void> {
    const endpoint = await findEndpoint(this.db, endpointId);
    const restaurant = endpoint && (await findRestaurant(this.db, endpoint.restaurantId));
    const owner = restaurant && (await findUserById(this.db, restaurant.ownerId));
    if (!endpoint || !restaurant || !owner?.email) return;
    this.log.warn({ endpoint: endpointId }, 'webhook endpoint disabled after repeated failures');
    await this.mailer
      .send(
        disabledMail(owner.email, restaurant.name, endpoint.url, this.publicUrl, this.maxFailures),
      )
      .catch((err: unknown) => this.log.error({ err }, 'webhook disabled mail not sent'));
  }
}

function disabledMail(
  to: string,
  restaurantName: string,
  url: string,
  publicUrl: string,
  failures: number,
) {
  return {
    to,
    subject: `Webhook disabled: ${restaurantName}`,
    text:
      `The webhook endpoint ${url} of ${restaurantName} failed ${failures} times in a row and has been disabled.\n\n` +
      `Events are no longer sent to it. Fix the receiver, then enable it again in Settings:\n${publicUrl}/admin/settings\n`,
  };
}
