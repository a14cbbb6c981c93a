/**
 * Issue 26 item 6 (decision 085): an owner of several restaurants sees every one at a glance above the dashboard —
 * waiting now, longest wait, servers online, requests today — live, and one tap shows that restaurant's dashboard.
 * The demo owner's restaurants never show to this owner.
 */
import { E2E_SEED } from './seed-data';
import { expect, ORIGIN, signInWithEmail, test } from './support';

test('an owner of three restaurants sees each one live and opens one with a tap', async ({
  page,
  browser,
}) => {
  const owner = E2E_SEED.chainOwner;
  await signInWithEmail(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/admin\/(dashboard|settings)/);
  const names = ['Harbour', 'Market', 'Station'].map((n) => `${n} ${Date.now().toString(36)}`);
  const tables: Record<string, { restaurantId: string; tableId: string }> = {};
  for (const name of names) {
    const created = await page.request.post('/api/restaurants', {
      data: { name },
      headers: { origin: ORIGIN },
    });
    expect(created.status()).toBe(201);
    const { restaurant } = (await created.json()) as { restaurant: { id: string } };
    const table = await page.request.post(`/api/restaurants/${restaurant.id}/tables`, {
      data: { number: '4' },
      headers: { origin: ORIGIN },
    });
    expect(table.status()).toBe(201);
    tables[name] = {
      restaurantId: restaurant.id,
      tableId: ((await table.json()) as { table: { id: string } }).table.id,
    };
  }

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/dashboard');
  const glance = page.getByRole('region', { name: 'Your restaurants' });
  const card = (name: string) =>
    glance.getByRole('button', { name: `Show the dashboard of ${name}` });
  for (const name of names) await expect(card(name)).toBeVisible();
  // The demo owner's restaurant is not this owner's.
  await expect(glance.getByText('Demo Bistro')).toHaveCount(0);
  await expect(card(names[1]!)).toContainText(/Waiting now\s*0/);

  // A guest at the second restaurant presses: its card follows live, without a reload.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const market = tables[names[1]!]!;
  await guest.goto(`/table/${market.restaurantId}/${market.tableId}`);
  await guest.getByRole('button', { name: 'Ready to Order' }).click();
  await expect(guest.getByRole('button', { name: /Request sent ✓/ })).toBeVisible();
  await expect(card(names[1]!)).toContainText(/Waiting now\s*1/);
  await expect(card(names[1]!)).toContainText(/Requests Today\s*1/);
  await expect(card(names[0]!)).toContainText(/Waiting now\s*0/);

  // One tap: that restaurant's dashboard shows below.
  await card(names[1]!).click();
  await expect(card(names[1]!)).toHaveAttribute('aria-current', 'true');
  await expect(card(names[1]!)).toContainText('Shown below');
  await expect(page.getByRole('main').getByText(names[1]!, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(names[1]!);
  await guestContext.close();
});
