/**
 * Issue 15 (decision 047): the request console in the server's own language. A server whose language is German
 * sees the console, its navigation and today's history in German; the demo account is set back to the browser's
 * language afterwards, as the other specs expect English.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, ORIGIN, signInWithPin, test } from './support';

async function setLanguage(page: Page, language: string | null) {
  const res = await page.request.put('/api/account/language', {
    data: { language },
    headers: { origin: ORIGIN },
  });
  expect(res.status()).toBe(200);
}

test('a server in German sees the request console and the history in German', async ({ page }) => {
  const server = DEMO.servers[0];
  await signInWithPin(page, server.loginId, server.pin);
  await expect(page).toHaveURL(/\/server\//);
  await setLanguage(page, 'de');
  try {
    await page.goto('/server/requests');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Anfragen der Tische' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Offene Anfragen' })).toBeVisible();
    await expect(page).toHaveTitle(/Serviceanfragen/);
    await page.goto('/server/history');
    await expect(page.getByRole('heading', { level: 1, name: 'Heutige Anfragen' })).toBeVisible();
  } finally {
    await setLanguage(page, null);
  }
  await page.goto('/server/requests');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Table Service Requests' }),
  ).toBeVisible();
});
