/**
 * Push subscriptions, one per device (decision 010; SPEC §4 notification permission): a device is registered to the
 * signed-in server or admin, and only its owner removes it.
 */
import { ECDH, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { MSG } from '@shared/messages';
import type { PushSubscriptionBody } from '@shared/schemas';
import { badRequest, notFound } from '../../http/errors';
import type { SessionUser } from '../auth/auth.service';
import { deleteOwnSubscription, pruneSubscriptionsOfUser, upsertSubscription } from './push.repo';

/** Devices kept per user; registering another drops the oldest. */
const MAX_DEVICES_PER_USER = 10;

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

export class PushSubscriptions {
  constructor(
    private readonly db: Db,
    /** Which push services the server may POST to. */
    private readonly allowEndpoint: (endpoint: URL) => boolean,
    private readonly now: () => number,
  ) {}

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
}
