import {
  expect,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEMO } from '../../src/server/demo';
import { decodeQuotedPrintable, linkIn } from '../support/smtp-peer';

export { DEMO, expect };

/**
 * Issue 6: the built app must pass its Content-Security-Policy with no violation. Every page of a watched context
 * records `securitypolicyviolation` events (an init script, so it runs before any of the app's code) and reports
 * them to the test, which fails if there were any.
 */
let violations: string[] = [];
const watched = new WeakSet<BrowserContext>();

export async function watchCsp(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  const sink = violations;
  await context.exposeBinding('__cspViolation', (_source, report: string) => {
    sink.push(report);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __cspViolation?: (r: string) => Promise<void> })
          .__cspViolation;
        void report?.(
          `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} on ${location.pathname}` +
            ` (${e.sourceFile || 'document'}:${e.lineNumber}) ${e.sample}`.trimEnd(),
        );
      },
      true,
    );
  });
}

/**
 * The `test` every spec uses: an automatic fixture watches the default context and every context the test opens
 * with `browser.newContext()`/`browser.newPage()` (persistent contexts call watchCsp themselves), and fails the
 * test on any CSP violation.
 */
export const test = base.extend<{
  cspViolations: string[];
  keepDemoFloor: boolean;
  demoFloorLeftClear: void;
}>({
  cspViolations: [
    async ({ context, browser }, provide) => {
      violations = [];
      const seen = violations;
      await watchCsp(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const created = await newContext(...args);
        await watchCsp(created);
        return created;
      };
      try {
        await provide(seen);
      } finally {
        browser.newContext = newContext;
      }
      expect(seen, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  /** A file whose tests share an open request on purpose (pwa.spec.ts) sets this, and clears it in its afterAll. */
  keepDemoFloor: [false, { option: true }],
  /**
   * The specs share the demo restaurant and several start from its empty request list. Before and after every
   * test — passed or failed, so one failure does not cascade into the next specs (it did in CI) — the demo owner
   * completes whatever is still open there, through the API, on a request context of its own.
   */
  demoFloorLeftClear: [
    async ({ playwright, keepDemoFloor }, provide) => {
      if (!keepDemoFloor) await clearDemoFloor(playwright);
      await provide();
      if (!keepDemoFloor) await clearDemoFloor(playwright);
    },
    { auto: true },
  ],
});

/**
 * The app's origin. Browsers send it as `Origin` on every state-changing fetch, and the server refuses a
 * cookie-authenticated change without it (CSRF); Playwright's API requests must send it themselves.
 */
export const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;

/**
 * scripts/e2e-server.mjs sends the app's mail over SMTP to a real peer (tests/support/smtp-peer.ts), which writes each
 * message as an .eml file here; a run on another port has its own data directory.
 */
const OUTBOX = path.resolve(
  `.tmp/e2e-data${process.env.E2E_PORT && process.env.E2E_PORT !== '4173' ? `-${process.env.E2E_PORT}` : ''}/outbox`,
);

/** Every mail to `email` in the outbox, newest first (names start with an ISO timestamp and a sequence number). */
async function mailsIn(email: string): Promise<string[]> {
  let files: string[];
  try {
    files = await fs.readdir(OUTBOX);
  } catch {
    return [];
  }
  const to = new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'im');
  const mails: string[] = [];
  for (const file of files
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse()) {
    const raw = await fs.readFile(path.join(OUTBOX, file), 'utf8');
    if (to.test(decodeQuotedPrintable(raw))) mails.push(raw);
  }
  return mails;
}

/** The newest mail to `email` that carries a link to `pathname` (?token=…): that link, or null while none came. */
export async function newestMailLink(email: string, pathname: string): Promise<string | null> {
  const mail = (await mailsIn(email)).find((raw) =>
    decodeQuotedPrintable(raw).includes(`${pathname}?token=`),
  );
  return mail === undefined ? null : linkIn(mail, pathname);
}

/** How many mails `email` has had (an unknown address must get none). */
export async function mailCountTo(email: string): Promise<number> {
  return (await mailsIn(email)).length;
}

export interface DemoTable {
  id: string;
  number: string;
  restaurantId: string;
}

/** The demo restaurant's tables, read through the API as its admin. */
export async function demoTables(request: APIRequestContext): Promise<DemoTable[]> {
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  expect(login.ok()).toBe(true);
  const res = await request.get('/api/restaurants/demo-bistro/tables');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { tables: DemoTable[] }).tables;
}

/** Signs a request context (a page's, or one of its own) in as a PIN server through the API, without a page. */
export async function signInWithPinApi(
  api: APIRequestContext,
  who: { loginId: string; pin: string },
): Promise<void> {
  const res = await api.post('/api/auth/pin-login', {
    data: { loginId: who.loginId, pin: who.pin },
    headers: { origin: ORIGIN },
  });
  expect(res.ok(), `sign-in as ${who.loginId}: ${res.status()}`).toBe(true);
}

export async function signInWithPin(page: Page, loginId: string, pin: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Login ID & PIN' }).click();
  await page.getByLabel('Login ID').fill(loginId);
  await page.getByLabel('PIN').fill(pin);
  await submitSignIn(page, '/api/auth/pin-login');
}

export async function signInWithEmail(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Email & Password' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await submitSignIn(page, '/api/auth/login');
}

/**
 * Presses Sign In and waits for the server's answer (accepted or refused): a navigation while the POST is in flight
 * would abort it, and the page would stay signed out (a pranks.spec run on a slower CI machine did exactly that).
 */
async function submitSignIn(page: Page, apiPath: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === apiPath,
  );
  await page.getByRole('button', { name: 'Sign In' }).click();
  await answered;
}

