/**
 * Issue 15 (decision 047): an owner whose language is German sees the settings and the analytics in German, and an
 * owner in Arabic gets the settings right to left. The demo owner is set back to the browser's language afterwards,
 * as the other specs expect English.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, ORIGIN, signInWithEmail, test } from './support';

async function setLanguage(page: Page, language: string | null) {
  const res = await page.request.put('/api/account/language', {
    data: { language },
    headers: { origin: ORIGIN },
  });
  expect(res.status()).toBe(200);
}

test('an owner in German sees the settings and the analytics in German', async ({ page }) => {
  await signInWithEmail(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await setLanguage(page, 'de');
  try {
    await page.goto('/admin/settings');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(
      page.getByRole('heading', { name: 'Restauranteinstellungen', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Erscheinungsbild' })).toBeVisible();
    await expect(page.getByLabel('Name des Restaurants')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Änderungen speichern' })).toBeVisible();
    await expect(page.getByText('Logo hochladen')).toBeVisible();

    await page.goto('/admin/analytics?period=month&date=2020-01-15');
    await expect(page.getByRole('heading', { name: 'Analyse', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Monat', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Vorheriger Monat' })).toBeVisible();
    await expect(page.getByText('Keine Anfragen in diesem Zeitraum')).toBeVisible();
    await expect(page.getByText(/Jan\.? 2020/)).toBeVisible();
  } finally {
    await setLanguage(page, null);
  }
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Restaurant Settings', level: 1 })).toBeVisible();
});

test('an owner in Arabic gets the settings right to left', async ({ page }) => {
  await signInWithEmail(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await setLanguage(page, 'ar');
  try {
    await page.goto('/admin/settings');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'إعدادات المطعم', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'حفظ التغييرات' })).toBeVisible();
  } finally {
    await setLanguage(page, null);
  }
});
