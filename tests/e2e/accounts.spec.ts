/**
 * Issue 4's journeys: the registration page, an unverified account that follows the link from its captured mail,
 * and the super admin who sees real totals and deletes a server whose open console is signed out live.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '@shared/messages';
import {
  expect,
  test,
  DEMO,
  newestMailLink,
  ORIGIN,
  signInWithEmail,
  signInWithPin,
  unique,
} from './support';

/** A suffix that keeps this run's accounts apart from the demo's and from a retry's. */

/** Signs the request context in as the demo admin and adds a staff member to the demo restaurant. */
async function createDemoStaff(
  request: APIRequestContext,
  body:
    | { mode: 'pin'; name: string; loginId: string; pin: string }
    | { mode: 'password'; name: string; email: string; password: string },
): Promise<void> {
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  expect(login.ok()).toBe(true);
  const created = await request.post('/api/restaurants/demo-bistro/staff', {
    data: body,
    headers: { origin: ORIGIN },
  });
  expect(created.status()).toBe(201);
}

async function expectPath(page: Page, pathname: string) {
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

/** A stat card, found by its label, shows exactly `value`. */
async function expectStat(page: Page, label: string, value: number) {
  await expect(
    page.getByRole('group', { name: label }).getByText(String(value), { exact: true }),
  ).toBeVisible();
}

test('/register says sign-up is disabled and returns to login', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Registration Coming Soon' })).toBeVisible();
  await page.getByRole('button', { name: 'Return to Login' }).click();
  await expectPath(page, '/login');
  await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
});

test('an unverified account gets the sticky toast, follows the mailed link once, then signs in', async ({
  page,
  request,
}) => {
  const id = unique();
  const email = `verify-${id}@e2e.test`;
  // One of the passwords scripts/check-e2e-log.mjs looks for, so a leak into the server log fails the suite.
  const password = 'Secret-pass1!';
  // Password staff start unverified; creating one already mails a first link (services.ts onPasswordStaffCreated).
  await createDemoStaff(request, { mode: 'password', name: `Vera ${id}`, email, password });

  await signInWithEmail(page, email, password);
  const sticky = page.getByRole('alert').filter({ hasText: MSG.verifyEmailFirst });
  await expect(sticky).toBeVisible();
  await expectPath(page, '/login');
  // Sticky: still there after the 5 s every other toast gets.
  await page.waitForTimeout(5_500);
  await expect(sticky).toBeVisible();
  await sticky.getByRole('button', { name: MSG.resendVerification }).click();
  await expect(page.getByText(MSG.verificationSent)).toBeVisible();
  await expect(sticky).toBeHidden();

  // The resend inside the per-account minute is dropped silently; the first mail's link is as good.
  let link: string | null = null;
  await expect
    .poll(async () => (link = await newestMailLink(email, '/verify-email')), { timeout: 15_000 })
    .not.toBeNull();
  const url = new URL(link!);
  expect(url.pathname).toBe('/verify-email');

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByText(MSG.emailVerified)).toBeVisible();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expectPath(page, '/login');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Password staff are servers: their home is /server/tables.
  await expectPath(page, '/server/tables');
  await expect(page.getByText(MSG.loginSuccessful)).toBeVisible();

  // The link is single-use: opened again (here while signed in) it is refused and offers a new one.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByText(MSG.verificationLinkInvalid)).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: MSG.resendVerification })).toBeVisible();
});

test('a link with an unknown token is refused and the page sends a new one', async ({ page }) => {
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByText(MSG.verificationLinkInvalid)).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: MSG.resendVerification }).click();
  await expect(page.getByText(MSG.invalidEmail)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').fill('nobody@e2e.test');
  await page.getByRole('button', { name: MSG.resendVerification }).click();
  // The same answer whether or not the address has an account.
  await expect(page.getByText(MSG.verificationSent)).toBeVisible();
});

