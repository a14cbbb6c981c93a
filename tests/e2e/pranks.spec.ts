/**
 * Issue 27 item 5, remote presses and pranks (decisions 088, 089): a press outside opening hours is refused with the
 * translated "closed" message; a prank-dismissed phone is refused at that restaurant and not at another; after
 * "Regenerate QR codes" the old guest URL answers the invalid-code page and the new one works. The owner's page, a
 * server's phone and three restaurants are set up once for the file.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  DEMO,
  expect,
  makeActiveRestaurant,
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
/** Closed all week; the prank restaurant (with Rosa on its floor); another one next door. */
const places = {
  closed: { id: '', table: '' },
  floor: { id: '', table: '', second: '' },
  other: { id: '', table: '' },
};
const rosa = { name: 'Rosa Prank', loginId: `rosa${unique()}`, pin: '2468' };
const contexts: BrowserContext[] = [];

async function newRestaurant(name: string, numbers: string[]) {
  const created = await owner.request.post('/api/restaurants', {
    data: { name },
    headers: { origin: ORIGIN },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { restaurant: { id: string } }).restaurant.id;
  const bulk = await owner.request.post(`/api/restaurants/${id}/tables/bulk`, {
    data: { numbers },
    headers: { origin: ORIGIN },
  });
  expect(bulk.status()).toBe(201);
  const { tables } = (await bulk.json()) as { tables: { id: string; number: string }[] };
  return { id, tables: new Map(tables.map((t) => [t.number, t.id])) };
}

/** A guest's phone: one browser context is one device (its own device id in its storage). */
async function guestPhone(browser: Browser, locale?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    hasTouch: true,
    isMobile: true,
    ...(locale ? { locale } : {}),
  });
  await watchCsp(context);
  contexts.push(context);
  return context;
}

async function openTable(
  context: BrowserContext,
  restaurantId: string,
  code: string,
  label: string,
) {
  const page = await context.newPage();
  await page.goto(`/table/${restaurantId}/${code}`);
  await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.locator('#guest-data')).toHaveCount(0);
  return page;
}

// Three phones and the owner's page per test: room for a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async ({ browser }) => {
  ownerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await watchCsp(ownerContext);
  owner = await ownerContext.newPage();
  await signInWithEmail(owner, DEMO.admin.email, DEMO.admin.password);
  await expect(owner).toHaveURL(/\/admin\/dashboard$/);
  const closed = await newRestaurant(`Closed ${unique()}`, ['1']);
  places.closed = { id: closed.id, table: closed.tables.get('1')! };
  const floor = await newRestaurant(`Pranks ${unique()}`, ['1', '2']);
  places.floor = { id: floor.id, table: floor.tables.get('1')!, second: floor.tables.get('2')! };
  const other = await newRestaurant(`Next door ${unique()}`, ['1']);
  places.other = { id: other.id, table: other.tables.get('1')! };
  const staff = await owner.request.post(`/api/restaurants/${floor.id}/staff`, {
    data: { mode: 'pin', name: rosa.name, loginId: rosa.loginId, pin: rosa.pin },
    headers: { origin: ORIGIN },
  });
  expect(staff.status()).toBe(201);
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await ownerContext.close();
});

