/**
 * Web Push with VAPID (SPEC §1 push notifications for staff, §4 notification permission, §7 push messaging;
 * issue 5). Browsers register one subscription per device; a new request is pushed to the devices of the table's
 * server (or of every server of the restaurant when the table has none), an overdue one again and to the admin.
 * This is what the rest of the server calls; each job has its own module: the keys (vapid-keys.ts), the devices
 * (push-subscriptions.ts), the notification texts (push-payloads.ts) and the outbox's sender (push-sender.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PushSubscriptionBody } from '@shared/schemas';
import type { Metrics } from '../../metrics/metrics';
import type { SessionUser } from '../auth/auth.service';
import { PushSender, type PushSenderOptions } from './push-sender';
import { isKnownPushService, PushSubscriptions } from './push-subscriptions';
import { VapidKeys, type VapidOptions } from './vapid-keys';

export interface PushOptions extends VapidOptions, PushSenderOptions {
  /** Which push services the server may POST to; default: the browsers' public push services. */
  allowEndpoint?: (endpoint: URL) => boolean;
}

export class PushService {
  private readonly keys: VapidKeys;
  private readonly subscriptions: PushSubscriptions;
  private readonly sender: PushSender;

  constructor(
    db: Db,
    log: FastifyBaseLogger,
    publicUrl: string,
    options: PushOptions,
    metrics: Metrics,
    now: () => number = Date.now,
  ) {
    this.keys = new VapidKeys(db, publicUrl, options);
    this.subscriptions = new PushSubscriptions(
      db,
      options.allowEndpoint ?? isKnownPushService,
      now,
    );
    this.sender = new PushSender(db, log, this.keys, options, metrics, now);
  }

  /** Loads (or generates and stores) the VAPID keys; buildApp awaits it so bad keys stop the start. */
  ready(): Promise<void> {
    return this.keys.ready();
  }

  async publicKey(): Promise<string> {
    return (await this.keys.pair()).publicKey;
  }

  subscribe(
    user: SessionUser,
    body: PushSubscriptionBody,
    userAgent: string | undefined,
  ): Promise<void> {
    return this.subscriptions.subscribe(user, body, userAgent);
  }

  unsubscribe(user: SessionUser, endpoint: string): Promise<void> {
    return this.subscriptions.unsubscribe(user, endpoint);
  }

  /** A push was queued in the outbox: drain it now, in the background (push-sender.ts). */
  kick(): void {
    this.sender.kick();
  }

  /** Drains the outbox now and periodically (retries, and pushes left by an instance that died). */
  start(intervalMs?: number): void {
    this.sender.start(intervalMs);
  }

  /** Stops draining and waits for pushes under way; what is left stays queued for the next instance. */
  stop(): Promise<void> {
    return this.sender.stop();
  }

  /** Resolves when no drain is under way (tests, graceful shutdown). */
  whenIdle(): Promise<void> {
    return this.sender.whenIdle();
  }
}
