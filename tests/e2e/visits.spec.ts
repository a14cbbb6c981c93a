/**
 * Issue 27 item 4, a party's visit (decisions 092, 093): a party asks for the bill and leaves it forgotten; their
 * server clears the table from My Tables (asked first: one waiting request is dismissed); the next party's guest page
 * is fresh — no previous request — and presses at once; the owner's analytics shows the visits. One restaurant, the
 * owner's and the server's sign-ins are set up once for the file.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  makeActiveRestaurant,
  openGuestPage,
  ORIGIN,
  PHONE_VIEWPORT,
  signInWithEmail,
  signInWithPin,
  test,
  watchCsp,
  unique,
} from './support';

let ownerContext: BrowserContext;
let owner: Page;
let serverContext: BrowserContext;
let server: Page;
let restaurantId: string;
let tableId: string;
const cleo = { name: 'Cleo Visit', loginId: `cleo${unique()}`, pin: '8642' };
const guests: Page[] = [];

const yourRequest = (page: Page) => page.getByRole('region', { name: 'Your request', exact: true });
const card = () => server.getByRole('article', { name: 'Window 1', exact: true });

async function post(path: string, data: unknown) {
  const res = await owner.request.post(path, { data, headers: { origin: ORIGIN } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
}

async function party(browser: Browser): Promise<Page> {
  const page = await openGuestPage(browser, restaurantId, tableId, 'Window 1');
  guests.push(page);
  return page;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  // Two sign-ins and the set-up through the API: generous for a loaded CI machine.
  test.setTimeout(300_000);
  ownerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await watchCsp(ownerContext);
  owner = await ownerContext.newPage();
  await signInWithEmail(owner, DEMO.admin.email, DEMO.admin.password);
  await expect(owner).toHaveURL(/\/admin\/dashboard$/, { timeout: 60_000 });
  const created = await post('/api/restaurants', { name: `Visits ${unique()}` });
  restaurantId = (created['restaurant'] as { id: string }).id;
  const staff = (await post(`/api/restaurants/${restaurantId}/staff`, {
    mode: 'pin',
    ...cleo,
  })) as {
    staffMember: { id: string };
  };
  const { tables } = (await post(`/api/restaurants/${restaurantId}/tables/bulk`, {
    numbers: ['Window 1'],
  })) as { tables: { id: string }[] };
  tableId = tables[0]!.id;
  const assigned = await owner.request.put(`/api/tables/${tableId}/server`, {
    data: { serverId: staff.staffMember.id },
    headers: { origin: ORIGIN },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  await makeActiveRestaurant(owner, restaurantId);

  serverContext = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    hasTouch: true,
    isMobile: true,
  });
  await watchCsp(serverContext);
  server = await serverContext.newPage();
  await signInWithPin(server, cleo.loginId, cleo.pin);
  await expect(server).toHaveURL(/\/server\/tables$/, { timeout: 60_000 });
});

test.afterAll(async () => {
  for (const guest of guests) await guest.context().close();
  await serverContext?.close();
  await ownerContext?.close();
});

test('the server clears the table the last party left its bill on; the next party starts fresh', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await expect(card().getByTestId('visit-state')).toHaveText('Free');

  // The first party asks for the bill; nobody brings it before they leave.
  const first = await party(browser);
  await first.getByRole('button', { name: 'Get Bill' }).click();
  await expect(yourRequest(first)).toContainText('Get Bill');
  // The card offers Clear table at once (its call is live); "Seated for" is read with the tables (a press does not
  // announce the table yet, see decision 092's consequences).
  await expect(card().getByRole('button', { name: 'Clear table' })).toBeVisible({
    timeout: 30_000,
  });
  await server.reload();
  await expect(card().getByTestId('visit-state')).toContainText('Seated for', { timeout: 30_000 });

  // Clearing dismisses the forgotten bill: the server is asked first, from the keyboard.
  await card().getByRole('button', { name: 'Clear table' }).focus();
  await server.keyboard.press('Enter');
  const confirm = server.getByRole('dialog', { name: 'Clear Window 1?' });
  await expect(confirm).toContainText('Its 1 waiting request is dismissed');
  await confirm.getByRole('button', { name: 'Clear table' }).click();
  await expect(
    server.locator('.Toastify').getByText('Window 1 cleared: ready for the next party'),
  ).toBeVisible();
  await expect(card().getByTestId('visit-state')).toHaveText('Free');
  await expect(card().getByRole('button', { name: 'Seat' })).toBeVisible();

  // The next party's page shows nothing of the last one, and their press goes in at once.
  const next = await party(browser);
  await expect(yourRequest(next)).toHaveCount(0);
  await expect(next.getByText('Get Bill', { exact: false }).first()).toBeVisible();
  await next.getByRole('button', { name: 'Ready to Order' }).click();
  await expect(yourRequest(next)).toContainText('Ready to Order');
  await expect(next.getByRole('alert')).toHaveCount(0);
  // The last party's phone, still on the table's page, hears its bill dismissed: it no longer shows it as waiting
  // (it now shows the table's new request, as any phone at the table does).
  await expect(yourRequest(first)).not.toContainText('Get Bill');
});

test('analytics shows the visits', async () => {
  await owner.goto('/admin/analytics');
  const visits = owner.getByRole('region', { name: 'Visits', exact: true });
  await expect(visits).toBeVisible({ timeout: 30_000 });
  const total = visits.getByRole('row').filter({ hasText: 'Whole period' });
  await expect(total.getByRole('cell').nth(0)).toHaveText('2');
  await expect(visits.getByRole('button', { name: /CSV/ })).toBeVisible();
});
