/**
 * Issue 27 item 2, sections and assignment by the owner (decision 077): an owner bulk-adds '1-12' and 'Terrace 1-4',
 * groups them into two sections and gives the Terrace section to a server; that server's My Tables and console show
 * the tables they hold through it; a call at a Terrace table with no server of its own reaches them and not a
 * colleague; 'Terrace 3' reads as written on the console and the printed cards. One restaurant, the owner's page and
 * two servers' phones are set up once for the file.
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
let restaurantId: string;
const sam = { name: 'Sam Rivera', loginId: `sam${unique()}`, pin: '2468' };
const olive = { name: 'Olive Floor', loginId: `olive${unique()}`, pin: '1357' };
const contexts: BrowserContext[] = [];

/** Toasts live outside the page's main landmark (and outside a modal dialog). */
const toast = (page: Page, text: string): Locator =>
  page.locator('.Toastify').getByText(text).first();

async function phone(browser: import('@playwright/test').Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  await watchCsp(context);
  contexts.push(context);
  return context.newPage();
}

async function tablesByLabel(): Promise<Map<string, { id: string; qrCode: string }>> {
  const res = await owner.request.get(`/api/restaurants/${restaurantId}/tables`);
  const { tables } = (await res.json()) as {
    tables: { id: string; number: string; qrCode: string }[];
  };
  return new Map(tables.map((t) => [t.number, t]));
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  ownerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await watchCsp(ownerContext);
  owner = await ownerContext.newPage();
  await signInWithEmail(owner, DEMO.admin.email, DEMO.admin.password);
  await expect(owner).toHaveURL(/\/admin\/dashboard$/);
  const created = await owner.request.post('/api/restaurants', {
    data: { name: `Sections ${unique()}` },
    headers: { origin: ORIGIN },
  });
  expect(created.status()).toBe(201);
  restaurantId = ((await created.json()) as { restaurant: { id: string } }).restaurant.id;
  for (const member of [sam, olive]) {
    const res = await owner.request.post(`/api/restaurants/${restaurantId}/staff`, {
      data: { mode: 'pin', name: member.name, loginId: member.loginId, pin: member.pin },
      headers: { origin: ORIGIN },
    });
    expect(res.status()).toBe(201);
  }
  await makeActiveRestaurant(owner, restaurantId);
  await owner.goto('/admin/tables');
  // The Tables screen is a lazily loaded chunk: on a loaded machine it can take a while to appear.
  await expect(owner.getByRole('heading', { name: 'Table Management' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(owner.getByText('No tables yet')).toBeVisible();
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await ownerContext?.close();
});

test('the owner bulk-adds tables, groups them into two sections and gives one to a server', async () => {
  test.setTimeout(180_000);
  const field = owner.getByLabel('Table Number');
  await field.fill('1-12');
  await owner.getByRole('button', { name: 'Add 12 Tables' }).click();
  await expect(toast(owner, '12 tables created successfully')).toBeVisible();
  await field.fill('Terrace 1-4');
  await owner.getByRole('button', { name: 'Add 4 Tables' }).click();
  await expect(toast(owner, '4 tables created successfully')).toBeVisible();
  await expect(owner.getByRole('main').getByRole('article')).toHaveCount(16);

  const sections = owner.getByRole('region', { name: 'Sections' });
  await expect(sections).toContainText('No sections yet');
  const sectionName = sections.getByLabel('Section name');
  for (const name of ['Hall', 'Terrace']) {
    await sectionName.fill(name);
    await sections.getByRole('button', { name: 'Add Section' }).click();
    await expect(toast(owner, `Section ${name} created`)).toBeVisible();
  }
  // A second 'terrace' is refused next to the field, whatever its case.
  await sectionName.fill('terrace');
  await sections.getByRole('button', { name: 'Add Section' }).click();
  await expect(sections.getByRole('alert')).toHaveText('A section with this name already exists');
  await sectionName.fill('');
  await expect(sections.getByRole('listitem')).toHaveCount(2);

  // Select tables, then move them into a section from the selection bar.
  async function move(labels: string[], section: string, moved: string) {
    await owner.getByRole('button', { name: 'Select', exact: true }).click();
    for (const label of labels)
      await owner.getByRole('checkbox', { name: `Select ${label}`, exact: true }).check();
    await owner.getByLabel('Section for the selected tables').selectOption({ label: section });
    await owner.getByRole('toolbar').getByRole('button', { name: 'Move' }).click();
    await expect(toast(owner, moved)).toBeVisible();
    await expect(owner.getByRole('toolbar')).toHaveCount(0);
  }
  await move(
    ['Terrace 1', 'Terrace 2', 'Terrace 3', 'Terrace 4'],
    'Terrace',
    '4 tables moved to Terrace',
  );
  await move(['Table 1', 'Table 2', 'Table 3'], 'Hall', '3 tables moved to Hall');
  const terrace = sections.getByRole('listitem').filter({ hasText: 'Terrace' });
  await expect(terrace).toContainText('4 tables — Terrace 1, Terrace 2, Terrace 3, Terrace 4');
  await expect(terrace).toContainText('No servers: calls go to everyone');
  await expect(
    owner
      .getByRole('article', { name: 'Terrace 3', exact: true })
      .getByText('Terrace', { exact: true }),
  ).toBeVisible();

  // The Terrace section goes to Sam.
  await terrace.getByRole('button', { name: 'Servers', exact: true }).click();
  const dialog = owner.getByRole('dialog', { name: 'Servers of Terrace' });
  await dialog.getByRole('checkbox', { name: sam.name }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(owner, 'Servers of Terrace saved')).toBeVisible();
  await expect(terrace).toContainText(`Servers: ${sam.name}`);

  // Terrace 4 gets a server of its own, Olive: the table's server comes before the section's.
  await owner.getByLabel('Server for Terrace 4').selectOption({ label: olive.name });
  await expect(toast(owner, 'Terrace 4: server saved')).toBeVisible();
  await expect(owner.getByRole('article', { name: 'Terrace 4', exact: true })).toContainText(
    olive.name,
  );

  // The dashboard names the tables nobody covers: 1-12 (the Hall has no server yet).
  await owner.getByRole('link', { name: 'Dashboard' }).click();
  const uncovered = owner.getByRole('region', { name: '12 uncovered tables' });
  await expect(uncovered.getByRole('listitem')).toHaveCount(12);
  await expect(uncovered).toContainText('Table 1');
  await expect(uncovered).not.toContainText('Terrace');
});

test('the section’s server sees the tables they hold on My Tables and the console', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await phone(browser);
  await signInWithPin(server, sam.loginId, sam.pin);
  await expect(server).toHaveURL(/\/server\/tables$/);
  const mine = server.getByRole('region', { name: 'My Assigned Tables' });
  for (const label of ['Terrace 1', 'Terrace 2', 'Terrace 3'])
    await expect(mine.getByRole('article', { name: label, exact: true })).toContainText(
      'Through Terrace',
    );
  // Olive's table is not Sam's to see; the uncovered ones are everyone's.
  await expect(server.getByRole('article', { name: 'Terrace 4', exact: true })).toHaveCount(0);
  const available = server.getByRole('region', { name: 'Available Tables' });
  await expect(available.getByRole('article', { name: 'Table 7', exact: true })).toBeVisible();

  await server.goto('/server/requests');
  await expect(server.getByRole('heading', { name: 'Table Service Requests' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(server.getByTestId('coverage-mine')).toHaveText(
    'Terrace 1 (Terrace), Terrace 2 (Terrace), Terrace 3 (Terrace)',
  );
  await expect(server.getByTestId('coverage-uncovered')).toContainText('Table 1 (Hall)');
  await expect(server.getByTestId('coverage-uncovered')).not.toContainText('Terrace');
});

test('a call at a Terrace table with no server of its own reaches the section’s server, as written', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [samConsole, oliveConsole] = [await phone(browser), await phone(browser)];
  for (const [page, member] of [
    [samConsole, sam],
    [oliveConsole, olive],
  ] as const) {
    await signInWithPin(page, member.loginId, member.pin);
    await expect(page).toHaveURL(/\/server\/tables$/);
    await page.goto('/server/requests');
    await expect(page.getByText('No pending requests.')).toBeVisible({ timeout: 30_000 });
  }
  const tables = await tablesByLabel();
  const guest = await phone(browser);
  await guest.goto(tables.get('Terrace 3')!.qrCode);
  await expect(guest.getByRole('banner')).toContainText('Terrace 3');
  await guest.getByRole('button', { name: 'Get Bill' }).click();

  const pending = (page: Page) => page.getByRole('region', { name: 'Pending Requests' });
  await expect(toast(samConsole, 'New Request from Terrace 3')).toBeVisible();
  await expect(pending(samConsole).getByRole('article', { name: / Terrace 3$/ })).toBeVisible();
  await expect(samConsole.getByRole('main')).not.toContainText('Table Terrace');

  // Olive's own table calls next: once it is on her console, the earlier Terrace 3 call would be too had it been
  // routed to her (one channel, in order).
  const other = await phone(browser);
  await other.goto(tables.get('Terrace 4')!.qrCode);
  await other.getByRole('button', { name: 'Get Bill' }).click();
  await expect(pending(oliveConsole).getByRole('article', { name: / Terrace 4$/ })).toBeVisible();
  await expect(pending(oliveConsole).getByRole('article', { name: / Terrace 3$/ })).toHaveCount(0);
  await expect(pending(samConsole).getByRole('article', { name: / Terrace 4$/ })).toHaveCount(0);
});

test('the printed cards name Terrace 3 as written', async () => {
  await owner.goto('/admin/tables');
  await expect(owner.getByRole('heading', { name: 'Table Management' })).toBeVisible({
    timeout: 30_000,
  });
  await owner.evaluate(() => {
    window.print = () => undefined;
  });
  await owner.getByRole('button', { name: 'Print all QR codes' }).click();
  await expect(owner).toHaveURL(/\/admin\/tables\/print$/);
  await expect(owner.getByRole('img', { name: 'QR code for Terrace 3' })).toBeVisible();
  await expect(owner.getByText('Terrace 3', { exact: true })).toBeVisible();
  await expect(owner.getByText('Table Terrace')).toHaveCount(0);
});
