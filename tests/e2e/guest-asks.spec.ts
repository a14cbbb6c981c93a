/**
 * Issue 29 items 2-4 (decisions 070, 071, 087): a guest sends "no ice" with the allergy flag and a server sees both on
 * the console, the row on top; a bill by card shows "Card" on the console; a guest cancels a call and it leaves the
 * console; the owner adds a button of its own and hides "Refill Drinks", a Spanish guest presses it and the server
 * sees it with its icon. One restaurant, its tables and one server's console (a phone) are set up once for the file.
 */
import { BUTTON_ICONS } from '@shared/request-types';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  expect,
  makeActiveRestaurant,
  PHONE_VIEWPORT,
  openGuestPage,
  ORIGIN,
  ownRestaurantWithTable,
  signInWithPin,
  test,
  watchCsp,
} from './support';

let adminContext: BrowserContext;
let consoleContext: BrowserContext;
let serverConsole: Page;
let restaurantId: string;
/** Table label → id. */
const tables = new Map<string, string>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  adminContext = await browser.newContext();
  await watchCsp(adminContext);
  const admin = await adminContext.newPage();
  const first = await ownRestaurantWithTable(admin, 'Guest Asks Bistro', '31');
  restaurantId = first.restaurantId;
  tables.set('31', first.tableId);
  for (const number of ['32', '33', '34', '35']) {
    const res = await admin.request.post(`/api/restaurants/${restaurantId}/tables`, {
      data: { number },
      headers: { origin: ORIGIN },
    });
    expect(res.status()).toBe(201);
    tables.set(number, ((await res.json()) as { table: { id: string } }).table.id);
  }
  const loginId = 'nadia' + Math.random().toString(36).slice(2, 8);
  const staff = await admin.request.post(`/api/restaurants/${restaurantId}/staff`, {
    data: { mode: 'pin', name: 'Nadia Park', loginId, pin: '2468' },
    headers: { origin: ORIGIN },
  });
  expect(staff.status()).toBe(201);

  consoleContext = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    hasTouch: true,
    isMobile: true,
  });
  await watchCsp(consoleContext);
  serverConsole = await consoleContext.newPage();
  await signInWithPin(serverConsole, loginId, '2468');
  await expect(serverConsole).toHaveURL(/\/server\/tables$/);
  await serverConsole.goto('/server/requests');
  await expect(serverConsole.getByText('No pending requests.')).toBeVisible();
});

test.afterAll(async () => {
  await consoleContext?.close();
  await adminContext?.close();
});

/** Guest phones opened by a test; each is closed after it (an open one would poll the cool-down until the run ends). */
const guestPages: Page[] = [];
test.afterEach(async () => {
  await Promise.all(guestPages.splice(0).map((page) => page.context().close()));
});

const guestAt = async (browser: Browser, table: string, locale?: string): Promise<Page> => {
  const label = locale?.startsWith('es') ? `Mesa ${table}` : `Table ${table}`;
  const page = await openGuestPage(browser, restaurantId, tables.get(table)!, label, locale);
  guestPages.push(page);
  return page;
};

/** A request's line on the console, named "<type title> Table <n>" (issue 28). */
const line = (table: string) =>
  serverConsole
    .getByRole('region', { name: 'Pending Requests' })
    .getByRole('article', { name: new RegExp(` Table ${table}$`) });
const yourRequest = (page: Page) => page.getByRole('region', { name: 'Your request' });

test('a note "no ice" with the allergy flag reaches the console, on top, with both shown', async ({
  browser,
}) => {
  // Another table waited longer: the flagged one still goes above it.
  const earlier = await guestAt(browser, '32');
  await earlier.getByRole('button', { name: 'Ready to Order' }).click();
  await expect(line('32')).toBeVisible();

  const guest = await guestAt(browser, '31');
  // A note the server would refuse is refused at once, in the guest's words, and nothing is sent.
  await guest.getByLabel('Note for the staff').fill('x'.repeat(141));
  await guest.getByRole('button', { name: 'Refill Drinks' }).click();
  await expect(guest.getByRole('alert')).toHaveText('A note can be at most 140 characters.');
  await expect(yourRequest(guest)).toHaveCount(0);

  await guest.getByLabel('Note for the staff').fill('no ice');
  await guest.getByRole('checkbox', { name: /Allergy \/ urgent/ }).check();
  await guest.getByRole('button', { name: 'Refill Drinks' }).click();
  await expect(yourRequest(guest)).toContainText('Your note: no ice');
  await expect(yourRequest(guest)).toContainText('Allergy / urgent');
  // The note and flag went with that press: the next starts without them.
  await expect(guest.getByLabel('Note for the staff')).toHaveValue('');

  const flagged = line('31');
  await expect(flagged).toContainText('Drink Refill Requested');
  await expect(flagged).toContainText('no ice');
  await expect(flagged).toContainText('Allergy / urgent');
  // Its row is the first on the console, before the table that pressed earlier.
  const rows = serverConsole.getByRole('region', { name: 'Pending Requests' }).getByRole('article');
  await expect(rows.first()).toHaveAccessibleName(/ Table 31$/);
  await expect(rows.nth(1)).toHaveAccessibleName(/ Table 32$/);

  for (const table of ['31', '32']) {
    await line(table).getByRole('button', { name: 'Complete' }).click();
    await expect(line(table)).toHaveCount(0);
  }
});

