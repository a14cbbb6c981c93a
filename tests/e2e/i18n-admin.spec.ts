/**
 * Issue 15 (decision 047): the admin screens in the owner's own language — Table Management and the staff list in
 * German. The demo owner is set back to the browser's language afterwards, as the other specs expect English.
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

test('an owner in German manages tables and staff in German', async ({ page }) => {
  await signInWithEmail(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await setLanguage(page, 'de');
  try {
    await page.goto('/admin/tables');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Tischverwaltung', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Alle QR-Codes drucken' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Tisch hinzufügen' })).toBeVisible();
    await expect(page.getByRole('article', { name: /^Tisch / }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'QR anzeigen' }).first()).toBeVisible();

    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { name: 'Mitarbeiter', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Letzte Anmeldung' })).toBeVisible();
    await page.getByRole('button', { name: 'Mitarbeiter hinzufügen' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Mitarbeiter hinzufügen' });
    await expect(dialog.getByText('Anmeldung mit PIN')).toBeVisible();
    await dialog.getByRole('button', { name: 'Mitarbeiter hinzufügen' }).click();
    await expect(dialog.getByText('Bitte geben Sie einen Namen ein').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  } finally {
    await setLanguage(page, null);
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Staff Members', level: 1 })).toBeVisible();
});
