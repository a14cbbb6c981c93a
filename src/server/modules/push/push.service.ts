/**
 * Web Push with VAPID (SPEC §1 push notifications for staff, §4 notification permission, §7 push messaging;
 * issue 5). Browsers register one subscription per device; a new request is pushed to the devices of the table's
 * server (or of every server of the restaurant when the table has none), an overdue one again and to the admin.
 * Sending happens in the background: a guest's press never waits for a push service.
 */
import { ECDH, randomUUID } from 'node:crypto';
import type https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { MSG } from '../../../shared/messages';
import { requestTypeTitle } from '../../../shared/rules';
import type { PushPayload, PushSubscriptionBody, ServiceRequest } from '../../../shared/schemas';
import { badRequest, notFound } from '../../http/errors';
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
  type PushTargetRow,
  type PushTargets,
} from './push.repo';

/** A request alert is worthless minutes later: the push service drops it after this (issue 5: short TTL). */
export const PUSH_TTL_SECONDS = 120;
/** Devices kept per user; registering another drops the oldest. */
export const MAX_DEVICES_PER_USER = 10;
const SEND_TIMEOUT_MS = 10_000;
const VAPID_SETTING = 'vapid_keys';
/** Where a click on the notification leads (client app/paths.ts). */
const SERVER_CONSOLE_PATH = '/server/requests';
const ADMIN_HOME_PATH = '/admin/dashboard';

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
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly allowEndpoint: (endpoint: URL) => boolean;
  private readonly subject: string;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    publicUrl: string,
    private readonly options: PushOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.allowEndpoint = options.allowEndpoint ?? isKnownPushService;
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

  /** RequestsService.onCreated: the table's server, or every server of the restaurant when it has none. */
  notifyNewRequest(request: ServiceRequest): void {
    this.track(
      this.send(
        { restaurantId: request.restaurantId, serverId: request.serverId, includeAdmins: false },
        request,
        () => newRequestPayload(request),
      ),
    );
  }

  /** Escalation: the same servers again, and the restaurant's admin. */
  notifyOverdue(request: ServiceRequest, minutes: number): void {
    this.track(
      this.send(
        { restaurantId: request.restaurantId, serverId: request.serverId, includeAdmins: true },
        request,
        (row) => overduePayload(request, minutes, row.role),
      ),
    );
  }

  /** Resolves when every push under way has been answered (tests, graceful shutdown). */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<unknown>): void {
    const tracked = work
      .catch((err: unknown) => this.log.error({ err }, 'push notification failed'))
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  private async send(
    targets: PushTargets,
    request: ServiceRequest,
    payloadFor: (row: PushTargetRow) => PushPayload,
  ): Promise<void> {
    const rows = await subscriptionsForTargets(this.db, targets, this.now());
    if (rows.length === 0) return;
    const keys = await this.vapidKeys();
    const delivered: string[] = [];
    await Promise.all(
      rows.map(async (row) => {
        try {
          await webpush.sendNotification(
            { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
            JSON.stringify(payloadFor(row)),
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
          delivered.push(row.id);
        } catch (err) {
          await this.handleFailure(row, err);
        }
      }),
    );
    await markDelivered(this.db, delivered, this.now());
  }

  private async handleFailure(row: PushTargetRow, err: unknown): Promise<void> {
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
        return;
      }
      this.log.warn(
        { subscriptionId: row.id, host, status: err.statusCode, body: err.body.slice(0, 200) },
        'push service refused a notification',
      );
      return;
    }
    this.log.warn(
      { subscriptionId: row.id, host, err: (err as Error).message },
      'push notification could not be sent',
    );
  }
}
