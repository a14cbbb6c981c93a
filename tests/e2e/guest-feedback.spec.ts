/**
 * Issue 29 item 6 (decisions 082, 083): after Done the guest's phone asks "Did you get what you needed?" and "No"
 * brings the request back to the server's console; after the bill a private rating with a comment reaches the
 * owner's analytics and its CSV; the public review link is offered after a good rating only. One restaurant (with a
 * review link), its tables and one server's console (a phone) are set up once for the file.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import {
  expect,
  PHONE_VIEWPORT,
  makeActiveRestaurant,
  openGuestPage,
  ORIGIN,
  ownRestaurantWithTable,
  signInWithPin,
  test,
  watchCsp,
} from './support';

const REVIEW_URL = 'https://reviews.example.test/feedback-bistro';

let adminContext: BrowserContext;
let admin: Page;
let consoleContext: BrowserContext;
let serverConsole: Page;
let restaurantId: string;
/** Table label → id. */
const tables = new Map<string, string>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  adminContext = await browser.newContext();
  await watchCsp(adminContext);
  admin = await adminContext.newPage();
  const first = await ownRestaurantWithTable(admin, 'Feedback Bistro', '41');
  restaurantId = first.restaurantId;
  tables.set('41', first.tableId);
  for (const number of ['42', '43']) {
    const res = await admin.request.post(`/api/restaurants/${restaurantId}/tables`, {
      data: { number },
      headers: { origin: ORIGIN },
    });
    expect(res.status()).toBe(201);
    tables.set(number, ((await res.json()) as { table: { id: string } }).table.id);
  }
  const settings = await admin.request.patch(`/api/restaurants/${restaurantId}`, {
    data: { reviewUrl: REVIEW_URL },
    headers: { origin: ORIGIN },
  });
  expect(settings.status()).toBe(200);
  const loginId = 'omar' + Math.random().toString(36).slice(2, 8);
  const staff = await admin.request.post(`/api/restaurants/${restaurantId}/staff`, {
    data: { mode: 'pin', name: 'Omar Vidal', loginId, pin: '1357' },
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
  await signInWithPin(serverConsole, loginId, '1357');
  await expect(serverConsole).toHaveURL(/\/server\/tables$/);
  await serverConsole.goto('/server/requests');
  await expect(serverConsole.getByText('No pending requests.')).toBeVisible();
});

test.afterAll(async () => {
  await consoleContext?.close();
  await adminContext?.close();
});

const guestAt = (browser: Browser, table: string): Promise<Page> =>
  openGuestPage(browser, restaurantId, tables.get(table)!, `Table ${table}`);

/** A request's line on the console, named "<type title> Table <n>" (issue 28). */
const line = (table: string) =>
  serverConsole
    .getByRole('region', { name: 'Pending Requests' })
    .getByRole('article', { name: new RegExp(` Table ${table}$`) });
const yourRequest = (page: Page) => page.getByRole('region', { name: 'Your request', exact: true });
const feedbackCard = (page: Page) => page.locator('[data-guest-feedback]');

test('"No" brings the request back to the console, on top, and only the phone that pressed is asked', async ({
  browser,
}) => {
  // Another table waits already: the reopened request still goes above it.
  const other = await guestAt(browser, '42');
  await other.getByRole('button', { name: 'Request Server' }).click();
  await expect(line('42')).toBeVisible();

  const guest = await guestAt(browser, '41');
  const onlooker = await guestAt(browser, '41');
  await guest.getByRole('button', { name: 'Ready to Order' }).click();
  await expect(line('41')).toBeVisible();
  await line('41').getByRole('button', { name: 'Complete' }).click();
  await expect(line('41')).toHaveCount(0);

  const question = guest.getByRole('heading', { name: 'Did you get what you needed?' });
  await expect(question).toBeVisible();
  // Another phone at the table saw "Done" but is not asked: it did not press.
  await expect(onlooker.getByText('Done ✓', { exact: true })).toBeVisible();
  await expect(feedbackCard(onlooker)).toHaveCount(0);

  await guest.getByRole('button', { name: 'No', exact: true }).click();
  await expect(feedbackCard(guest)).toContainText(
    'Sorry about that. Your request is back with the staff.',
  );
  await expect(yourRequest(guest)).toContainText('Ready to Order');

  // Back on the console, above the table that had waited longer, marked as reopened.
  await expect(line('41')).toContainText('Reopened: not resolved');
  const rows = serverConsole.getByRole('region', { name: 'Pending Requests' }).getByRole('article');
  await expect(rows.first()).toHaveAccessibleName(/ Table 41$/);
  await expect(rows.nth(1)).toHaveAccessibleName(/ Table 42$/);

  // One answer per request: done again, the guest is not asked again.
  await line('41').getByRole('button', { name: 'Complete' }).click();
  await expect(line('41')).toHaveCount(0);
  await expect(guest.getByText('Done ✓', { exact: true })).toBeVisible();
  await expect(guest.locator('[data-guest-feedback="ask"]')).toHaveCount(0);
  await line('42').getByRole('button', { name: 'Complete' }).click();
  await guest.context().close();
  await onlooker.context().close();
  await other.context().close();
});

