/**
 * Issue 3: "Changes show live on an open guest page". A guest page is open while the admin saves a new name, primary
 * colour and logo; the open page follows without a reload (its header, the browser theme colour and the logo).
 */
import { PNG } from 'pngjs';
import { MSG } from '@shared/messages';
import { expect, ORIGIN, ownRestaurantWithTable, test, unique } from './support';

function logoPng(): Buffer {
  const png = new PNG({ width: 32, height: 32 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 16;
    png.data[i + 1] = 185;
    png.data[i + 2] = 129;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

test('an open guest page follows the admin’s branding live, without a reload', async ({
  page,
  browser,
}) => {
  const suffix = unique();
  const firstName = `Dockside ${suffix}`;
  const liveName = `Dockside Live ${suffix}`;

  // A restaurant of the demo admin's own, with one table, so the demo's branding stays as other specs expect it.
  const own = await ownRestaurantWithTable(page, firstName, '5');
  const restaurant = { id: own.restaurantId };
  const guestTable = { id: own.tableId };

  // The guest page is open, with the default colour, before the admin changes anything.
  const guest = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await guest.goto(`/table/${restaurant.id}/${guestTable.id}`);
  const header = guest.getByRole('banner');
  await expect(header.getByRole('heading', { name: firstName })).toBeVisible();
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(30, 64, 175)',
  );
  await expect(guest.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1E40AF');
  await expect(header.locator('img')).toHaveCount(0);
  // A marker that a reload would wipe out.
  await guest.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The admin saves a new name and primary colour.
  // A fresh load, so the admin's session lists the restaurant made through the API.
  await page.goto('/admin/settings');
  const picker = page.getByLabel('Active Restaurant');
  await expect(picker.getByRole('option', { name: firstName })).toBeAttached();
  await picker.selectOption({ label: firstName });
  const nameField = page.getByLabel('Restaurant Name', { exact: true });
  await expect(nameField).toHaveValue(firstName);
  await nameField.fill(liveName);
  await page.getByLabel('Primary Color', { exact: true }).fill('#B91C1C');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  // The open guest page follows, without a reload.
  await expect(header.getByRole('heading', { name: liveName })).toBeVisible();
  await expect
    .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
    .toBe('rgb(185, 28, 28)');
  await expect(guest.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#B91C1C');

  // And a new logo.
  await page
    .getByLabel('Upload Logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(page.locator('.Toastify').getByText(MSG.logoUploaded).first()).toBeVisible();
  await expect(header.locator('img')).toHaveAttribute(
    'src',
    new RegExp(`/api/public/restaurants/${restaurant.id}/logo\\?v=`),
  );
  expect(
    await guest.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);

  await guest.context().close();
  // Leave the demo admin with the demo restaurant only.
  await page.request.delete(`/api/restaurants/${restaurant.id}`, { headers: { origin: ORIGIN } });
});
