/// <reference lib="webworker" />
/**
 * What the service worker does with a call's alert (issue 28 items 2 and 3; decisions 090, 091): shows it as the
 * table's one notification (a later push of the same table replaces it), confirms to the server that this device
 * showed it (a receipt), and runs its "On my way" / "Done" actions with the device's own session, from the lock
 * screen or a paired watch, without opening the app. A failed action is answered by a follow-up notification that
 * says why in the recipient's language (the alert carries those texts). Kept apart from sw.ts (which also precaches
 * the app) so a test can drive it in the worker.
 */
import type { PushAction, PushPayload, PushRefusals } from '@shared/schemas';
import { apiUrl, routes } from '@shared/api/routes';

/** SPEC §9: the new-request vibration pattern. */
const VIBRATION = [200, 100, 200];
const FALLBACK: PushPayload = { title: 'Table Service', body: '', tag: '', url: '/' };

import { SOUND_MODE_CACHE, SOUND_MODE_KEY } from './lib/sound-mode-store';

type SoundMode = 'every' | 'overdue' | 'silent';

/** What a notification carries for its click and its actions. */
interface AlertData {
  url: string;
  requestId?: string;
  failedTitle?: string;
  refusals?: PushRefusals;
}

function readPayload(data: PushMessageData | null): PushPayload {
  try {
    const parsed = data?.json() as Partial<PushPayload> | undefined;
    if (!parsed || typeof parsed.title !== 'string') return FALLBACK;
    const actions = Array.isArray(parsed.actions)
      ? parsed.actions.filter(
          (a): a is PushAction =>
            (a.action === 'take' || a.action === 'done') && typeof a.title === 'string',
        )
      : [];
    return {
      title: parsed.title,
      body: typeof parsed.body === 'string' ? parsed.body : '',
      tag: typeof parsed.tag === 'string' ? parsed.tag : '',
      url: typeof parsed.url === 'string' ? parsed.url : '/',
      ...(typeof parsed.requestId === 'string' ? { requestId: parsed.requestId } : {}),
      ...(parsed.kind === 'closed' || parsed.kind === 'alert' ? { kind: parsed.kind } : {}),
      ...(actions.length > 0 ? { actions } : {}),
      ...(typeof parsed.failedTitle === 'string' ? { failedTitle: parsed.failedTitle } : {}),
      ...(parsed.late === true ? { late: true } : {}),
      ...(isRefusals(parsed.refusals) ? { refusals: parsed.refusals } : {}),
    };
  } catch {
    return FALLBACK;
  }
}

const REFUSAL_KEYS: (keyof PushRefusals)[] = [
  'takenBy',
  'takenBySomeone',
  'completed',
  'dismissed',
  'cancelled',
  'signedOut',
  'offline',
  'unanswered',
];

function isRefusals(value: unknown): value is PushRefusals {
  if (typeof value !== 'object' || value === null) return false;
  const texts = value as Record<string, unknown>;
  return REFUSAL_KEYS.every((key) => typeof texts[key] === 'string');
}

// Chromium's types lack vibrate, renotify and actions, which Android (and watches paired with it) honour.
type AlertOptions = NotificationOptions & {
  vibrate?: number[];
  renotify?: boolean;
  actions?: { action: string; title: string }[];
};

async function soundMode(): Promise<SoundMode> {
  try {
    const cache = await caches.open(SOUND_MODE_CACHE);
    const stored = await (await cache.match(SOUND_MODE_KEY))?.text();
    return stored === 'overdue' || stored === 'silent' ? stored : 'every';
  } catch {
    return 'every';
  }
}