test('outside opening hours the guest page says so in the guest’s language, and a press is refused and reaches no one', async ({
  browser,
}) => {
  // The owner closes every day in Settings → Calls from tables.
  await makeActiveRestaurant(owner, places.closed.id);
  await owner.goto('/admin/settings');
  const card = owner.getByRole('region', { name: 'Calls from tables' });
  await card.getByRole('radio', { name: 'Set hours for each day' }).check();
  const days = card.getByRole('checkbox');
  await expect(days).toHaveCount(7);
  for (const day of await days.all()) await day.uncheck();
  await card.getByRole('button', { name: 'Save hours and limit' }).click();
  await expect(owner.locator('.Toastify').getByText('Calls from tables saved')).toBeVisible();

  // A German phone opens the table: it says "closed" in German before anyone presses (decision 100), and its
  // buttons are off.
  const guest = await openTable(
    await guestPhone(browser, 'de-DE'),
    places.closed.id,
    places.closed.table,
    'Tisch 1',
  );
  await expect(
    guest.getByRole('status').filter({ hasText: 'Das Restaurant ist gerade geschlossen' }),
  ).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Bedienung rufen' })).toBeDisabled();
  // A press from this phone anyway (a page drawn before closing time) is refused by the server, in German.
  const refused = await guest.request.post(
    `/api/public/restaurants/${places.closed.id}/tables/${places.closed.table}/requests`,
    { data: { type: 'server' }, headers: { origin: ORIGIN, 'accept-language': 'de-DE' } },
  );
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
    'restaurant_closed',
  );
  const open = await owner.request.get(`/api/restaurants/${places.closed.id}/requests`);
  expect(((await open.json()) as { pending: unknown[] }).pending).toHaveLength(0);
});

test('a prank-dismissed phone is refused at that restaurant and not at another', async ({
  browser,
}) => {
  const prankster = await guestPhone(browser);
  const first = await openTable(prankster, places.floor.id, places.floor.table, 'Table 1');
  await first.getByRole('button', { name: 'Request Server' }).click();
  await expect(first.getByRole('button', { name: /Request sent ✓/ })).toBeVisible();

  // Rosa dismisses it as a prank from her console.
  const rosaContext = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    hasTouch: true,
    isMobile: true,
  });
  contexts.push(rosaContext);
  const console = await rosaContext.newPage();
  await signInWithPin(console, rosa.loginId, rosa.pin);
  // The sign-in must land before the next navigation: a goto while its POST is in flight aborts it, and the console
  // then shows the sign-in page (this failed CI on a slower machine).
  await expect(console).toHaveURL(/\/server\/tables$/);
  await console.goto('/server/requests');
  const line = console
    .getByRole('region', { name: 'Pending Requests' })
    .getByRole('article', { name: / Table 1$/ });
  await line.getByRole('button', { name: 'Dismiss' }).click();
  const dialog = console.getByRole('dialog', { name: 'Dismiss this request?' });
  await dialog.getByRole('checkbox', { name: /It was a prank/ }).check();
  await dialog.getByRole('button', { name: 'Dismiss as prank' }).click();
  await expect(console.locator('.Toastify').getByText(/Dismissed as a prank/)).toBeVisible();

  // The same phone at the other table: paused, without blame.
  const second = await openTable(prankster, places.floor.id, places.floor.second, 'Table 2');
  await second.getByRole('button', { name: 'Request Server' }).click();
  await expect(
    second
      .getByRole('status')
      .filter({ hasText: 'Calls from this phone are paused at this restaurant' }),
  ).toBeVisible();
  // Next door, the same phone calls as usual.
  const elsewhere = await openTable(prankster, places.other.id, places.other.table, 'Table 1');
  await elsewhere.getByRole('button', { name: 'Request Server' }).click();
  await expect(elsewhere.getByRole('button', { name: /Request sent ✓/ })).toBeVisible();

  // The owner sees the paused phone in Settings and allows it again.
  await makeActiveRestaurant(owner, places.floor.id);
  await owner.goto('/admin/settings');
  const paused = owner.getByRole('region', { name: 'Paused phones' });
  await expect(paused.getByTestId('press-block')).toHaveCount(1);
  await expect(paused.getByTestId('press-block')).toContainText('Table 1');
  await paused.getByRole('button', { name: /Allow again/ }).click();
  await expect(paused.getByText('No phone is paused.')).toBeVisible();
});

