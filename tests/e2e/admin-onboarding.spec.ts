/**
 * SPEC §2 /login (issue 3): an admin with no restaurant is shown the Create Restaurant dialog right after sign-in,
 * creates one, and lands on its dashboard. The admin is made the only way the product makes admins: the CLI's
 * create-user (scripts/e2e-seed.ts does it before the server starts).
 */
import { MSG } from '@shared/messages';
import { E2E_SEED } from './seed-data';
import { expect, signInWithEmail, test } from './support';

test('an admin with no restaurant creates one from the dialog shown at sign-in', async ({
  page,
}) => {
  const admin = E2E_SEED.adminWithoutRestaurant;
  const name = `Newcomer Kitchen ${Date.now().toString(36)}`;
  await signInWithEmail(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const dialog = page.getByRole('dialog', { name: 'Create Restaurant' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('Restaurant Name');
  await expect(field).toBeFocused();

  // SPEC §5: the name is required.
  await dialog.getByRole('button', { name: 'Create Restaurant' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.restaurantNameRequired);

  await field.fill(name);
  await dialog.getByRole('button', { name: 'Create Restaurant' }).click();
  await expect(page.locator('.Toastify').getByText(MSG.restaurantCreated).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The dashboard of the new restaurant, which is now the active one.
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Restaurant Overview' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(name);
  const restaurants = (await (await page.request.get('/api/restaurants')).json()) as {
    restaurants: { name: string }[];
  };
  expect(restaurants.restaurants.map((r) => r.name)).toContain(name);

  // And it stays away once there is a restaurant.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Restaurant Overview' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Create Restaurant' })).toHaveCount(0);
});