/** Shows a push: the table's alert, replacing any earlier one of the table; a handled call's quiet line. */
async function showPush(
  registration: ServiceWorkerRegistration,
  payload: PushPayload,
  mode: SoundMode,
): Promise<void> {
  const data: AlertData = {
    url: payload.url,
    ...(payload.requestId ? { requestId: payload.requestId } : {}),
    ...(payload.failedTitle ? { failedTitle: payload.failedTitle } : {}),
    ...(payload.refusals ? { refusals: payload.refusals } : {}),
  };
  const closed = payload.kind === 'closed';
  const quiet = closed || mode === 'silent' || (mode === 'overdue' && payload.late !== true);
  const options: AlertOptions = {
    body: payload.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data,
    // A call stays on screen until someone looks at it; a handled one may go by itself.
    requireInteraction: !closed,
    silent: quiet,
  };
  if (!quiet) options.vibrate = VIBRATION;
  if (!closed && payload.actions) options.actions = payload.actions;
  if (payload.tag) {
    // One notification per table (decision 090); a new alert of the table alerts again, its closing does not.
    options.tag = payload.tag;
    options.renotify = !quiet;
  }
  await registration.showNotification(payload.title, options);
}

/** POSTs to one of our routes with this device's session cookie (same origin: the browser sends our Origin). */
function post(url: string): Promise<Response> {
  return fetch(url, { method: 'POST', credentials: 'include' });
}

/** Decision 091: this device showed the call's alert. Best effort: a lost receipt only means the call widens. */
async function sendReceipt(requestId: string): Promise<void> {
  await post(apiUrl(routes.confirmAlertShown, { requestId })).catch(() => undefined);
}

/** The handler of a push event: show it, then confirm it (alerts only). */
export async function onPush(
  registration: ServiceWorkerRegistration,
  data: PushMessageData | null,
): Promise<void> {
  const payload = readPayload(data);
  await showPush(registration, payload, await soundMode());
  if (payload.kind === 'alert' && payload.requestId) await sendReceipt(payload.requestId);
}

/** An error answer's code, values and message, as far as it has them. */
async function readError(
  response: Response,
): Promise<{ code?: string; name?: string; message?: string }> {
  try {
    const body = (await response.json()) as {
      error?: { code?: unknown; message?: unknown; values?: { name?: unknown } };
    };
    const error = body.error ?? {};
    return {
      ...(typeof error.code === 'string' ? { code: error.code } : {}),
      ...(typeof error.values?.name === 'string' ? { name: error.values.name } : {}),
      ...(typeof error.message === 'string' ? { message: error.message } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * Why an action failed, in the recipient's language where the alert carried the texts (decision 090): the call's
 * own refusals by their code, a lost session, a 5xx. Another refusal keeps the server's words.
 */
async function refusalText(response: Response, texts: PushRefusals | undefined): Promise<string> {
  const { code, name, message } = await readError(response);
  if (texts) {
    if (code === 'request_taken')
      return name ? texts.takenBy.replace('{name}', name) : texts.takenBySomeone;
    if (code === 'request_completed') return texts.completed;
    if (code === 'request_dismissed') return texts.dismissed;
    if (code === 'request_cancelled') return texts.cancelled;
    if (response.status === 401) return texts.signedOut;
    if (response.status >= 500) return texts.unanswered;
  }
  return message ?? `HTTP ${response.status}`;
}

/**
 * Decision 090: "On my way" (take) or "Done" (complete) from the notification. The server decides whether this
 * device's user may (the same rules as the console); on success the notification is gone, on failure a follow-up
 * notification of the same table says why, in the recipient's language.
 */
export async function onAction(
  registration: ServiceWorkerRegistration,
  notification: Notification,
  action: string,
): Promise<void> {
  const data = (notification.data ?? {}) as Partial<AlertData>;
  if ((action !== 'take' && action !== 'done') || typeof data.requestId !== 'string') return;
  notification.close();
  const route = action === 'take' ? routes.acknowledgeRequest : routes.completeRequest;
  let problem: string;
  try {
    const response = await post(apiUrl(route, { requestId: data.requestId }));
    if (response.ok) return;
    problem = await refusalText(response, data.refusals);
  } catch {
    problem = data.refusals?.offline ?? 'Offline';
  }
  await registration.showNotification(data.failedTitle ?? notification.title, {
    body: problem,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    tag: notification.tag,
    data: { url: data.url ?? '/' },
  });
}
