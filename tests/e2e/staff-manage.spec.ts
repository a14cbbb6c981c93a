/**
 * Issue 26 item 1 (decisions 068, 069): staff managed in place. The owner resets Alex's PIN and his open console is
 * signed out; he signs in with the new PIN and keeps his table and history; a server changes their own PIN; the owner
 * deactivates Sam (sign-in refused, table released) and reactivates him; "Forgot password" delivers a single-use link
 * over real SMTP (scripts/e2e-server.mjs) and an unknown email gets the same answer.
 *
 * The demo's Alex and Sam are shared with other specs: every change is undone in afterAll (Alex's PIN back to the
 * demo's, Sam active, this file's tables deleted).
 */
import type { APIRequestContext, Browser, BrowserContextOptions } from '@playwright/test';
import { E2E_SEED } from './seed-data';
import {
  DEMO,
  expect,
  mailCountTo,
  newestMailLink,
  ORIGIN,
  signInWithEmail,
  signInWithPin,
  test,
  unique,
} from './support';

const [alex, sam] = DEMO.servers;
/** Alex's PIN after the owner's reset; his own change puts the demo's back. */
const RESET_PIN = '4826';
const NEW_PASSWORD = 'Fay-newpass2!';

interface SpecTable {
  id: string;
  number: string;
}

/** Signed in once for the whole file: the owner's API and browser sign-in, and the tables this file made. */
let owner: APIRequestContext;
let ownerState: BrowserContextOptions['storageState'];
let staffIds: Record<string, string>;
const tables: Record<'alex' | 'sam', SpecTable | null> = { alex: null, sam: null };

async function apiAs(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: ORIGIN } });
}

async function pinSignIn(api: APIRequestContext, who: { loginId: string; pin: string }) {
  const res = await api.post('/api/auth/pin-login', {
    data: { loginId: who.loginId, pin: who.pin },
  });
  expect(res.ok(), `sign-in as ${who.loginId}: ${res.status()}`).toBe(true);
}

const RUN = unique();
const TABLE_A = `SM-A-${RUN}`;

async function newTable(number: string): Promise<SpecTable> {
  const res = await owner.post('/api/restaurants/demo-bistro/tables', { data: { number } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { table: SpecTable }).table;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  owner = await apiAs(playwright, baseURL);
  const login = await owner.post('/api/auth/login', {
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  expect(login.ok()).toBe(true);
  ownerState = await owner.storageState();
  const staff = (await (await owner.get('/api/restaurants/demo-bistro/staff')).json()) as {
    staff: { id: string; loginId: string | null }[];
  };
  staffIds = Object.fromEntries(staff.staff.map((m) => [m.loginId ?? m.id, m.id]));

  // Alex serves table SM-A and has handled a request there today; Sam serves SM-S. Named for this run, so a retry
  // (after a flaky teardown, say) makes its own tables instead of being refused the first try's names.
  tables.alex = await newTable(TABLE_A);
  tables.sam = await newTable(`SM-S-${RUN}`);
  const alexApi = await apiAs(playwright, baseURL);
  const samApi = await apiAs(playwright, baseURL);
  try {
    await pinSignIn(alexApi, alex);
    await pinSignIn(samApi, sam);
    expect((await alexApi.post(`/api/tables/${tables.alex.id}/assign`, { data: {} })).ok()).toBe(
      true,
    );
    expect((await samApi.post(`/api/tables/${tables.sam.id}/assign`, { data: {} })).ok()).toBe(
      true,
    );
    const press = await owner.post(
      `/api/public/restaurants/demo-bistro/tables/${tables.alex.id}/requests`,
      { data: { type: 'bill' } },
    );
    expect(press.status()).toBe(201);
    const { request } = (await press.json()) as { request: { id: string } };
    expect((await alexApi.post(`/api/requests/${request.id}/complete`, { data: {} })).ok()).toBe(
      true,
    );
  } finally {
    await alexApi.dispose();
    await samApi.dispose();
  }
});

test.afterAll(async () => {
  // Whatever a failed test left: the demo's PIN, Sam active, this file's tables gone.
  await owner.post(`/api/staff/${staffIds[alex.loginId]}/pin`, { data: { pin: alex.pin } });
  await owner.post(`/api/staff/${staffIds[sam.loginId]}/reactivate`, { data: {} });
  for (const table of Object.values(tables))
    if (table) await owner.delete(`/api/tables/${table.id}`, { data: {} });
  await owner.dispose();
});

async function ownerPage(browser: Browser) {
  const context = await browser.newContext({ storageState: ownerState });
  const page = await context.newPage();
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Staff Members' })).toBeVisible({
    timeout: 30_000,
  });
  return page;
}

const staffRow = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

