/**
 * Issue 15 (decision 047): each staff member's own language, stored on the user — a German owner sees the dashboard
 * in German, a Spanish server gets the new-request toast in Spanish. Both demo accounts are set back to the
 * browser's language afterwards, as the other specs expect English.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO, demoTables, expect, ORIGIN, signInWithEmail, signInWithPin, test } from './support';

async function setLanguage(page: Page, language: string | null) {
  const res = await page.request.put('/api/account/language', {
    data: { language },
    headers: { origin: ORIGIN },
  });
  expect(res.status()).toBe(200);
}

test('an owner in German sees the dashboard in German', async ({ page }) => {
  await signInWithEmail(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await setLanguage(page, 'de');
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Restaurantübersicht' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByText('Tische gesamt')).toBeVisible();
    // The figure's term (an owner of several restaurants also sees it on each 'Ihre Restaurants' card).
    await expect(page.getByRole('term').filter({ hasText: 'Anfragen heute' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Servicestatus' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Letzte Aktivität' })).toBeVisible();
  } finally {
    await setLanguage(page, null);
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Restaurant Overview' })).toBeVisible();
});

test('while a German owner’s catalogue downloads on an English browser, the loading screen speaks German', async ({
  browser,
}) => {
  // No service worker: the catalogue's request must reach the page, where it is held.
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  const page = await context.newPage();
  try {
    await signInWithEmail(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await setLanguage(page, 'de');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/de-[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.reload();
    const loading = page.getByRole('status');
    await expect(loading).toHaveText('Wird geladen...');
    await expect(loading.getByText('Wird geladen...')).toHaveAttribute('lang', 'de');
    expect(asked).toBe(true);
    // Nothing of the console was drawn in English meanwhile.
    await expect(page.getByRole('heading', { name: 'Restaurant Overview' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Restaurantübersicht' })).toBeVisible();
  } finally {
    await setLanguage(page, null);
    await context.close();
  }
});

test('a server in Spanish gets the new-request toast in Spanish', async ({ page, request }) => {
  const server = DEMO.servers[0];
  await signInWithPin(page, server.loginId, server.pin);
  await expect(page).toHaveURL(/\/server\//);
  await setLanguage(page, 'es');
  try {
    await page.goto('/server/requests');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The guest's press, from a context of its own (the page's cookies are the server's session).
    const tables = await demoTables(request);
    // A table out of its cool-down (another spec may have pressed one within the last minute).
    let table: (typeof tables)[number] | undefined;
    for (const candidate of tables) {
      const pressed = await request.post(
        `/api/public/restaurants/${candidate.restaurantId}/tables/${candidate.id}/requests`,
        { data: { type: 'bill' }, headers: { origin: ORIGIN } },
      );
      if (pressed.status() === 201) {
        table = candidate;
        break;
      }
    }
    expect(table, 'a demo table out of its cool-down').toBeDefined();
    await expect(page.getByText(`Nuevo aviso: Mesa ${table!.number}`)).toBeVisible();
    await expect(page.getByText('Piden la cuenta').first()).toBeVisible();
  } finally {
    await setLanguage(page, null);
  }
});

test('a server whose browser speaks German sees the sign-in refusal in German, not the server’s English', async ({
  browser,
}) => {
  const de = JSON.parse(fs.readFileSync('src/shared/i18n/catalogs/app/de.json', 'utf8')) as Record<
    string,
    string
  >;
  const context = await browser.newContext({ locale: 'de-DE', serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByRole('tab', { name: de['app.settings.auth.tabPin'] }).click();
    await page.getByLabel(de['app.settings.auth.loginId']!, { exact: true }).fill('nobody-here');
    await page.getByLabel(de['app.settings.auth.pin']!, { exact: true }).fill('1234');
    await page.getByRole('button', { name: de['app.settings.auth.signIn'] }).click();
    // The server answered 'Login ID not found' (SPEC's English); the form says it in German.
    await expect(page.getByText(de['app.error.loginIdNotFound']!).first()).toBeVisible();
    await expect(page.getByText('Login ID not found')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