test('a bill by card shows "Card" on the console', async ({ browser }) => {
  const guest = await guestAt(browser, '33');
  await guest.getByRole('button', { name: 'Get Bill' }).click();
  await expect(line('33')).toContainText('Bill Payment Requested');
  // The press went at once; the way to pay follows, on the request itself.
  await yourRequest(guest).getByRole('button', { name: 'Card' }).click();
  await expect(yourRequest(guest).getByRole('button', { name: 'Card' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(line('33')).toContainText('Card');
  await expect(line('33')).toContainText(/Paying by\s*Card/);
  await line('33').getByRole('button', { name: 'Complete' }).click();
  await expect(line('33')).toHaveCount(0);
});

test('a guest cancels a call and it leaves the console; the buttons come back at once', async ({
  browser,
}) => {
  const guest = await guestAt(browser, '34');
  await guest.getByRole('button', { name: 'Request Server' }).click();
  await expect(line('34')).toContainText('Server Assistance Needed');
  await yourRequest(guest).getByRole('button', { name: 'Cancel request' }).click();
  await expect(line('34')).toHaveCount(0);
  await expect(yourRequest(guest)).toHaveCount(0);
  await expect(guest.locator('[aria-live="polite"]')).toHaveText('Request cancelled');
  // Decision 057: the cool-down ended with it.
  await expect(guest.getByRole('button', { name: 'Request Server' })).not.toHaveAttribute(
    'aria-disabled',
  );
  // Another phone at the table never gets the cancel button: it did not press.
  await guest.getByRole('button', { name: 'Ready to Order' }).click();
  const other = await guestAt(browser, '34');
  await expect(yourRequest(other)).toContainText('Ready to Order');
  await expect(yourRequest(other).getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
  await line('34').getByRole('button', { name: 'Complete' }).click();
});

test('the owner adds "High chair" with a Spanish label and hides "Refill Drinks"; a Spanish guest presses it, the server sees it with its icon', async ({
  browser,
}) => {
  const owner = await adminContext.newPage();
  // This file's restaurant, not the demo one the owner also has.
  await owner.goto('/admin/dashboard');
  await makeActiveRestaurant(owner, restaurantId);
  await owner.goto('/admin/settings');
  await expect(owner).toHaveURL(/\/admin\/settings$/);
  await expect(owner.getByLabel('Restaurant Name', { exact: true })).toHaveValue(
    'Guest Asks Bistro',
  );
  const card = owner.getByRole('region', { name: 'Guest buttons' });
  await card.getByRole('checkbox', { name: 'Refill Drinks' }).uncheck();
  await card.getByRole('button', { name: 'Add a button' }).click();
  const editor = card.getByTestId('button-editor');
  await editor.getByTitle('High chair').click();
  await expect(editor.getByRole('radio', { name: 'High chair' })).toBeChecked();
  // Without a label in the fallback language (English here) the button is refused before anything is sent.
  await editor.getByRole('button', { name: 'Keep button' }).click();
  await expect(editor.getByRole('alert')).toHaveText(
    'A button needs a label in English or in the restaurant’s guest language.',
  );
  await editor.getByLabel('Label in English').fill('High chair');
  await editor.getByText('Labels in other languages').click();
  await editor.getByLabel('Label in Español').fill('Trona');
  await editor.getByRole('button', { name: 'Keep button' }).click();
  await expect(card.getByTestId('own-button')).toHaveText(/High chair/);
  await card.getByRole('button', { name: 'Save buttons' }).click();
  await expect(owner.locator('.Toastify').getByText('Guest buttons saved.')).toBeVisible();
  await owner.close();

  const guest = await guestAt(browser, '35', 'es-ES');
  await expect(guest.getByRole('button', { name: 'Trona' })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Más bebidas' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Llamar al camarero' })).toBeVisible();
  await guest.getByRole('button', { name: 'Trona' }).click();
  await expect(guest.getByRole('region', { name: 'Tu aviso' })).toContainText('Trona');

  const row = line('35');
  await expect(row).toContainText('High chair');
  await expect(row.locator(`path[d="${BUTTON_ICONS.chair}"]`).first()).toBeAttached();
  await row.getByRole('button', { name: 'Complete' }).click();
  await expect(row).toHaveCount(0);
});
