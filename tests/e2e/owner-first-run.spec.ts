/**
 * Issue 13, as an owner starting from nothing: names keep their letters (decision 035), the last restaurant's
 * Delete says why before asking, and QR codes that no phone can open are flagged where they are shown and printed
 * (decision 036). The e2e server's PUBLIC_URL is a loopback address, exactly the first-run case the warning is for.
 */
import { E2E_SEED } from './seed-data';
import { ORIGIN, expect, signInWithEmail, test } from './support';

test('an owner creates "Chez Léa’s Café", adds a table and staff, and is warned about unreachable QR codes', async ({
  page,
}) => {
  const owner = E2E_SEED.firstRunOwner;
  await signInWithEmail(page, owner.email, owner.password);
  const dialog = page.getByRole('dialog', { name: 'Create Restaurant' });
  await dialog.getByLabel('Restaurant Name').fill('Chez Léa’s Café');
  await dialog.getByRole('button', { name: 'Create Restaurant' }).click();
  await expect(dialog).toBeHidden();

  // The slug keeps the words: transliterated, not stripped ("chez-las-caf" before).
  const listed = (await (await page.request.get('/api/restaurants')).json()) as {
    restaurants: { id: string; name: string }[];
  };
  expect(listed.restaurants).toEqual([
    expect.objectContaining({ id: 'chez-leas-cafe', name: 'Chez Léa’s Café' }),
  ]);

  // The only restaurant: Delete is unavailable, and the page says why before anything is asked.
  await page.getByRole('link', { name: 'Settings' }).click();
  const del = page.getByRole('button', { name: 'Delete Restaurant' });
  await expect(del).toBeDisabled();
  await expect(del).toHaveAccessibleDescription(
    'Cannot delete the last restaurant. At least one restaurant is required.',
  );

  // Names are never cut silently: a pasted over-long name is kept and refused with the limit.
  const newName = page.getByLabel('New Restaurant Name');
  await newName.fill('x'.repeat(101));
  await expect(newName).toHaveValue('x'.repeat(101));
  await expect(page.getByText('Use at most 100 characters.')).toBeVisible();

  // Tables: the warning names the setting to change, on the tables page and on the print page.
  await page.getByRole('link', { name: 'Tables' }).click();
  await page.getByLabel('Table Number').fill('1');
  await page.getByRole('button', { name: 'Add Table' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Table 1' })).toBeVisible();
  const warning = page.getByTestId('qr-origin-warning');
  await expect(warning).toContainText('cannot open these QR codes');
  await expect(warning).toContainText('PUBLIC_URL');
  await expect(warning).toContainText(new URL(ORIGIN).origin);

  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await page.getByRole('button', { name: 'Print all QR codes' }).click();
  await expect(page).toHaveURL(/\/admin\/tables\/print$/);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByTestId('qr-origin-warning')).toContainText('PUBLIC_URL');
  const card = page.getByRole('listitem').filter({ hasText: 'Table 1' });
  await expect(card).toContainText('Scan to call your server');
  await expect(card).toContainText('Chez Léa’s Café');

  // Staff: the suggested login ID keeps the name's letters ("marajos" before).
  await page.goto('/admin/staff');
  await page.getByRole('button', { name: 'Add Staff Member' }).first().click();
  const staff = page.getByRole('dialog', { name: 'Add Staff Member' });
  await staff.getByLabel('Name', { exact: true }).fill('María José');
  await expect(staff.getByLabel('Login ID')).toHaveValue('mariajose');
});
