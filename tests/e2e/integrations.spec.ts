/**
 * Issue 24 items 3-4 (decisions 075, 076): an owner creates an API token in Settings and sees it once, the token
 * works for an integrator (a bearer request), and is refused once revoked; the owner adds a webhook endpoint and
 * sees its signing secret once. On a restaurant of the spec's own, so the demo restaurant is left as it was.
 */
import { expect, ORIGIN, ownRestaurantWithTable, test } from './support';

test('an owner creates an API token and a webhook endpoint, each secret shown once', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
  const name = `Integrations ${Date.now()}`;
  const { restaurantId } = await ownRestaurantWithTable(page, name, '1');
  await page.goto('/admin/settings');
  await page.getByLabel('Active restaurant').selectOption({ label: name });

  const tokens = page.getByRole('region', { name: 'API tokens' });
  await expect(tokens.getByText('No API tokens yet.')).toBeVisible();
  await tokens.getByLabel('Token name').fill('Till');
  await tokens.getByRole('button', { name: 'Create token' }).click();
  const secret = (await tokens.getByTestId('secret').textContent()) ?? '';
  expect(secret).toMatch(/^ts_/);
  await tokens.getByRole('button', { name: 'Copy' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expect(tokens.getByText('Till')).toBeVisible();

  // An integrator's call with it: read works, and it shows as used.
  // The page's own request context: its session cookie goes along, and the bearer wins over it.
  const api = page.context().request;
  const read = await api.get(`/api/restaurants/${restaurantId}/requests`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(read.status()).toBe(200);

  // Once dismissed, the secret is nowhere on the page again.
  await tokens.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);

  const hooks = page.getByRole('region', { name: 'Webhooks' });
  await hooks.getByLabel('Endpoint URL (HTTPS)').fill('https://10.0.0.1/hook');
  await hooks.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(hooks.getByRole('alert')).toContainText('must use HTTPS and reach a public address');
  await hooks.getByLabel('Endpoint URL (HTTPS)').fill('https://93.184.215.14/hook');
  await hooks.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(hooks.getByTestId('secret')).toHaveText(/^whsec_/);
  await expect(hooks.getByText('https://93.184.215.14/hook')).toBeVisible();
  await hooks.getByRole('button', { name: 'Deliveries' }).click();
  await expect(hooks.getByText('No deliveries yet.')).toBeVisible();

  const shots = process.env.SHOTS_DIR;
  if (shots) {
    for (const [w, h] of [
      [360, 740],
      [1366, 900],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await tokens.scrollIntoViewIfNeeded();
      await tokens.screenshot({ path: `${shots}/tokens-${w}.png` });
      await hooks.screenshot({ path: `${shots}/webhooks-${w}.png` });
    }
  }

  // Revoke with a confirm: the token is refused at once.
  await tokens.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(tokens.getByText('No API tokens yet.')).toBeVisible();
  const refused = await api.get(`/api/restaurants/${restaurantId}/requests`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);

  // Leave nothing behind: the spec's restaurant goes.
  const removed = await api.delete(`/api/restaurants/${restaurantId}`, {
    data: {},
    headers: { origin: ORIGIN },
  });
  expect(removed.status()).toBe(204);
});
