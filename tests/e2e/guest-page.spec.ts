/**
 * Decision 017: the guest page arrives drawn by the server, React takes it over without drawing it again, and a tap
 * made before the app has loaded is still sent, once. On a restaurant of the demo admin's own, so the demo's tables
 * and requests stay as other specs expect them.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, ownRestaurantWithTable, test, unique } from './support';

async function ownRestaurant(page: Page) {
  const name = `Harbour ${unique()}`;
  const { restaurantId, tableId } = await ownRestaurantWithTable(page, name, '4');
  const pending = async () => {
    const res = await page.request.get(`/api/restaurants/${restaurantId}/requests`);
    expect(res.ok()).toBe(true);
    return (
      (await res.json()) as {
        pending: { tableNumber: string; type: string; note: string | null; urgent: boolean }[];
      }
    ).pending;
  };
  return { name, url: `/table/${restaurantId}/${tableId}`, pending };
}

/**
 * A guest's phone on a slow network: the app's script is held back until `release()`, so the server-drawn page is
 * all there is. The guest shell's service worker (decision 056) may take control at once and fetch the app's script
 * itself, past page.route: it is blocked here, so this is a first visit and nothing else.
 */
async function guestWithAppHeld(browser: Browser): Promise<{ guest: Page; release: () => void }> {
  const guest = await browser.newPage({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await guest.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { guest, release };
}

test('the guest page arrives drawn, with its data, and is live once the app takes over', async ({
  page,
  browser,
}) => {
  const own = await ownRestaurant(page);

  // The HTML itself: the header and the buttons, the table's data for the app, never cached.
  const raw = await page.request.get(own.url);
  expect(raw.headers()['cache-control']).toBe('no-store');
  const html = await raw.text();
  expect(html).toContain(`<h1 class="truncate text-2xl font-bold">${own.name}</h1>`);
  expect(html).toContain('<span>Get Bill</span>');
  expect(html).toContain('<script type="application/json" id="guest-data">');

  const guest = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors: string[] = [];
  guest.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  guest.on('pageerror', (e) => errors.push(e.message));
  // The table's data comes with the page: the app does not ask for it again.
  const tableReads: string[] = [];
  guest.on('request', (r) => {
    if (/\/api\/public\/restaurants\/[^/]+\/tables\/[^/]+$/.test(new URL(r.url()).pathname)) {
      tableReads.push(r.url());
    }
  });
  await guest.goto(own.url);
  await expect(guest.getByRole('heading', { name: own.name })).toBeVisible();
  await expect(guest.getByText('Table 4', { exact: true })).toBeVisible();
  // Taken over (hydrated): the embedded data element is consumed and a press works.
  await expect(guest.locator('#guest-data')).toHaveCount(0);
  await guest.getByRole('button', { name: 'Refill Drinks' }).click();
  await expect(guest.getByRole('button', { name: /Request sent ✓/ })).toBeVisible();
  await expect(guest.getByText(/You can send another request in \d+s/)).toBeVisible();
  expect(await own.pending()).toMatchObject([{ tableNumber: '4', type: 'refill' }]);

  // A reload draws the running cool-down on the server: the buttons arrive disabled.
  await guest.reload();
  await expect(guest.getByRole('button', { name: 'Get Bill' })).toBeDisabled();
  await expect(guest.getByText(/You can send another request in \d+s/)).toBeVisible();
  expect(tableReads).toEqual([]);
  // No hydration mismatch or any other error was reported.
  expect(errors).toEqual([]);
  await guest.close();
});

test('a tap before the app has loaded is sent once the page is live, exactly once', async ({
  page,
  browser,
}) => {
  const own = await ownRestaurant(page);
  const { guest, release } = await guestWithAppHeld(browser);
  let presses = 0;
  guest.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/requests')) presses++;
  });
  await guest.goto(own.url);
  await guest.getByRole('button', { name: 'Request Server' }).click();
  expect(presses).toBe(0);
  release();
  await expect(guest.getByRole('button', { name: /Request sent ✓/ })).toBeVisible();
  await expect(guest.getByText(/You can send another request in \d+s/)).toBeVisible();
  expect(presses).toBe(1);
  expect(await own.pending()).toMatchObject([{ tableNumber: '4', type: 'server' }]);
  await guest.close();
});

for (const tapBeforeLive of [true, false])
  test(`a note and the allergy flag typed before the app has loaded go with ${tapBeforeLive ? 'a tap made then' : 'a later tap'}`, async ({
    page,
    browser,
  }) => {
    const own = await ownRestaurant(page);
    const { guest, release } = await guestWithAppHeld(browser);
    await guest.goto(own.url);
    // The server-drawn page's fields take typing before the app is there.
    await guest.getByLabel('Note for the staff').fill('no ice');
    await guest.getByRole('checkbox', { name: /Allergy \/ urgent/ }).check();
    if (tapBeforeLive) await guest.getByRole('button', { name: 'Refill Drinks' }).click();
    release();
    await guest.locator('#guest-data').waitFor({ state: 'detached' });
    if (!tapBeforeLive) {
      await expect(guest.getByLabel('Note for the staff')).toHaveValue('no ice');
      await guest.getByRole('button', { name: 'Refill Drinks' }).click();
    }
    await expect(guest.getByRole('region', { name: 'Your request' })).toContainText(
      'Your note: no ice',
    );
    expect(await own.pending()).toMatchObject([{ type: 'refill', note: 'no ice', urgent: true }]);
    await guest.close();
  });
