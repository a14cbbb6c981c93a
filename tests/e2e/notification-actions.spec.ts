/**
 * Issue 28 item 2 in Chromium (decision 090): a call's push reaches the service worker, which shows it as the
 * table's one notification with "On my way" / "Done"; a second push of the same table replaces it; "On my way" from
 * the notification takes the call through the real API with the device's own session, without opening a page of the
 * app; a refused action leaves a follow-up notification in the recipient's language.
 *
 * Chromium cannot subscribe to a push service here (FCM is out of reach), so the pushes are delivered the way
 * DevTools' "Push" button does: CDP's ServiceWorker.deliverPushMessage hands the worker a real, trusted push event
 * with the payload the server would have encrypted (built by the server's own payload function from the real call).
 * A notification's action button cannot be clicked by automation, so the test dispatches the worker's own
 * notificationclick event with that notification and the action, which runs the worker's handler as a tap would,
 * and waits for the work the handler hands to waitUntil.
 */
import type { APIRequestContext, BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import type { ServiceRequest } from '@shared/schemas';
import { serverI18n } from '../../src/server/i18n';
import { newRequestPayload, overduePayload } from '../../src/server/modules/push/push-payloads';
import { DEMO, ORIGIN, expect, signInWithPinApi, test, type DemoTable } from './support';

const [alex, sam] = DEMO.servers;

let admin: APIRequestContext;
let samApi: APIRequestContext;
let context: BrowserContext;
let page: Page;
let worker: Worker;
let cdp: CDPSession;
let registrationId: string;
const tables: DemoTable[] = [];

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ keepDemoFloor: true });

/** A guest's press at `table`; the call as staff see it. */
async function pressAt(table: DemoTable): Promise<ServiceRequest> {
  const res = await admin.post(
    `/api/public/restaurants/${table.restaurantId}/tables/${table.id}/requests`,
    { data: { type: 'order' } },
  );
  expect(res.status()).toBe(201);
  const id = ((await res.json()) as { request: { id: string } }).request.id;
  return callById(id);
}

async function callById(id: string): Promise<ServiceRequest> {
  let cursor: string | null = null;
  do {
    const res = await admin.get('/api/restaurants/demo-bistro/requests', {
      params: cursor ? { cursor } : {},
    });
    expect(res.ok()).toBe(true);
    const page = (await res.json()) as { pending: ServiceRequest[]; nextCursor: string | null };
    const call = page.pending.find((r) => r.id === id);
    if (call) return call;
    cursor = page.nextCursor;
  } while (cursor);
  throw new Error(`call ${id} is not open`);
}

/** Hands the worker a push, as the push service would after decrypting the server's message. */
async function push(payload: object): Promise<void> {
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: ORIGIN,
    registrationId,
    data: JSON.stringify(payload),
  });
}

/** The notifications the worker shows now: title, body, tag, action ids. */
function shown(tag: string) {
  return worker.evaluate(async (t) => {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const list = await sw.registration.getNotifications({ tag: t });
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: ((n as unknown as { actions?: { action: string }[] }).actions ?? []).map(
        (a) => a.action,
      ),
    }));
  }, tag);
}

/**
 * What a tap on one of the notification's buttons does: the worker's notificationclick with that action. A synthetic
 * event's own waitUntil throws (it is not trusted), so the test's event takes the handler's promise itself and waits
 * for it: the tap returns when the worker has done all it does for the tap.
 */
function tap(tag: string, action: 'take' | 'done') {
  return worker.evaluate(
    async ({ t, a }) => {
      const sw = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await sw.registration.getNotifications({ tag: t });
      if (!notification) throw new Error(`no notification tagged ${t}`);
      const event = new NotificationEvent('notificationclick', { notification, action: a });
      const work: Promise<unknown>[] = [];
      Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => work.push(p) });
      sw.dispatchEvent(event);
      if (work.length !== 1) throw new Error('the worker did not take the tap');
      await work[0];
    },
    { t: tag, a: action },
  );
}

test.beforeAll(async ({ playwright, browser }, testInfo) => {
  // Signing in, a service worker's first install and CDP's registration on a busy two-core machine.
  test.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL;
  const extraHTTPHeaders = { origin: ORIGIN };
  admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
  samApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
  const login = await admin.post('/api/auth/login', {
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  expect(login.ok()).toBe(true);
  for (const number of ['N1', 'N2', 'N3']) {
    const res = await admin.post('/api/restaurants/demo-bistro/tables', { data: { number } });
    expect(res.status()).toBe(201);
    tables.push(((await res.json()) as { table: DemoTable }).table);
  }
  await signInWithPinApi(samApi, sam);

  context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: ORIGIN });
  page = await context.newPage();
  await signInWithPinApi(page.request, alex);
  cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${ORIGIN}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const workerStarted = context.waitForEvent('serviceworker');
  await page.goto('/server/requests');
  await expect(page.getByRole('heading', { name: 'Table Service Requests' })).toBeVisible({
    timeout: 60_000,
  });
  worker = context.serviceWorkers()[0] ?? (await workerStarted);
  registrationId = await registered;
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
});

test.afterAll(async () => {
  for (const table of tables) await admin.delete(`/api/tables/${table.id}`);
  await context?.close();
  await admin?.dispose();
  await samApi?.dispose();
});

test('a push shows the table’s one notification with its actions; a second push of the table replaces it', async () => {
  const call = await pressAt(tables[0]!);
  const first = newRequestPayload(call);
  await push(first);
  await expect
    .poll(() => shown(first.tag))
    .toEqual([{ title: first.title, body: first.body, tag: first.tag, actions: ['take', 'done'] }]);

  const overdue = overduePayload(call, 3, 'server');
  expect(overdue.tag).toBe(first.tag);
  expect(overdue.title).not.toBe(first.title);
  await push(overdue);
  await expect
    .poll(() => shown(first.tag))
    .toEqual([
      { title: overdue.title, body: overdue.body, tag: first.tag, actions: ['take', 'done'] },
    ]);
});

test('“On my way” from the notification takes the call with the device’s session, and the alert goes', async () => {
  const call = await pressAt(tables[1]!);
  const alert = newRequestPayload(call);
  await push(alert);
  await expect.poll(async () => (await shown(alert.tag)).length).toBe(1);

  await tap(alert.tag, 'take');
  await expect
    .poll(async () => {
      const now = await callById(call.id);
      return { status: now.status, by: now.acknowledgedBy?.name };
    })
    .toEqual({ status: 'acknowledged', by: alex.name });
  await expect.poll(() => shown(alert.tag)).toEqual([]);
});

test('a refused action leaves a follow-up notification that says why, in the recipient’s language', async () => {
  const call = await pressAt(tables[2]!);
  // A server who reads Spanish: the alert carries the follow-up's texts, the worker has no catalogue of its own.
  const alert = newRequestPayload(call, serverI18n('es'));
  await push(alert);
  await expect.poll(async () => (await shown(alert.tag)).length).toBe(1);
  // Sam takes the call on his console before Alex's tap arrives.
  const taken = await samApi.post(`/api/requests/${call.id}/acknowledge`, {});
  expect(taken.ok()).toBe(true);

  await tap(alert.tag, 'take');
  await expect
    .poll(() => shown(alert.tag))
    .toEqual([
      {
        title: alert.failedTitle,
        body: `${sam.name} ya se está encargando.`,
        tag: alert.tag,
        actions: [],
      },
    ]);
  expect((await callById(call.id)).acknowledgedBy?.name).toBe(sam.name);
});