test('after "Regenerate QR codes" the old guest URL is invalid and the new one works', async ({
  browser,
}) => {
  await makeActiveRestaurant(owner, places.floor.id);
  await owner.goto('/admin/tables');
  await expect(owner.getByRole('heading', { name: 'Table Management' })).toBeVisible({
    timeout: 30_000,
  });
  await owner.getByRole('button', { name: 'Regenerate QR codes' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Regenerate every QR code?' });
  await dialog.getByRole('button', { name: 'Regenerate QR codes' }).click();
  await expect(owner.locator('.Toastify').getByText(/New QR codes are ready/)).toBeVisible();

  const listed = await owner.request.get(`/api/restaurants/${places.floor.id}/tables`);
  const { tables } = (await listed.json()) as {
    tables: { id: string; number: string; qrCode: string }[];
  };
  const table1 = tables.find((t) => t.number === '1')!;
  expect(table1.id).toBe(places.floor.table);
  const newPath = new URL(table1.qrCode).pathname;
  expect(newPath).not.toBe(`/table/${places.floor.id}/${places.floor.table}`);

  const guest = await (await guestPhone(browser)).newPage();
  await guest.goto(`/table/${places.floor.id}/${places.floor.table}`);
  await expect(guest.getByRole('heading', { name: 'QR code no longer valid' })).toBeVisible();
  await expect(guest.getByText(/the restaurant has printed new ones/)).toBeVisible();

  await guest.goto(newPath);
  await expect(guest.getByText('Table 1', { exact: true })).toBeVisible();
  await expect(guest.locator('#guest-data')).toHaveCount(0);
  await guest.getByRole('button', { name: 'Get Bill' }).click();
  await expect(guest.getByRole('button', { name: /Request sent ✓/ })).toBeVisible();

  // The print page prints the new codes (their URLs are what the QR images encode).
  await owner.addInitScript(() => {
    window.print = () => undefined;
  });
  await owner.goto('/admin/tables/print');
  const qr = owner.getByRole('img', { name: 'QR code for Table 1' });
  await expect(qr).toBeVisible();
  const png = PNG.sync.read(await qr.screenshot());
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(table1.qrCode);
});

test('split service: "+ Add hours" splits a day into lunch and dinner, and an overlap is refused in words', async () => {
  await makeActiveRestaurant(owner, places.closed.id);
  await owner.goto('/admin/settings');
  const card = owner.getByRole('region', { name: 'Calls from tables' });
  await card.getByRole('radio', { name: 'Set hours for each day' }).check();
  const monday = card.getByRole('listitem').first();
  await monday.getByRole('checkbox', { name: 'Monday' }).check();
  await monday.getByRole('group', { name: 'Monday' }).getByLabel('Opens').fill('11:00');
  await monday.getByRole('group', { name: 'Monday' }).getByLabel('Closes').fill('23:00');
  // One long period is split around a break (decision 101).
  await monday.getByRole('button', { name: '+ Add hours' }).click();
  const lunch = monday.getByRole('group', { name: 'Monday, hours 1' });
  const dinner = monday.getByRole('group', { name: 'Monday, hours 2' });
  await expect(lunch.getByLabel('Closes')).toHaveValue('15:30');
  await expect(dinner.getByLabel('Opens')).toHaveValue('18:30');
  // An overlap is refused with the rule, not saved.
  await dinner.getByLabel('Opens').fill('15:00');
  await card.getByRole('button', { name: 'Save hours and limit' }).click();
  await expect(card.getByText(/must follow one another without overlapping/)).toBeVisible();
  await dinner.getByLabel('Opens').fill('18:00');
  await card.getByRole('button', { name: 'Save hours and limit' }).click();
  await expect(
    owner.locator('.Toastify').getByText('Calls from tables saved').last(),
  ).toBeVisible();
  await owner.reload();
  await expect(
    card.getByRole('group', { name: 'Monday, hours 2' }).getByLabel('Opens'),
  ).toHaveValue('18:00');
  // The second period is removed by name.
  await card.getByRole('button', { name: 'Remove 18:00–23:00' }).click();
  await expect(card.getByRole('group', { name: 'Monday, hours 2' })).toHaveCount(0);
});