/**
 * Signs `page` in as the demo admin and creates a restaurant of their own with one table, so a spec can change
 * branding or leave requests behind without touching the demo restaurant other specs rely on.
 */
export async function ownRestaurantWithTable(
  page: Page,
  name: string,
  tableNumber: string,
): Promise<{ restaurantId: string; tableId: string }> {
  await signInWithEmail(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const created = await page.request.post('/api/restaurants', {
    data: { name },
    headers: { origin: ORIGIN },
  });
  expect(created.status()).toBe(201);
  const { restaurant } = (await created.json()) as { restaurant: { id: string } };
  const table = await page.request.post(`/api/restaurants/${restaurant.id}/tables`, {
    data: { number: tableNumber },
    headers: { origin: ORIGIN },
  });
  expect(table.status()).toBe(201);
  const { table: guestTable } = (await table.json()) as { table: { id: string } };
  return { restaurantId: restaurant.id, tableId: guestTable.id };
}

/** Makes `restaurantId` the signed-in owner's active restaurant (decision 009: the choice lives on the device). */
export async function makeActiveRestaurant(page: Page, restaurantId: string): Promise<void> {
  const session = await page.request.get('/api/session');
  const userId = ((await session.json()) as { user: { id: string } }).user.id;
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    `table-service.active-restaurant.${userId}`,
    restaurantId,
  ] as const);
}

/** Completes every open request of the demo restaurant as its owner (demoFloorLeftClear). */
async function clearDemoFloor(playwright: PlaywrightWorkerArgs['playwright']): Promise<void> {
  const api = await playwright.request.newContext({ baseURL: ORIGIN });
  try {
    const login = await api.post('/api/auth/login', {
      data: { email: DEMO.admin.email, password: DEMO.admin.password },
      headers: { origin: ORIGIN },
    });
    // A spec that changed the demo owner's password has no demo floor to leave clear.
    if (!login.ok()) return;
    const res = await api.get('/api/restaurants/demo-bistro/requests');
    if (!res.ok()) return;
    const { pending } = (await res.json()) as { pending: { id: string }[] };
    for (const { id } of pending) {
      const done = await api.post(`/api/requests/${id}/complete`, {
        data: {},
        headers: { origin: ORIGIN },
      });
      // 409: someone completed it in the meantime.
      expect([200, 409], `complete ${id}: ${await done.text()}`).toContain(done.status());
    }
  } finally {
    await api.dispose();
  }
}

/** A 360 × 740 phone, as the guest and console specs open their pages. */
export const PHONE_VIEWPORT = { width: 360, height: 740 };

/**
 * Opens a table's guest page on a phone of its own and waits until the app has taken the server-drawn page over
 * (the embedded data is consumed): a note typed or a box ticked before that would be drawn over by hydration.
 */
export async function openGuestPage(
  browser: import('@playwright/test').Browser,
  restaurantId: string,
  tableId: string,
  tableLabel: string,
  /** The phone's language (its Accept-Language); absent: the browser's default, English. */
  locale?: string,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    hasTouch: true,
    isMobile: true,
    ...(locale ? { locale } : {}),
  });
  const page = await context.newPage();
  await page.goto(`/table/${restaurantId}/${tableId}`);
  await expect(page.getByText(tableLabel, { exact: true })).toBeVisible();
  await expect(page.locator('#guest-data')).toHaveCount(0);
  return page;
}

/** A short suffix that keeps names made by one run of a spec apart from another run's (restaurants, logins). */
export const unique = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
