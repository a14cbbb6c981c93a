/**
 * Web Push on this device (SPEC §4 notification permission, §5 'Push setup applies only to users with role server
 * or admin, and only when the browser supports notifications and service workers', §7 push messaging).
 * 'default': the person is asked from a button (browsers want a user gesture); 'granted': this device subscribes
 * with the server's VAPID key and registers the subscription; 'denied': left alone and shown as such.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from './api-client';
import { api } from './api-ref';

type PushState = 'unsupported' | 'default' | 'denied' | 'enabling' | 'on' | 'error';

/** The service worker registers after the page loads; subscribing waits this long for it. */
const SERVICE_WORKER_WAIT_MS = 10_000;
/** The browser's push service (FCM, Mozilla, Apple) answers a subscribe within this, or it counts as failed. */
const SUBSCRIBE_WAIT_MS = 20_000;
/** Logout never waits longer than this for the device's push clean-up. */
const LOGOUT_CLEANUP_MS = 3_000;

function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe wants. */
function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (a === null || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Subscribes this device (or reuses its subscription) and registers it for the signed-in user. */
async function subscribeThisDevice(): Promise<void> {
  const registration = await withTimeout(
    navigator.serviceWorker.ready,
    SERVICE_WORKER_WAIT_MS,
    'service worker',
  );
  const { publicKey } = await call(api('getPushPublicKey'));
  const key = applicationServerKey(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription bound to other VAPID keys (another deployment) can never be pushed to by this one.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await withTimeout(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    SUBSCRIBE_WAIT_MS,
    'push subscription',
  );
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) {
    throw new Error('The browser returned an incomplete push subscription');
  }
  await call(api('subscribePush'), {
    body: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } },
  });
}

/**
 * SPEC §4 logout: the user's push registration on this device is removed — on the server (while the session is
 * still valid) and at the browser's push service, so nothing for this user reaches the device any more. The
 * service worker itself stays: it also serves the offline shell (docs/decisions/011).
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!isPushSupported()) return;
  const work = (async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    // 404: it was never registered for this user; either way it goes at the push service too.
    await call(api('unsubscribePush'), { body: { endpoint: subscription.endpoint } }).catch(
      () => {},
    );
    await subscription.unsubscribe().catch(() => false);
  })();
  await withTimeout(work, LOGOUT_CLEANUP_MS, 'push clean-up').catch(() => undefined);
}

function permissionState(): PushState {
  if (!isPushSupported()) return 'unsupported';
  switch (Notification.permission) {
    case 'granted':
      return 'enabling';
    case 'denied':
      return 'denied';
    case 'default':
      return 'default';
  }
}

export interface PushNotifications {
  state: PushState;
  /** From a click: asks for permission when needed, then subscribes this device. */
  enable: () => Promise<void>;
}

/**
 * The notification permission flow for one signed-in staff member (pass null for users push does not apply to).
 * With permission already granted, the device is registered again at every sign-in, so it always belongs to
 * whoever uses it now.
 */
export function usePushNotifications(userId: string | null): PushNotifications {
  const [state, setState] = useState<PushState>(permissionState);
  const running = useRef<Promise<void> | null>(null);

  // One subscription attempt at a time (the click and the permission change may both start one).
  const subscribe = useCallback(() => {
    running.current ??= (async () => {
      setState('enabling');
      try {
        await subscribeThisDevice();
        setState('on');
      } catch {
        setState(Notification.permission === 'denied' ? 'denied' : 'error');
      } finally {
        running.current = null;
      }
    })();
    return running.current;
  }, []);

  useEffect(() => {
    if (userId === null || !isPushSupported()) return;
    if (Notification.permission === 'granted') void subscribe();
    else setState(permissionState());
  }, [userId, subscribe]);

  // Permission changed in the browser's site settings while the app is open.
  useEffect(() => {
    if (userId === null || !isPushSupported() || !('permissions' in navigator)) return;
    let status: PermissionStatus | null = null;
    const onChange = () => {
      if (Notification.permission === 'granted') void subscribe();
      else setState(permissionState());
    };
    navigator.permissions
      .query({ name: 'notifications' })
      .then((result) => {
        status = result;
        status.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', onChange);
  }, [userId, subscribe]);

  const enable = useCallback(async () => {
    if (!isPushSupported()) return;
    setState('enabling');
    const permission = await Notification.requestPermission();
    if (permission === 'granted') await subscribe();
    else setState(permission === 'denied' ? 'denied' : 'default');
  }, [subscribe]);

  return { state: userId === null ? 'unsupported' : state, enable };
}
