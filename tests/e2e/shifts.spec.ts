/**
 * Issue 27 item 3, shifts with a safe hand-over (decisions 094–096): two servers start their shifts (Ana picks the
 * Patio section, whose tables become hers) and Ana notes "allergy seat 2" on Patio 1; a guest calls from Patio 1;
 * Ana tries to end her shift and is refused, naming what she holds; she hands over to Ben, whose console shows the
 * offer live; Ben accepts and now holds the tables, the open call and the note; History shows the hand-over. One
 * restaurant and the three sign-ins are set up once for the file. Analytics shows who was on duty.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  makeActiveRestaurant,
  ORIGIN,
  signInWithEmail,
  signInWithPin,
  test,
  watchCsp,
  unique,
} from './support';

const PHONE = { width: 360, height: 740 };

let ownerContext: BrowserContext;
let owner: Page;
let ana: Page;
let ben: Page;
let restaurantId: string;
const anaAccount = { name: 'Ana Shift', loginId: `ana${unique()}`, pin: '2468' };
const benAccount = { name: 'Ben Shift', loginId: `ben${unique()}`, pin: '1357' };
const contexts: BrowserContext[] = [];

const toast = (page: Page, text: string): Locator =>
  page.locator('.Toastify').getByText(text).first();
const pending = (page: Page) => page.getByRole('region', { name: 'Pending Requests' });
const shiftBox = (page: Page) => page.getByRole('region', { name: 'Shift' });

async function phone(browser: import('@playwright/test').Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  await watchCsp(context);
  contexts.push(context);
  return context.newPage();
}

async function post(path: string, data: unknown) {
  const res = await owner.request.post(path, { data, headers: { origin: ORIGIN } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
}

async function openConsole(page: Page, account: { loginId: string; pin: string }) {
  await signInWithPin(page, account.loginId, account.pin);
  await expect(page).toHaveURL(/\/server\/tables$/);
  await page.goto('/server/requests');
  await expect(page.getByRole('heading', { name: 'Table Service Requests' })).toBeVisible({
    timeout: 30_000,
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  ownerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await watchCsp(ownerContext);
  owner = await ownerContext.newPage();
  await signInWithEmail(owner, DEMO.admin.email, DEMO.admin.password);
  await expect(owner).toHaveURL(/\/admin\/dashboard$/);
  const created = await post('/api/restaurants', { name: `Shifts ${unique()}` });
  restaurantId = (created['restaurant'] as { id: string }).id;
  for (const member of [anaAccount, benAccount])
    await post(`/api/restaurants/${restaurantId}/staff`, { mode: 'pin', ...member });
  const { tables } = (await post(`/api/restaurants/${restaurantId}/tables/bulk`, {
    numbers: ['Patio 1', 'Patio 2', '7'],
  })) as { tables: { id: string; number: string }[] };
  const { section } = (await post(`/api/restaurants/${restaurantId}/sections`, {
    name: 'Patio',
  })) as { section: { id: string } };
  await post(`/api/restaurants/${restaurantId}/tables/section`, {
    tableIds: tables.filter((t) => t.number.startsWith('Patio')).map((t) => t.id),
    sectionId: section.id,
  });
  await makeActiveRestaurant(owner, restaurantId);
  ana = await phone(browser);
  ben = await phone(browser);
  await openConsole(ana, anaAccount);
  await openConsole(ben, benAccount);
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await ownerContext?.close();
});

test('Ana starts her shift with the Patio and notes a table; Ben starts his', async () => {
  test.setTimeout(120_000);
  await expect(shiftBox(ana)).toContainText('Off duty');
  await shiftBox(ana).getByRole('button', { name: 'Start shift' }).click();
  const dialog = ana.getByRole('dialog', { name: 'Start your shift' });
  await dialog.getByRole('checkbox', { name: 'Patio' }).check();
  await dialog.getByRole('button', { name: 'Start shift' }).click();
  await expect(toast(ana, 'Shift started')).toBeVisible();
  await expect(shiftBox(ana)).toContainText('On duty since');
  await expect(ana.getByTestId('shift-holding')).toHaveText('Patio 1, Patio 2 · no open requests');

  await shiftBox(ben).getByRole('button', { name: 'Start shift' }).click();
  await ben
    .getByRole('dialog', { name: 'Start your shift' })
    .getByRole('button', { name: 'Start shift' })
    .click();
  await expect(shiftBox(ben)).toContainText('On duty since');

  // My Tables: the note on Patio 1, plain text.
  await ana.goto('/server/tables');
  const card = ana.getByRole('article', { name: 'Patio 1', exact: true });
  await card.getByRole('button', { name: 'Add note' }).click();
  await card.getByLabel('Table note').fill('allergy seat 2');
  await card.getByRole('button', { name: 'Save note' }).click();
  await expect(toast(ana, 'Note saved')).toBeVisible();
  await expect(card.getByTestId('table-note')).toHaveText('Table note: allergy seat 2');
});

test('ending with an open call is refused; Ana hands over to Ben, who accepts and holds it all', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tables = (await (
    await owner.request.get(`/api/restaurants/${restaurantId}/tables`)
  ).json()) as {
    tables: { number: string; qrCode: string }[];
  };
  const guest = await phone(browser);
  await guest.goto(tables.tables.find((t) => t.number === 'Patio 1')!.qrCode);
  await guest.getByRole('button', { name: 'Get Bill' }).click();

  await ana.goto('/server/requests');
  const row = pending(ana).getByRole('article', { name: / Patio 1$/ });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(pending(ana)).toContainText('allergy seat 2');

  // Refused, naming what she holds.
  await shiftBox(ana).getByRole('button', { name: 'End shift' }).click();
  await expect(shiftBox(ana).getByRole('alert')).toHaveText(
    'You still hold Patio 1, Patio 2 and 1 open request. Hand them over to a colleague on duty before ending your shift.',
  );
  await expect(shiftBox(ana)).toContainText('On duty since');
  await shiftBox(ana).getByLabel('Hand over to…').selectOption({ label: benAccount.name });
  await shiftBox(ana).getByRole('button', { name: 'Offer hand-over' }).click();
  await expect(shiftBox(ana)).toContainText(`Waiting for ${benAccount.name} to accept`);

  // Ben's console shows the offer live, without a reload.
  const offer = ben.getByTestId('handover-offer');
  await expect(offer).toContainText(`${anaAccount.name} offers you their tables and requests`);
  await expect(offer).toContainText('Patio 1, Patio 2 · 1 open request');
  await offer.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(ben, 'Hand-over accepted')).toBeVisible();
  await expect(offer).toHaveCount(0);

  // Ben now holds the tables, the open call and the note; Ana is off duty.
  await expect(pending(ben).getByRole('article', { name: / Patio 1$/ })).toBeVisible();
  await expect(pending(ben)).toContainText('allergy seat 2');
  await expect(ben.getByTestId('shift-holding')).toHaveText('Patio 1, Patio 2 · 1 open request');
  await expect(ben.getByTestId('coverage-mine')).toContainText('Patio 1');
  await expect(shiftBox(ana)).toContainText('Off duty');
  await expect(pending(ana).getByRole('article', { name: / Patio 1$/ })).toHaveCount(0);
});

test('History shows who was on duty and the hand-over', async () => {
  await owner.goto('/admin/history');
  const handover = owner.getByTestId('history-handover');
  await expect(handover).toContainText(`Hand-over from ${anaAccount.name} to ${benAccount.name}`, {
    timeout: 30_000,
  });
  await expect(handover).toContainText('Accepted');
  await expect(handover).toContainText('Patio 1, Patio 2 · 1 open request');
  const shifts = owner.getByRole('region', { name: 'Shifts today' });
  await expect(shifts).toContainText(`${benAccount.name} on duty since`);
  await expect(shifts).toContainText(anaAccount.name);
});

test('Analytics shows who was on duty today, with their shifts', async () => {
  await owner.goto('/admin/analytics');
  const duty = owner.getByRole('region', { name: 'On duty' });
  const row = (name: string) => duty.getByRole('row').filter({ hasText: name });
  // Each of them started one shift today (the row's first cell after its name); Ana's ended at the hand-over, Ben's
  // is still open.
  await expect(row(anaAccount.name).getByRole('cell').first()).toHaveText('1');
  await expect(row(benAccount.name).getByRole('cell').first()).toHaveText('1');
  await expect(duty.getByRole('button', { name: /as CSV$/ })).toBeVisible();
});