test('the super admin sees real totals and deletes a server, whose open console is signed out live', async ({
  browser,
  page,
  request,
}) => {
  const id = unique();
  const server = { name: `Gone Server ${id}`, loginId: `gone${id}`, pin: '4826' };
  await createDemoStaff(request, { mode: 'pin', ...server });

  // The server's console is open on another device, its live channel connected.
  const serverContext = await browser.newContext();
  const serverPage = await serverContext.newPage();
  const liveConnected = new Promise<void>((resolve) => {
    serverPage.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"hello"')) resolve();
      });
    });
  });
  await signInWithPin(serverPage, server.loginId, server.pin);
  await expectPath(serverPage, '/server/tables');
  await serverPage.getByRole('link', { name: 'Requests' }).first().click();
  await expectPath(serverPage, '/server/requests');
  await expect(serverPage.getByRole('heading', { name: 'Table Service Requests' })).toBeVisible();
  await liveConnected;

  await signInWithEmail(page, DEMO.superAdmin.email, DEMO.superAdmin.password);
  await expectPath(page, '/super-admin');
  await expect(page.getByRole('heading', { name: 'Super Admin Dashboard' })).toBeVisible();

  // Real totals: what the server counts, not samples. The demo alone has 4 users and 1 restaurant.
  const totals = (await (await page.request.get('/api/super-admin/stats')).json()) as {
    users: number;
    restaurants: number;
    activeTables: number;
  };
  expect(totals.users).toBeGreaterThanOrEqual(5);
  expect(totals.restaurants).toBeGreaterThanOrEqual(1);
  await expectStat(page, 'Total Users', totals.users);
  await expectStat(page, 'Restaurants', totals.restaurants);
  await expectStat(page, 'Active Tables', totals.activeTables);

  const list = page.getByRole('region', { name: 'All users' });
  await expect(list.getByRole('row', { name: new RegExp(DEMO.admin.name) })).toBeVisible();
  // The signed-in super admin's own row offers no Delete.
  const ownRow = list.getByRole('row', { name: new RegExp(DEMO.superAdmin.name) });
  await expect(ownRow).toContainText(MSG.cannotDeleteSelf);
  await expect(ownRow.getByRole('button')).toHaveCount(0);

  await page.getByLabel('Search users').fill(server.loginId);
  const results = page.getByRole('region', { name: `Users matching “${server.loginId}”` });
  const row = results.getByRole('row', { name: new RegExp(server.name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Server', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: DEMO.restaurantName, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
  // A header row plus exactly the one match.
  await expect(results.getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: `Delete ${server.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete User' });
  await expect(dialog).toContainText(server.name);
  // Cancel first: nothing is deleted without confirmation.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${server.name}` }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(results.getByText(`No users match “${server.loginId}”.`)).toBeVisible();
  await expectStat(page, 'Total Users', totals.users - 1);

  // The deleted server's console is signed out and sent to /login live, by itself (the app loads the sign-in page,
  // decision 103), and says why there.
  await expectPath(serverPage, '/login');
  await expect(serverPage.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
  await expect(serverPage.locator('.Toastify').getByText(MSG.notSignedIn)).toBeVisible();
  // And the account is gone: its PIN no longer signs in.
  await signInWithPin(serverPage, server.loginId, server.pin);
  await expect(serverPage.getByText(MSG.loginIdNotFound).first()).toBeVisible();
  await serverContext.close();
});

test('a server deletes their own account: tables unassigned, "Account deleted successfully", /login, PIN refused', async ({
  page,
  request,
}) => {
  const id = unique();
  const server = { name: `Leaving Server ${id}`, loginId: `leave${id}`, pin: '3917' };
  await createDemoStaff(request, { mode: 'pin', ...server });

  await signInWithPin(page, server.loginId, server.pin);
  await expectPath(page, '/server/tables');
  // The server takes a free table first, so there is something to unassign.
  const tables = (await (await request.get('/api/restaurants/demo-bistro/tables')).json()) as {
    tables: { id: string; number: string; serverId: string | null }[];
  };
  const free = tables.tables.find((t) => t.serverId === null);
  expect(free).toBeDefined();
  const assigned = await page.request.post(`/api/tables/${free!.id}/assign`, {
    data: {},
    headers: { origin: ORIGIN },
  });
  expect(assigned.ok()).toBe(true);
  await expect(page.getByRole('article', { name: `Table ${free!.number}` }).first()).toBeVisible();

  // Issue 12: account deletion is on the account page, reached from the menu, not on My Tables.
  await expect(page.getByRole('group', { name: 'Delete Account' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expectPath(page, '/server/account');
  const block = page.getByRole('group', { name: 'Delete Account' });
  await expect(block).toContainText(
    'Once you delete your account, there is no going back. All your assigned tables will be unassigned.',
  );
  await block.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(confirm).toContainText(MSG.serverDeleteAccountConfirm);
  // Cancelling keeps the account.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expectPath(page, '/server/account');

  await block.getByRole('button', { name: 'Delete Account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Account' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(
    page.locator('.Toastify').getByText('Account deleted successfully').first(),
  ).toBeVisible();
  await expectPath(page, '/login');

  // The table was unassigned, and the session is gone.
  const after = (await (await request.get('/api/restaurants/demo-bistro/tables')).json()) as {
    tables: { id: string; serverId: string | null }[];
  };
  expect(after.tables.find((t) => t.id === free!.id)?.serverId).toBeNull();
  expect((await page.request.get('/api/session')).ok()).toBe(true);
  expect(
    ((await (await page.request.get('/api/session')).json()) as { user: unknown }).user,
  ).toBeNull();

  // The old login ID and PIN no longer sign in.
  await signInWithPin(page, server.loginId, server.pin);
  await expect(page.getByText(MSG.loginIdNotFound).first()).toBeVisible();
  await expectPath(page, '/login');
});
