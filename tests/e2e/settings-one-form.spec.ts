/**
 * Issue 26 item 2 (decision 084): the restaurant's settings read as one form with one Save, the time zone is picked
 * from a searchable list of IANA zones with their local time, and the zone picked changes what "today" means on the
 * dashboard. The owner works on a restaurant of their own, so the demo restaurant other specs use is untouched.
 */
import { expect, makeActiveRestaurant, ownRestaurantWithTable, test } from './support';

test('an owner changes branding, guest language and time zone in one save; the dashboard follows the zone', async ({
  page,
}) => {
  const name = `Quay ${Date.now().toString(36)}`;
  const { restaurantId } = await ownRestaurantWithTable(page, name, '1');
  await makeActiveRestaurant(page, restaurantId);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/settings');

  const form = page.getByRole('region', { name: 'This restaurant' });
  await expect(form.getByLabel('Restaurant Name', { exact: true })).toHaveValue(name);
  // One label "Time zone" on the page (issue 26: two elements carried it).
  await expect(page.getByText('Time zone', { exact: true })).toHaveCount(1);
  const status = form.getByRole('status').last();
  await expect(status).toHaveText('');

  // Three parts of the form changed, one Save.
  await form.getByLabel('Restaurant Name', { exact: true }).fill(`${name} Bar`);
  await form.getByLabel('Default guest language').selectOption('es');
  const zone = form.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('auckl');
  const option = page.getByRole('option', { name: /Pacific \/ Auckland/ });
  await expect(option).toBeVisible();
  // Each zone shows its local time and offset.
  await expect(option).toContainText(/\d{1,2}:\d{2}( [AP]M)? · GMT[+-]\d+/);
  await option.click();
  await expect(zone).toHaveValue('Pacific / Auckland');
  await expect(status).toHaveText('You have unsaved changes.');

  // Discard puts back what is saved; the edits are then made again and saved together.
  await form.getByRole('button', { name: 'Discard changes' }).click();
  await expect(form.getByLabel('Restaurant Name', { exact: true })).toHaveValue(name);
  await expect(zone).toHaveValue('UTC');
  await form.getByLabel('Restaurant Name', { exact: true }).fill(`${name} Bar`);
  await form.getByLabel('Default guest language').selectOption('es');
  await zone.fill('new york');
  await page.getByRole('option', { name: /America \/ New York/ }).click();
  await zone.press('Tab');

  const save = form.getByRole('button', { name: 'Save Changes' });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();
  await save.click();
  await expect(status).toHaveText('All changes saved.');
  await expect(
    page.locator('.Toastify').getByText('Restaurant settings updated successfully'),
  ).toBeVisible();

  // Stored: a reload shows all three.
  await page.reload();
  await expect(form.getByLabel('Restaurant Name', { exact: true })).toHaveValue(`${name} Bar`);
  await expect(form.getByLabel('Default guest language')).toHaveValue('es');
  await expect(zone).toHaveValue('America / New York');

  // "Today" on the dashboard is midnight in the zone picked.
  await page.goto('/admin/dashboard');
  await expect(page.getByText('Guest requests since midnight (America/New_York)')).toBeVisible();
});

test('the time zone list answers a search with no match plainly and keeps the saved zone', async ({
  page,
}) => {
  const { restaurantId } = await ownRestaurantWithTable(
    page,
    `Pier ${Date.now().toString(36)}`,
    '1',
  );
  await makeActiveRestaurant(page, restaurantId);
  await page.goto('/admin/settings');
  const form = page.getByRole('region', { name: 'This restaurant' });
  const zone = form.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('atlantis');
  await expect(page.getByText('No time zone matches.', { exact: false })).toBeVisible();
  await zone.press('Escape');
  await expect(zone).toHaveValue('UTC');
  await expect(form.getByRole('status').last()).toHaveText('');
});
