/**
 * Issue 15 (decisions 042, 047): the guest page in the guest's language. The server draws it in the language the
 * browser asks for; the switcher changes it without a reload and the choice survives one; Arabic is laid out right
 * to left; and the page stays within its budget of 90 KB gzip JavaScript on first load with one language loaded.
 */
import zlib from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { expect, ownRestaurantWithTable, test } from './support';

const VIEWPORT = { width: 360, height: 740 };
const BUDGET_BYTES = 90 * 1024;

let url = '';
test.beforeAll(async ({ browser }) => {
  const admin = await browser.newPage();
  const own = await ownRestaurantWithTable(admin, 'Trattoria Luna', '7');
  url = `/table/${own.restaurantId}/${own.tableId}`;
  await admin.close();
});

async function guestPage(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale, serviceWorkers: 'block' });
  return context.newPage();
}

test('the first HTML is in the browser language, and the switcher changes it without a reload and keeps it', async ({
  browser,
}) => {
  const guest = await guestPage(browser, 'es-ES');
  const errors: string[] = [];
  guest.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  guest.on('pageerror', (e) => errors.push(e.message));
  const response = await guest.goto(url);
  expect(response?.headers()['vary']).toMatch(/Accept-Language/);
  expect(await response?.text()).toContain('<html lang="es" dir="ltr">');
  await expect(guest.getByRole('button', { name: 'Pedir la cuenta' })).toBeVisible();
  await expect(guest.getByText('Mesa 7', { exact: true })).toBeVisible();
  // Taken over by the app (hydrated without a mismatch), then switched to Japanese in place.
  await expect(guest.locator('#guest-i18n')).toHaveCount(0);
  await guest.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await guest.getByRole('combobox', { name: 'Idioma' }).selectOption('ja');
  await expect(guest.getByRole('button', { name: 'お会計' })).toBeVisible();
  await expect(guest.locator('html')).toHaveAttribute('lang', 'ja');
  expect(await guest.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  // The restaurant's name is its own.
  await expect(guest.getByRole('heading', { name: 'Trattoria Luna' })).toBeVisible();

  // Kept after a reload: the server draws it in Japanese already (the choice's cookie), and so does the app.
  const reloaded = await guest.reload();
  expect(await reloaded?.text()).toContain('<html lang="ja" dir="ltr">');
  await expect(guest.getByRole('combobox', { name: '言語' })).toHaveValue('ja');
  await expect(guest.getByRole('button', { name: 'スタッフを呼ぶ' })).toBeVisible();
  expect(errors).toEqual([]);
  await guest.context().close();
});

for (const locale of ['en', 'ar', 'ja'] as const) {
  test(`the guest page at 360 × 740 in ${locale}`, async ({ browser }) => {
    const guest = await guestPage(browser, locale);
    await guest.goto(url);
    await expect(guest.getByRole('heading', { name: 'Trattoria Luna' })).toBeVisible();
    await expect(guest.locator('#guest-i18n')).toHaveCount(0);
    if (locale === 'ar') {
      await expect(guest.locator('html')).toHaveAttribute('dir', 'rtl');
      // Right to left: the header's name sits to the right of the restaurant's mark.
      const mark = await guest.locator('header span[aria-hidden="true"]').boundingBox();
      const name = await guest.getByRole('heading', { name: 'Trattoria Luna' }).boundingBox();
      expect(name!.x).toBeLessThan(mark!.x);
    }
    await expect(guest).toHaveScreenshot(`guest-${locale}.png`, { fullPage: true });
    await guest.context().close();
  });
}

/** Every script the page fetched on first load, gzipped at level 9 (the budget's measure, bench/pages.ts). */
async function firstLoadJsGzip(browser: Browser, locale: string): Promise<number> {
  const guest = await guestPage(browser, locale);
  const bodies: Promise<Buffer>[] = [];
  guest.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      bodies.push(
        response.body().then((b) => {
          if (process.env.I18N_WEIGHTS)
            console.log(response.url(), (zlib.gzipSync(b, { level: 9 }).length / 1024).toFixed(1));
          return b;
        }),
      );
  });
  await guest.goto(url, { waitUntil: 'networkidle' });
  await expect(guest.locator('#guest-i18n')).toHaveCount(0);
  await guest.waitForLoadState('networkidle');
  const total = (await Promise.all(bodies)).reduce(
    (sum, body) => sum + zlib.gzipSync(body, { level: 9 }).length,
    0,
  );
  await guest.context().close();
  return total;
}

test('the guest page stays within 90 KB gzip of JavaScript on first load, in English and in Arabic', async ({
  browser,
}) => {
  for (const locale of ['en', 'ar']) {
    const bytes = await firstLoadJsGzip(browser, locale);
    console.log(`guest page first-load JS (${locale}): ${(bytes / 1024).toFixed(1)} KB gzip`);
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
  }
});
