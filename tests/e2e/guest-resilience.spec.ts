/**
 * Issue 29 item 1 (decision 056): the guest page survives the service going down — a press says so inline (never a
 * browser dialog), tries again by itself and arrives exactly once when the service is back; a reload while it is down
 * shows the restaurant's page from the phone's cache. Issue 28 item 5 (decision 057): a guest whose request was
 * completed can press again at once, and the page shows one countdown only.
 *
 * The first test stops and restarts a server of its own (the compiled dist/server/main.js, as scripts/e2e-server.mjs
 * starts it, on E2E_PORT + 10 with its own DATA_DIR), never the shared e2e server.
 */
import type { ChildProcess } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { OWN_ORIGIN, ownServer } from './own-server';
import { DEMO, demoTables, expect, ORIGIN, test } from './support';

const own = ownServer('resilience');

/** The demo's requests at `tableId` of type `type`, read as its owner. */
async function requestsAt(api: APIRequestContext, tableId: string, type: string) {
  const res = await api.get('/api/restaurants/demo-bistro/requests');
  expect(res.ok()).toBe(true);
  const { pending, completed } = (await res.json()) as {
    pending: { tableId: string; type: string }[];
    completed: { tableId: string; type: string }[];
  };
  return [...pending, ...completed].filter((r) => r.tableId === tableId && r.type === type);
}

/** Fails the test on any native dialog (alert, confirm, prompt): the guest page has none (issue 29). */
function forbidDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

test('with the service down a press says so inline and arrives once it is back; a reload shows the cached page', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(300_000);
  own.seed();
  let server: ChildProcess | null = await own.start();
  const api = await playwright.request.newContext({
    baseURL: OWN_ORIGIN,
    extraHTTPHeaders: { origin: OWN_ORIGIN },
  });
  const context = await browser.newContext({
    baseURL: OWN_ORIGIN,
    viewport: { width: 360, height: 740 },
  });
  try {
    const table = (await demoTables(api)).find((t) => t.number === '2')!;
    const page = await context.newPage();
    const dialogs = forbidDialogs(page);
    const tablePath = `/table/${table.restaurantId}/${table.id}`;
    await page.goto(tablePath);
    await expect(page.getByRole('heading', { name: 'Demo Bistro' })).toBeVisible();

    // The guest page's own worker (scope /table/) controls the page and has kept it.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
      return { script: registration.active?.scriptURL, scope: registration.scope };
    });
    expect(worker).toEqual({
      script: `${OWN_ORIGIN}/guest-sw.js`,
      scope: `${OWN_ORIGIN}/table/`,
    });
    await expect
      .poll(() =>
        page.evaluate(
          async (key) => (await (await caches.open('guest-pages')).match(key)) !== undefined,
          `${OWN_ORIGIN}${tablePath}`,
        ),
      )
      .toBe(true);

    // The service goes down; the guest presses.
    await own.stop(server);
    server = null;
    await page.getByRole('button', { name: 'Ready to Order' }).click();
    const notice = page.locator('[data-guest-connection]');
    await expect(notice).toContainText('The service can’t be reached right now.');
    await expect(notice).toContainText(
      'Your request “Ready to Order” hasn’t reached the staff yet. It will be sent as soon as the service answers.',
    );
    await expect(notice).toContainText('Trying again…');
    await expect(page.getByRole('status').filter({ hasText: 'Trying again…' })).toBeVisible();
    // The other buttons wait while the press is on its way.
    await expect(page.getByRole('button', { name: 'Get Bill' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    // A reload while the service is down: the restaurant's page from the phone's cache, and the press still waits.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-guest-cached', '');
    await expect(page.getByRole('heading', { name: 'Demo Bistro' })).toBeVisible();
    await expect(page.getByText('Table 2', { exact: true })).toBeVisible();
    for (const name of ['Request Server', 'Refill Drinks', 'Get Bill'])
      await expect(page.getByRole('button', { name })).toBeVisible();
    // The press goes on after the reload: its button says it is being sent.
    await expect(page.locator('button[data-request-type="order"]')).toHaveText('Sending...');
    await expect(notice).toContainText('The service can’t be reached right now.');
    await expect(notice).toContainText(
      'Your request “Ready to Order” hasn’t reached the staff yet.',
    );

    // The service comes back on the same port: the press arrives by itself, once.
    server = await own.start();
    await expect(notice).toHaveCount(0, { timeout: 30_000 });
    const status = page.getByRole('region', { name: 'Your request' });
    await expect(status).toContainText('Ready to Order');
    await expect(status).toContainText('Waiting for a server');
    const staff = await playwright.request.newContext({
      baseURL: OWN_ORIGIN,
      extraHTTPHeaders: { origin: OWN_ORIGIN },
    });
    try {
      const login = await staff.post('/api/auth/login', {
        data: { email: DEMO.admin.email, password: DEMO.admin.password },
      });
      expect(login.ok()).toBe(true);
      expect(await requestsAt(staff, table.id, 'order')).toHaveLength(1);
      // Once more after a reload with the service up: nothing was left to send twice.
      await page.reload();
      await expect(page.locator('html')).not.toHaveAttribute('data-guest-cached');
      await expect(status).toContainText('Ready to Order');
      await expect(notice).toHaveCount(0);
      expect(await requestsAt(staff, table.id, 'order')).toHaveLength(1);
    } finally {
      await staff.dispose();
    }
    expect(dialogs).toEqual([]);
  } finally {
    await context.close();
    await api.dispose();
    await own.stop(server);
  }
});

