/**
 * Web Push with VAPID (SPEC §1 push notifications for staff, §4 notification permission, §7 push messaging;
 * issue 5). Browsers register one subscription per device; a new request is pushed to the devices of the table's
 * server (or of every server of the restaurant when the table has none), an overdue one again and to the admin.
 * Every push owed is first a row of the durable outbox, written in the same statement as its event (docs/decisions/
 * 013); the sender here drains it in the background with retries, so a guest's press never waits for a push
 * service, and neither a crash nor a push service's bad minute loses an alert.
 */
import { ECDH, randomUUID } from 'node:crypto';
import type https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { MSG } from '../../../shared/messages';
import { paths } from '../../../shared/paths';
import { requestTypeTitle } from '../../../shared/rules';
import type { PushPayload, PushSubscriptionBody, ServiceRequest } from '../../../shared/schemas';
import { badRequest, notFound } from '../../http/errors';
import type { Metrics } from '../../metrics/metrics';
import type { SessionUser } from '../auth/auth.service';
import {
  deleteOwnSubscription,
  deleteSubscriptionById,
  insertSettingIfAbsent,
  markDelivered,
  pruneSubscriptionsOfUser,
  readSetting,
  subscriptionsForTargets,
  upsertSubscription,
  claimDueOutbox,
  deleteOutboxRow,
  rescheduleOutboxRow,
  type OutboxRow,
  type PushTargetRow,
} from './push.repo';
import { findRequest } from '../requests/requests.repo';
import { toApiRequest } from '../requests/requests.mapper';

/** A request alert is worthless minutes later: the push service drops it after this (issue 5: short TTL). */
export const PUSH_TTL_SECONDS = 120;
/** Devices kept per user; registering another drops the oldest. */
export const MAX_DEVICES_PER_USER = 10;
const SEND_TIMEOUT_MS = 10_000;
/** Outbox (docs/decisions/013): periodic drain, retry schedule and give-up bounds. */
export const PUSH_DRAIN_MS = 5_000;
const RETRY_BASE_MS = 2_000;
const MAX_BACKOFF_MS = 60_000;
const MAX_ATTEMPTS = 8;
const MAX_AGE_MS = 10 * 60_000;
/** A sender holds claimed rows this long; longer than any send (SEND_TIMEOUT_MS) so rows are not sent twice. */
const OUTBOX_LEASE_MS = 3 * SEND_TIMEOUT_MS;
const OUTBOX_BATCH = 50;
const VAPID_SETTING = 'vapid_keys';
/** Where a click on the notification leads (the client's routes, shared/paths.ts). */
const SERVER_CONSOLE_PATH = paths.serverRequests;
const ADMIN_HOME_PATH = paths.adminDashboard;

export interface PushOptions {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; when both are absent a pair is generated once and stored. */
  publicKey?: string;
  privateKey?: string;
  /** VAPID_SUBJECT: a mailto: or https: contact for the push services. */
  subject?: string;
  /** The TLS agent for requests to push services (tests: one that trusts a local push service). */
  agent?: https.Agent;
  /** Which push services the server may POST to; default: the browsers' public push services. */
  allowEndpoint?: (endpoint: URL) => boolean;
  /** How often the outbox is drained besides right after an event (retries, pushes left by a dead instance). */
  drainIntervalMs?: number;
  /** The first retry's delay; each next one doubles (capped at a minute). */
  retryBaseMs?: number;
  /** Sending attempts per outbox row before it is given up. */
  maxAttempts?: number;
  /** An alert older than this is given up instead of sent late. */
  maxAgeMs?: number;
}

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The push services of Chrome/Edge/Samsung/Opera (FCM), Firefox (Mozilla autopush), Safari (Apple) and legacy Edge
 * (WNS). A subscription elsewhere is refused, so the server cannot be made to POST to arbitrary hosts.
 */
export function isKnownPushService(endpoint: URL): boolean {
  const host = endpoint.hostname.toLowerCase();
  return (
    endpoint.protocol === 'https:' &&
    (host === 'fcm.googleapis.com' ||
      host === 'push.services.mozilla.com' ||
      host.endsWith('.push.services.mozilla.com') ||
      host.endsWith('.push.apple.com') ||
      host.endsWith('.notify.windows.com'))
  );
}

/** SPEC §8 new request alert, as a notification: 'New Request from Table {number}' and the type title. */
export function newRequestPayload(request: ServiceRequest): PushPayload {
  return {
    title: MSG.newRequestFrom(request.tableNumber ?? request.tableId),
    body: requestTypeTitle(request.type),
    tag: request.id,
    url: SERVER_CONSOLE_PATH,
  };
}

/** The escalation of a request still pending after the restaurant's minutes; same tag, so it replaces the first. */
export function overduePayload(
  request: ServiceRequest,
  minutes: number,
  role: PushTargetRow['role'],
): PushPayload {
  return {
    title: MSG.requestOverdue(request.tableNumber ?? request.tableId),
    body: MSG.overdueBody(requestTypeTitle(request.type), minutes),
    tag: request.id,
    url: role === 'server' ? SERVER_CONSOLE_PATH : ADMIN_HOME_PATH,
  };
}

