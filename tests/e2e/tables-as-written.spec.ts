/**
 * Issue 27 item 1, tables as written (decisions 064/065): an owner bulk-adds '1-12' and 'Terrace 1-4' (previewed
 * first), renames one, deletes two at once; 'Terrace 3' reads as written on the admin cards, the print page, a
 * server's My Tables and console, and the guest page, while 'Table 7' still reads 'Table 7'. The server's screens
 * follow the owner's changes live.
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, ORIGIN, signInWithEmail, signInWithPin, test, unique } from './support';

/** Toasts live outside the page's main landmark (and outside a modal dialog). */
const toast = (page: Page, text: string): Locator =>
  page.locator('.Toastify').getByText(text).first();

/** The names of the admin grid's cards, in the order shown. */
const cardNames = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => {
        const id = card.getAttribute('aria-labelledby') ?? '';
        return document.getElementById(id)?.textContent?.trim() ?? '';
      }),
    );

test('an owner bulk-adds, renames and deletes tables; every screen names them as written', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const name = `Written ${unique()}`;
  await signInWithEmail(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const created = await page.request.post('/api/restaurants', {
    data: { name },
    headers: { origin: ORIGIN },
  });
  expect(created.status()).toBe(201);
  const restaurantId = ((await created.json()) as { restaurant: { id: string } }).restaurant.id;
  const loginId = `wr${unique()}`;
  const staff = await page.request.post(`/api/restaurants/${restaurantId}/staff`, {
    data: { mode: 'pin', name: 'Wren Server', loginId, pin: '2468' },
    headers: { origin: ORIGIN },
  });
  expect(staff.status()).toBe(201);

  // A fresh load, so the session lists the restaurant made through the API; it becomes the active one.
  await page.goto('/admin/settings');
  // The settings screen is a lazily loaded chunk: on a loaded machine it can take a while to appear.
  await expect(page.getByRole('heading', { name: 'Restaurant Settings' })).toBeVisible({
    timeout: 30_000,
  });
  const picker = page.getByLabel('Active Restaurant');
  await expect(picker.getByRole('option', { name })).toBeAttached();
  await picker.selectOption({ label: name });
  await page.getByRole('link', { name: 'Tables' }).click();
  await expect(page.getByRole('heading', { name: 'Table Management' })).toBeVisible();
  await expect(page.getByText('No tables yet')).toBeVisible();

  // --- Bulk add: '1-12' previewed, then created at once -----------------------------------------------
  const field = page.getByLabel('Table Number');
  await field.fill('1-12');
  const preview = page.getByRole('region', { name: '12 tables to add' });
  await expect(preview.getByRole('listitem')).toHaveCount(12);
  await expect(preview.getByRole('listitem').first()).toHaveText('Table 1');
  await expect(page.getByRole('article')).toHaveCount(0); // nothing is created by the preview
  await page.getByRole('button', { name: 'Add 12 Tables' }).click();
  await expect(toast(page, '12 tables created successfully')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(12);
  await expect(field).toHaveValue('');

  await field.fill('Terrace 1-4');
  await expect(page.getByRole('region', { name: '4 tables to add' })).toContainText('Terrace 3');
  await page.getByRole('button', { name: 'Add 4 Tables' }).click();
  await expect(toast(page, '4 tables created successfully')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(16);

  // A list with one label that exists is refused whole, naming it; nothing is added.
  await field.fill('Terrace 2, Patio');
  await page.getByRole('button', { name: 'Add 2 Tables' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Table number already exists: Terrace 2',
  );
  await expect(page.getByRole('article')).toHaveCount(16);
  await field.fill('');

  // Natural order: 2 before 10; names as written, numbers as 'Table n'.
  expect(await cardNames(page)).toEqual([
    ...Array.from({ length: 12 }, (_, i) => `Table ${i + 1}`),
    'Terrace 1',
    'Terrace 2',
    'Terrace 3',
    'Terrace 4',
  ]);
  await expect(page.getByRole('article', { name: 'Terrace 3', exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Table 7', exact: true })).toBeVisible();
  await expect(page.getByText('Table Terrace')).toHaveCount(0);

  // --- A server opens My Tables on a phone: the owner's changes arrive live ----------------------------
  const serverContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const server = await serverContext.newPage();
  await signInWithPin(server, loginId, '2468');
  await expect(server).toHaveURL(/\/server\/tables$/);
  const available = server.getByRole('region', { name: 'Available Tables' });
  await expect(available.getByRole('article', { name: 'Terrace 3', exact: true })).toBeVisible();
  await expect(available.getByRole('article', { name: 'Table 7', exact: true })).toBeVisible();

  // --- Rename: Table 12 becomes 'Bar'; its QR code (the guest URL) is the same -----------------------
  const listed = async () =>
    (
      (await (await page.request.get(`/api/restaurants/${restaurantId}/tables`)).json()) as {
        tables: { id: string; number: string; qrCode: string }[];
      }
    ).tables;
  const table12 = (await listed()).find((t) => t.number === '12')!;
  await page
    .getByRole('article', { name: 'Table 12', exact: true })
    .getByRole('button', { name: 'Rename' })
    .click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename Table' });
  await expect(renameDialog.getByLabel('Table Number')).toHaveValue('12');
  await renameDialog.getByLabel('Table Number').fill('Terrace 1');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(renameDialog.getByRole('alert')).toHaveText('Table number already exists');
  await renameDialog.getByLabel('Table Number').fill('  Bar  ');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Table renamed successfully')).toBeVisible();
  await expect(renameDialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Bar', exact: true })).toBeVisible();
  const bar = (await listed()).find((t) => t.number === 'Bar')!;
  expect(bar.id).toBe(table12.id);
  expect(bar.qrCode).toBe(table12.qrCode);
  await expect(available.getByRole('article', { name: 'Bar', exact: true })).toBeVisible();
  await expect(available.getByRole('article', { name: 'Table 12', exact: true })).toHaveCount(0);

  // --- Delete two at once: select mode, one confirmation naming how many --------------------------------
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select Table 10' }).check();
  await page.getByRole('article', { name: 'Table 11', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Select Table 11' })).toBeChecked();
  await expect(page.getByRole('toolbar')).toContainText('2 selected');
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 Tables' });
  await expect(confirm).toContainText('Are you sure you want to delete 2 tables?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, '2 tables deleted successfully')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(14);
  await expect(page.getByRole('toolbar')).toHaveCount(0);
  await expect(available.getByRole('article', { name: 'Table 10', exact: true })).toHaveCount(0);
  await expect(available.getByRole('article', { name: 'Table 11', exact: true })).toHaveCount(0);

  // --- The print page: captions and image names as written ----------------------------------------------
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await page.getByRole('button', { name: 'Print all QR codes' }).click();
  await expect(page).toHaveURL(/\/admin\/tables\/print$/);
  await expect(page.getByRole('img', { name: 'QR code for Terrace 3' })).toBeVisible();
  await expect(page.getByText('Terrace 3', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for Table 7' })).toBeVisible();
  await expect(page.getByText('Table 7', { exact: true })).toBeVisible();
  await expect(page.getByText('Table Terrace')).toHaveCount(0);

  // --- The server takes Terrace 3; a guest there presses; the console names it as written -------------
  await available
    .getByRole('article', { name: 'Terrace 3', exact: true })
    .getByRole('button', { name: 'Assign to Me' })
    .click();
  await expect(toast(server, 'Terrace 3 assigned successfully')).toBeVisible();
  await expect(
    server
      .getByRole('region', { name: 'My Assigned Tables' })
      .getByRole('article', { name: 'Terrace 3', exact: true }),
  ).toBeVisible();

  const terrace3 = (await listed()).find((t) => t.number === 'Terrace 3')!;
  await server.goto('/server/requests');
  // The console is a lazily loaded chunk too.
  await expect(server.getByRole('heading', { name: 'Table Service Requests' })).toBeVisible({
    timeout: 30_000,
  });
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(terrace3.qrCode);
  await expect(guest.getByRole('banner')).toContainText('Terrace 3');
  await expect(guest.getByRole('banner')).not.toContainText('Table Terrace');
  await guest.getByRole('button', { name: 'Get Bill' }).click();
  await expect(toast(server, 'New Request from Terrace 3')).toBeVisible();
  await expect(server.getByRole('main')).toContainText('Terrace 3');
  await expect(server.getByRole('main')).not.toContainText('Table Terrace');

  await guestContext.close();
  await serverContext.close();
});