test('the owner resets Alex’s PIN: his open console is signed out, the new PIN keeps his table and history', async ({
  browser,
}) => {
  const alexContext = await browser.newContext();
  const alexPage = await alexContext.newPage();
  await signInWithPin(alexPage, alex.loginId, alex.pin);
  const mine = alexPage.getByRole('region', { name: 'My Assigned Tables' });
  await expect(mine.getByText(TABLE_A)).toBeVisible({ timeout: 30_000 });

  const page = await ownerPage(browser);
  await staffRow(page, 'Alex Server').getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit staff member' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Alex Server');
  await expect(dialog.getByLabel('Login ID')).toHaveValue(alex.loginId);
  await dialog.getByLabel('New PIN', { exact: true }).fill(RESET_PIN);
  await dialog.getByLabel('Confirm new PIN').fill(RESET_PIN);
  await dialog.getByRole('button', { name: 'Reset PIN' }).click();
  await expect(page.getByText('PIN reset: they sign in with the new PIN.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Alex's console is told at once and goes to the sign-in page; the new PIN lets him back in.
  await expect(alexPage).toHaveURL(/\/login$/);
  await signInWithPin(alexPage, alex.loginId, RESET_PIN);
  await expect(mine.getByText(TABLE_A)).toBeVisible({ timeout: 30_000 });
  await alexPage.goto('/server/history');
  const rows = alexPage.getByRole('article').filter({ hasText: TABLE_A });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Completed');
  await alexContext.close();
  await page.context().close();
});

test('a server changes their own PIN from the account page, current PIN first', async ({
  page,
}) => {
  await signInWithPin(page, alex.loginId, RESET_PIN);
  await expect(page).toHaveURL(/\/server\/tables$/);
  await page.goto('/server/account');
  const section = page.getByRole('region', { name: 'Change PIN' });
  await section.getByLabel('Current PIN').fill('0000');
  await section.getByLabel('New PIN', { exact: true }).fill(alex.pin);
  await section.getByLabel('Confirm new PIN').fill(alex.pin);
  await section.getByRole('button', { name: 'Change PIN' }).click();
  // A wrong current PIN stays in the form, on its field.
  await expect(section.getByText('Incorrect PIN')).toBeVisible();
  await expect(section.getByLabel('Current PIN')).toBeFocused();

  // The throttle makes the next guess wait a moment (a failed PIN counts as a failed sign-in).
  await expect(async () => {
    await section.getByLabel('Current PIN').fill(RESET_PIN);
    await section.getByRole('button', { name: 'Change PIN' }).click();
    await expect(page.getByText('PIN changed')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // Still signed in here; the demo PIN is his again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  // Twice in CI this sign-in got no answer before the test's time ran out, and the test then failed in its teardown
  // (cause not found yet, see the session notes): each try is bounded, so an unanswered one is tried again.
  await expect(async () => {
    const check = await page.request.post('/api/auth/pin-login', {
      data: { loginId: alex.loginId, pin: alex.pin },
      headers: { origin: ORIGIN },
      timeout: 8_000,
    });
    expect(check.ok()).toBe(true);
  }).toPass({ timeout: 25_000 });
});

test('the owner deactivates Sam (sign-in refused, table released) and reactivates him', async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  const row = staffRow(page, 'Sam Server');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate staff member' });
  await expect(confirm).toContainText('Sam Server');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Sam Server deactivated')).toBeVisible();
  await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');

  const samContext = await browser.newContext();
  const samPage = await samContext.newPage();
  await signInWithPin(samPage, sam.loginId, sam.pin);
  await expect(
    samPage
      .getByText('This account has been deactivated. Ask the restaurant’s owner to reactivate it.')
      .first(),
  ).toBeVisible();
  await expect(samPage).toHaveURL(/\/login$/);

  // His table is free for anyone now.
  const listed = (await (await owner.get('/api/restaurants/demo-bistro/tables')).json()) as {
    tables: { id: string; serverId: string | null }[];
  };
  expect(listed.tables.find((t) => t.id === tables.sam!.id)?.serverId).toBeNull();

  await row.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Sam Server reactivated')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await signInWithPin(samPage, sam.loginId, sam.pin);
  await expect(samPage).toHaveURL(/\/server\/tables$/);
  await samContext.close();
  await page.context().close();
});

test('"Forgot password" mails a single-use link over SMTP; an unknown email gets the same answer', async ({
  page,
  browser,
}) => {
  const fay = E2E_SEED.forgetfulOwner;
  const unknown = `nobody-${Date.now().toString(36)}@e2e.test`;
  const ask = async (email: string) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Email & Password' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    return page.getByText(/^If an account exists for/).textContent();
  };
  const unknownAnswer = await ask(unknown);
  const knownAnswer = await ask(fay.email);
  expect(unknownAnswer?.replace(unknown, '…')).toBe(knownAnswer?.replace(fay.email, '…'));

  let link: string | null = null;
  await expect
    .poll(async () => (link = await newestMailLink(fay.email, '/reset-password')), {
      timeout: 15_000,
    })
    .not.toBeNull();
  expect(await mailCountTo(unknown)).toBe(0);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await signInWithEmail(page, fay.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The link worked once (tried again from another browser).
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(link!);
  await again.getByLabel('New password', { exact: true }).fill('Fay-again3!');
  await again.getByLabel('Confirm new password').fill('Fay-again3!');
  await again.getByRole('button', { name: 'Set new password' }).click();
  await expect(again.getByRole('heading', { name: 'Link invalid or expired' })).toBeVisible();
  await other.close();
});

test('on a 360 px phone each member is a card with every action in view, no sideways scroll', async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  await page.setViewportSize({ width: 360, height: 740 });
  const list = page.getByRole('list', { name: 'Staff Members' });
  const alex = list.getByRole('listitem').filter({ hasText: 'Alex Server' });
  await expect(alex).toBeVisible();
  await expect(alex).toContainText('alex');
  for (const action of ['Edit', 'Delete']) {
    const button = alex.getByRole('button', { name: action });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.context().close();
});