/** Taps the star that gives `n` (the radio inside it is named "n of 5 stars"), as a guest would. */
async function chooseStars(guest: Page, n: number) {
  const radio = guest.getByRole('radio', { name: `${n} of 5 stars` });
  await feedbackCard(guest).locator('label').filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

/** Completes the table's bill from the console and waits for the guest's rating card. */
async function billDone(guest: Page, table: string) {
  await guest.getByRole('button', { name: 'Get Bill' }).click();
  await expect(line(table)).toContainText('Bill Payment Requested');
  await line(table).getByRole('button', { name: 'Complete' }).click();
  await expect(line(table)).toHaveCount(0);
  await expect(guest.getByRole('group', { name: 'How was your visit?' })).toBeVisible();
}

test('a poor rating thanks the guest without the review link', async ({ browser }) => {
  const guest = await guestAt(browser, '43');
  await billDone(guest, '43');
  const card = feedbackCard(guest);
  await chooseStars(guest, 2);
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card).toContainText('Thank you for your feedback!');
  await expect(card.getByRole('link', { name: 'Leave a Review' })).toHaveCount(0);
  await guest.context().close();
});

test('a good rating with a comment offers the review link and reaches analytics and its CSV', async ({
  browser,
}) => {
  const guest = await guestAt(browser, '42');
  await billDone(guest, '42');
  const card = feedbackCard(guest);
  // A comment the server would refuse is refused at once, in the guest's words.
  await card.getByLabel('Anything to add? (optional)').fill('x'.repeat(501));
  await chooseStars(guest, 5);
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByRole('alert')).toHaveText('A comment can be at most 500 characters.');
  await card.getByLabel('Anything to add? (optional)').fill('=Lovely, "quick" service');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card).toContainText('Glad you enjoyed it! Would you also share it publicly?');
  await expect(card.getByRole('link', { name: 'Leave a Review' })).toHaveAttribute(
    'href',
    REVIEW_URL,
  );
  await guest.context().close();

  await makeActiveRestaurant(admin, restaurantId);
  await admin.setViewportSize({ width: 1366, height: 900 });
  await admin.goto('/admin/analytics');
  await expect(admin.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  const ratings = admin.getByRole('region', { name: 'Ratings and comments', exact: true });
  await expect(ratings).toContainText('=Lovely, "quick" service');
  await expect(ratings).toContainText('Table 42');
  const byType = admin.getByRole('region', { name: 'Feedback per request type', exact: true });
  const billRow = byType.getByRole('row', { name: /^Get Bill/ });
  // Two ratings (2 and 5 stars): average 3.5; the order that was reopened counts as not resolved.
  await expect(billRow).toContainText('3.5');
  await expect(byType.getByRole('row', { name: /^Ready to Order/ })).toContainText('1');

  const comments = await downloadedCsv(admin, ratings);
  expect(comments[0]).toEqual(['Rated', 'Table', 'Server', 'Stars', 'Comment']);
  expect(comments).toContainEqual([
    expect.any(String),
    'Table 42',
    'Omar Vidal',
    '5',
    // A formula-looking comment stays text in a spreadsheet.
    `'=Lovely, "quick" service`,
  ]);
  const types = await downloadedCsv(admin, byType);
  expect(types[0]).toEqual([
    'Request type',
    'Requests',
    'Not resolved',
    'Ratings',
    'Average rating',
    'rating_average',
  ]);
  expect(types.find((row) => row[0] === 'Get Bill')?.slice(3)).toEqual(['2', '3.5', '3.5']);
  expect(types.find((row) => row[0] === 'Ready to Order')?.[2]).toBe('1');
});

/** Clicks the section's CSV button and parses the file (RFC 4180). */
async function downloadedCsv(page: Page, section: Locator): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: /as CSV$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  return parse(text, { relax_column_count: false });
}