/** The device key must be a point on P-256 (uncompressed, 65 bytes), or every push to it would fail. */
function isP256Point(base64url: string): boolean {
  const point = Buffer.from(base64url, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    ECDH.convertKey(point, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

export class PushService {
  private keys: Promise<VapidKeys> | undefined;
  private draining: Promise<void> | undefined;
  private kicked = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;
  private readonly maxAgeMs: number;
  private readonly allowEndpoint: (endpoint: URL) => boolean;
  private readonly subject: string;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    publicUrl: string,
    private readonly options: PushOptions,
    private readonly metrics: Metrics,
    private readonly now: () => number = Date.now,
  ) {
    this.allowEndpoint = options.allowEndpoint ?? isKnownPushService;
    this.retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
    const host = new URL(publicUrl).hostname;
    // Apple refuses a localhost subject; a mailto: contact works everywhere.
    this.subject =
      options.subject ??
      (publicUrl.startsWith('https://') && host !== 'localhost' && host !== '127.0.0.1'
        ? publicUrl
        : 'mailto:no-reply@table-service.invalid');
    if (!!options.publicKey !== !!options.privateKey) {
      throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
    }
  }

  /** Loads (or generates and stores) the VAPID keys; buildApp awaits it so bad keys stop the start. */
  async ready(): Promise<void> {
    const keys = await this.vapidKeys();
    // Throws on a malformed key or subject.
    webpush.getVapidHeaders(
      'https://push.example',
      this.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
  }

  async publicKey(): Promise<string> {
    return (await this.vapidKeys()).publicKey;
  }

  private vapidKeys(): Promise<VapidKeys> {
    this.keys ??= this.loadKeys().catch((err: unknown) => {
      this.keys = undefined;
      throw err;
    });
    return this.keys;
  }

  /**
   * Every instance must sign with the same keys (a subscription is bound to the public key). Without keys in the
   * environment, each instance offers a fresh pair and the database keeps the first: insert-if-absent, re-read.
   */
  private async loadKeys(): Promise<VapidKeys> {
    const { publicKey, privateKey } = this.options;
    if (publicKey && privateKey) return { publicKey, privateKey };
    const offered = webpush.generateVAPIDKeys();
    await insertSettingIfAbsent(this.db, VAPID_SETTING, JSON.stringify(offered), true);
    const stored = await readSetting(this.db, VAPID_SETTING);
    if (!stored) throw new Error('VAPID keys could not be stored');
    return JSON.parse(stored) as VapidKeys;
  }

  /** POST /api/push/subscriptions: this device's subscription, owned by the signed-in user from now on. */
  async subscribe(
    user: SessionUser,
    body: PushSubscriptionBody,
    userAgent: string | undefined,
  ): Promise<void> {
    // SPEC §5 Other: push setup applies only to servers and admins (the route allows no one else).
    if (!this.allowEndpoint(new URL(body.endpoint))) {
      throw badRequest(MSG.pushServiceNotAllowed, 'push_service_not_allowed');
    }
    if (!isP256Point(body.keys.p256dh) || Buffer.from(body.keys.auth, 'base64url').length !== 16) {
      throw badRequest(MSG.badRequest, 'push_keys_invalid');
    }
    await upsertSubscription(this.db, {
      id: randomUUID(),
      userId: user.id,
      restaurantId: user.role === 'server' ? user.restaurantId : null,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      userAgent: userAgent?.slice(0, 500) ?? null,
      createdAt: this.now(),
    });
    await pruneSubscriptionsOfUser(this.db, user.id, MAX_DEVICES_PER_USER);
  }

  /** DELETE /api/push/subscriptions: only the user's own device; 404 when they have no such subscription. */
  async unsubscribe(user: SessionUser, endpoint: string): Promise<void> {
    const deleted = await deleteOwnSubscription(this.db, user.id, endpoint);
    if (!deleted) throw notFound(MSG.pushSubscriptionNotFound, 'push_subscription_not_found');
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
    // Nobody needs an alert for a request that is already completed (or gone).
    if (!found || found.status !== 'pending') return deleteOutboxRow(this.db, row.id);
    if (now - row.createdAt > this.maxAgeMs) {
      this.log.warn({ outboxId: row.id, attempts: row.attempts }, 'push given up: too old');
      this.metrics.pushDelivery('gave_up');
      return deleteOutboxRow(this.db, row.id);
    }
    const request = toApiRequest(found, now);
    const overdue = row.kind === 'overdue';
    const targets = await subscriptionsForTargets(
      this.db,
      { restaurantId: row.restaurantId, serverId: request.serverId, includeAdmins: overdue },
      now,
    );
    const pending = targets.filter((t) => !row.sentTo.includes(t.id));
    const payloadFor = (t: PushTargetRow) =>
      overdue
        ? overduePayload(request, found.escalateAfterMinutes, t.role)
        : newRequestPayload(request);
    const done = [...row.sentTo];
    const delivered: string[] = [];
    let retry = false;
    if (pending.length > 0) {
      const keys = await this.vapidKeys();
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
    keys: VapidKeys,
  ): Promise<'delivered' | 'dropped' | 'retry'> {
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.subject, ...keys },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          // One message per request waits at the push service: an escalation replaces an undelivered alert.
          topic: request.id.replace(/-/g, '').slice(0, 32),
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
    if (err instanceof webpush.WebPushError) {
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
