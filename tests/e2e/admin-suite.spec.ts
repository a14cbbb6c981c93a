/**
 * Issue 3's journey: an admin sets up a second restaurant (branding, logo, tables with QR codes, a PIN server),
 * its server signs in and sees its tables, and a guest at table 2 sees the new branding.
 */
import fs from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { MSG } from '@shared/messages';
import { expect, test, DEMO, signInWithEmail, signInWithPin, unique } from './support';

/** A suffix that keeps this run's restaurant apart from a retry's. */

const PRIMARY = '#0F766E';
const PRIMARY_RGB = 'rgb(15, 118, 110)';
const SERVER_PIN = '2468';

/** A small square PNG logo, made here rather than shipped as a fixture. */
function logoPng(): Buffer {
  const png = new PNG({ width: 48, height: 48 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 245;
    png.data[i + 1] = 158;
    png.data[i + 2] = 11;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** The figure of one 'Restaurant Overview' card. */
function statValue(page: Page, label: string): Locator {
  return page.locator('dl > div').filter({ hasText: label }).locator('dd');
}

/** Toasts live outside the page's main landmark (and outside a modal dialog). */
function toast(page: Page, text: string): Locator {
  return page.locator('.Toastify').getByText(text).first();
}

test('an admin sets up a second restaurant; its server and its guests see it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const createdName = `Harbor ${suffix}`;
  const brandedName = `Harbor Grill ${suffix}`;
  const main = page.getByRole('main');

  await signInWithEmail(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Restaurant Overview' })).toBeVisible();

  // --- Settings: a second restaurant, chosen as the active one -----------------------------------
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Restaurant Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Restaurant' }).click();
  await expect(main.getByRole('alert')).toHaveText(MSG.restaurantNameRequired);
  await page.getByLabel('New Restaurant Name').fill(createdName);
  await page.getByRole('button', { name: 'Add Restaurant' }).click();
  await expect(toast(page, MSG.restaurantCreated)).toBeVisible();

  const picker = page.getByLabel('Active Restaurant');
  await expect(picker.getByRole('option', { name: createdName })).toBeAttached();
  await picker.selectOption({ label: createdName });
  const restaurantId = await picker.inputValue();
  expect(restaurantId).toMatch(/^harbor-/);
  const nameField = page.getByLabel('Restaurant Name', { exact: true });
  await expect(nameField).toHaveValue(createdName);
  await expect(page.getByRole('banner')).toContainText(createdName);

  // --- Branding: name, review URL, primary colour by its text field ---------------------------------
  const primaryField = page.getByLabel('Primary Color', { exact: true });
  await primaryField.fill('#0F766');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(main.getByRole('alert')).toHaveText(/#RRGGBB/);
  await nameField.fill(brandedName);
  await page.getByLabel('Review URL').fill('https://example.com/review');
  await primaryField.fill(PRIMARY);
  await expect(page.getByLabel('Primary Color picker')).toHaveValue(PRIMARY.toLowerCase());
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Restaurant settings updated successfully')).toBeVisible();
  // The header follows the branding without a reload, and so does the picker's option.
  await expect(page.getByRole('banner')).toContainText(brandedName);
  await expect(picker.getByRole('option', { name: brandedName })).toBeAttached();

  // --- Escalation minutes (issue 5): 1–60 as the server says, default 3 -----------------------------
  const escalate = page.getByLabel('Escalate after (minutes)');
  await expect(escalate).toHaveValue('3');
  await escalate.fill('0');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(main.getByRole('alert')).toHaveText('Enter a whole number of minutes from 1 to 60');
  await expect(escalate).toBeFocused();
  await escalate.fill('5');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(main.getByRole('alert')).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/restaurants/${restaurantId}`)).json()) as {
            restaurant: { escalateAfterMinutes: number };
          }
        ).restaurant.escalateAfterMinutes,
    )
    .toBe(5);

  // --- Logo: a non-image is refused in the browser; a PNG is uploaded ------------------------------
  const upload = page.getByLabel('Upload Logo');
  await upload.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a logo'),
  });
  await expect(main.getByRole('alert')).toHaveText(MSG.logoNotImage);
  await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(toast(page, MSG.logoUploaded)).toBeVisible();
  await expect(page.getByRole('img', { name: `Current logo of ${brandedName}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Logo' })).toBeEnabled();

  // --- Tables 1–3 (and a duplicate refused, and a fourth added then deleted) -----------------------
  await page.getByRole('link', { name: 'Tables' }).click();
  await expect(page.getByRole('heading', { name: 'Table Management' })).toBeVisible();
  await expect(page.getByText('No tables yet')).toBeVisible();
  const tableNumber = page.getByLabel('Table Number');
  for (const n of ['1', '2', '3', '4']) {
    await tableNumber.fill(n);
    await page.getByRole('button', { name: 'Add Table' }).click();
    await expect(page.getByRole('article', { name: `Table ${n}` })).toBeVisible();
  }
  await expect(toast(page, MSG.tableCreated)).toBeVisible();
  await tableNumber.fill(' 2 ');
  await page.getByRole('button', { name: 'Add Table' }).click();
  await expect(main.getByRole('alert')).toHaveText(MSG.tableNumberExists);

  await page
    .getByRole('article', { name: 'Table 4' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete Table' });
  await expect(confirm).toContainText('Table 4');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, MSG.tableDeleted)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Table 4' })).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(3);

  // --- Table 2's QR: shown at 200 px, downloaded as a 1024 px PNG that decodes to the guest URL ----
  const tables = (await (
    await page.request.get(`/api/restaurants/${restaurantId}/tables`)
  ).json()) as { tables: { id: string; number: string; qrCode: string }[] };
  const table2 = tables.tables.find((t) => t.number === '2')!;
  const guestUrl = `${baseURL}/table/${restaurantId}/${table2.id}`;
  expect(table2.qrCode).toBe(guestUrl);

  const card2 = page.getByRole('article', { name: 'Table 2' });
  await expect(card2).toContainText('Unassigned');
  const toggle = card2.getByRole('button', { name: 'Show QR' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(card2.getByRole('button', { name: 'Hide QR' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const qrImage = card2.getByRole('img', { name: 'QR code for Table 2' });
  await expect(qrImage).toBeVisible();
  expect((await qrImage.boundingBox())?.width).toBe(200);

  const downloadPromise = page.waitForEvent('download');
  await card2.getByRole('button', { name: 'Download QR' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('table-2-qrcode.png');
  const png = PNG.sync.read(await fs.readFile(await download.path()));
  expect(png.width).toBe(1024);
  expect(png.height).toBeGreaterThan(1024); // the caption band under the code
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(guestUrl);

  // --- Print all QR codes: one page, a labelled code per table, the print dialog opened ------------
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print all QR codes' }).click();
  await expect(page).toHaveURL(/\/admin\/tables\/print$/);
  for (const n of ['1', '2', '3']) {
    await expect(page.getByRole('img', { name: `QR code for Table ${n}` })).toBeVisible();
    await expect(page.getByText(`Table ${n}`, { exact: true })).toBeVisible();
  }
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
    .toBe(1);
  await page.getByRole('link', { name: /Back to Table Management/ }).click();
  await expect(page.getByRole('article')).toHaveCount(3);

  // --- Staff: a PIN server, first with a taken login ID, then with a suggestion -------------------
  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff Members' })).toBeVisible();
  await expect(page.getByText('No staff members yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Staff Member' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
  await expect(dialog.getByRole('radio', { name: 'PIN Login' })).toBeChecked();
  await dialog.getByLabel('Name', { exact: true }).fill('Alex Harbor');
  const loginId = dialog.getByLabel('Login ID', { exact: true });
  await expect(loginId).toHaveValue('alexharbor'); // suggested from the name
  await dialog.getByLabel('PIN', { exact: true }).fill(SERVER_PIN);
  await dialog.getByLabel('Confirm PIN').fill('1357');
  await dialog.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.pinsDoNotMatch);

  await dialog.getByLabel('Confirm PIN').fill(SERVER_PIN);
  await loginId.fill(DEMO.servers[0].loginId); // 'alex' is taken in the demo
  await dialog.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.loginIdTaken);
  // Said once, in the form; never also as a toast (issue 26, decision 067).
  await expect(page.locator('.Toastify').getByText(MSG.loginIdTaken)).toHaveCount(0);
  const suggestions = dialog
    .getByRole('group', { name: 'Suggested login IDs' })
    .getByRole('button');
  await expect(suggestions.first()).toBeVisible();
  expect(await suggestions.count()).toBeLessThanOrEqual(3);
  const suggestion = (await suggestions.first().innerText()).trim();
  expect(suggestion).toMatch(/^alex\d+$/);
  await suggestions.first().click();
  await expect(loginId).toHaveValue(suggestion);
  await expect(dialog.getByText('This Login ID is available')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(toast(page, MSG.serverAdded(suggestion))).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Alex Harbor/ });
  await expect(row).toContainText(suggestion);
  await expect(row).toContainText('Active');

  // --- Dashboard of the new restaurant ---------------------------------------------------------------
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Restaurant Overview' })).toBeVisible();
  await expect(main).toContainText(brandedName);
  await expect(statValue(page, 'Total Tables')).toHaveText(/^3/);
  await expect(statValue(page, 'Requests Today')).toHaveText(/^0/);
  await expect(statValue(page, 'Avg. Response Time Today')).toContainText('—');
  await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText(
    'No recent activity',
  );
  // The server just added is listed, offline until they open the app (decision 044).
  await expect(
    page.getByRole('region', { name: 'Server Status' }).getByRole('row', { name: /Alex Harbor/ }),
  ).toContainText('Offline');

  // --- The new server signs in and sees the new restaurant's tables ---------------------------------
  const serverContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const serverPage = await serverContext.newPage();
  await signInWithPin(serverPage, suggestion, SERVER_PIN);
  await expect(serverPage).toHaveURL(/\/server\/tables$/);
  await expect(serverPage.getByRole('banner')).toContainText(brandedName);
  const available = serverPage.getByRole('region', { name: 'Available Tables' });
  for (const n of ['1', '2', '3']) {
    await expect(available.getByRole('article', { name: `Table ${n}` })).toBeVisible();
  }
  await expect(available.getByRole('article')).toHaveCount(3);
  // The server's console is open now: the admin's dashboard counts an active server, live (decision 044).
  await expect(statValue(page, 'Active Servers')).toHaveText(/^1/);

  // --- The guest page of table 2 shows the new branding; a request reaches the dashboard live ------
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto(`/table/${restaurantId}/${table2.id}`);
  const guestHeader = guest.getByRole('banner');
  await expect(guestHeader.getByRole('heading', { name: brandedName })).toBeVisible();
  await expect(guestHeader.getByText('Table 2', { exact: true })).toBeVisible();
  expect(await guestHeader.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    PRIMARY_RGB,
  );
  await expect(guestHeader.locator('img')).toHaveAttribute(
    'src',
    new RegExp(`/api/public/restaurants/${restaurantId}/logo\\?v=`),
  );
  await expect(guest.getByRole('button', { name: 'Leave a Review' })).toBeVisible();
  await guest.getByRole('button', { name: 'Get Bill' }).click();
  await expect(guest.getByRole('button', { name: /Request sent ✓/ })).toBeVisible();
  await expect(statValue(page, 'Requests Today')).toHaveText(/^1/);

  await serverContext.close();
  await guestContext.close();
});