test('a guest whose request was completed can press again at once, with one countdown on the page', async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({
    baseURL: ORIGIN,
    extraHTTPHeaders: { origin: ORIGIN },
  });
  const guest = await browser.newPage({ viewport: { width: 360, height: 740 } });
  try {
    const dialogs = forbidDialogs(guest);
    const table = (await demoTables(api)).find((t) => t.number === '5')!;
    await guest.goto(`/table/${table.restaurantId}/${table.id}`);

    const pressed = guest.waitForResponse(
      (res) => res.request().method() === 'POST' && res.url().endsWith('/requests'),
    );
    await guest.getByRole('button', { name: 'Get Bill' }).click();
    const answer = await pressed;
    expect(answer.status()).toBe(201);
    // Every press carries its own key.
    expect(answer.request().headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const { request } = (await answer.json()) as { request: { id: string } };
    await expect(guest.getByRole('region', { name: 'Your request' })).toContainText('Get Bill');

    // During the cool-down a press is refused with which request is in; the seconds are the countdown's alone.
    const refill = guest.getByRole('button', { name: 'Refill Drinks' });
    await expect(refill).toHaveAttribute('aria-disabled', 'true');
    // A press on an aria-disabled button (decision 031): Playwright's click would wait for it to be enabled.
    await refill.focus();
    await guest.keyboard.press('Enter');
    const refusal = guest.getByRole('status').filter({ hasText: 'already in' });
    await expect(refusal).toHaveText(
      /^This table’s request is already in: Get Bill, sent (just now|\d+ s ago)\.$/,
    );
    // One countdown on screen (the screen reader's announcement of the press is not shown).
    const countdowns = guest
      .getByText(/^You can send another request in \d+s$/)
      .filter({ visible: true });
    await expect(countdowns).toHaveCount(1);

    // Staff complete it: the cool-down ends with the request.
    const completed = await api.post(`/api/requests/${request.id}/complete`, { data: {} });
    expect(completed.ok()).toBe(true);
    await expect(guest.getByRole('region', { name: 'Your request' })).toContainText('Done ✓');
    for (const name of ['Request Server', 'Ready to Order', 'Refill Drinks', 'Get Bill'])
      await expect(guest.getByRole('button', { name })).toBeEnabled();
    await expect(countdowns).toHaveCount(0);
    await expect(refusal).toHaveCount(0);

    // The next press is accepted by the server.
    const next = guest.waitForResponse(
      (res) => res.request().method() === 'POST' && res.url().endsWith('/requests'),
    );
    await guest.getByRole('button', { name: 'Ready to Order' }).click();
    expect((await next).status()).toBe(201);
    await expect(guest.getByRole('region', { name: 'Your request' })).toContainText(
      'Ready to Order',
    );
    await expect(countdowns).toHaveCount(1);
    expect(dialogs).toEqual([]);
  } finally {
    await guest.close();
    await api.dispose();
  }
});
