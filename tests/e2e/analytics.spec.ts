/**
 * Issue 13 analytics: requests made as guests press and the owner handles them show up on /admin/analytics as
 * charts and tables, and each CSV download holds exactly the table's cells.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, ORIGIN, ownRestaurantWithTable, test } from './support';
import { animationsFinished } from '../support/screens';

/** The cells of a rendered table, header row first, as a user reads them. */
async function cellsOf(table: Locator): Promise<string[][]> {
  return table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').trim()),
      ),
    );
}

/** Clicks the section's CSV button and parses the file (no cell here holds a comma or quote). */
async function downloadedCsv(page: Page, section: Locator): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: /as CSV$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(text).not.toContain('"');
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

test('the owner sees requests per hour, response times and breakdowns, and the CSVs match the tables', async ({
  page,
}) => {
  const { restaurantId, tableId } = await ownRestaurantWithTable(
    page,
    `Analytics Bistro ${Date.now()}`,
    '5',
  );
  const tableIds = [tableId];
  for (const number of ['6', '7']) {
    const res = await page.request.post(`/api/restaurants/${restaurantId}/tables`, {
      data: { number },
      headers: { origin: ORIGIN },
    });
    expect(res.status()).toBe(201);
    tableIds.push(((await res.json()) as { table: { id: string } }).table.id);
  }

  // Three guests press, one per table; the owner takes and completes one, completes one directly, dismisses one.
  for (const [index, type] of (['order', 'bill', 'refill'] as const).entries()) {
    const res = await page.request.post(
      `/api/public/restaurants/${restaurantId}/tables/${tableIds[index]}/requests`,
      { data: { type }, headers: { origin: ORIGIN } },
    );
    expect(res.status(), await res.text()).toBe(201);
  }
  const open = await page.request.get(`/api/restaurants/${restaurantId}/requests`);
  const { pending } = (await open.json()) as { pending: { id: string; type: string }[] };
  expect(pending).toHaveLength(3);
  const idOf = (type: string) => pending.find((r) => r.type === type)!.id;
  for (const [id, action] of [
    [idOf('order'), 'acknowledge'],
    [idOf('order'), 'complete'],
    [idOf('bill'), 'complete'],
    [idOf('refill'), 'dismiss'],
  ] as const) {
    const res = await page.request.post(`/api/requests/${id}/${action}`, {
      data: {},
      headers: { origin: ORIGIN },
    });
    expect(res.status(), `${action}: ${await res.text()}`).toBe(200);
  }

  // The new restaurant becomes the active one (decision 009: the choice lives on the device).
  const session = await page.request.get('/api/session');
  const userId = ((await session.json()) as { user: { id: string } }).user.id;
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    `table-service.active-restaurant.${userId}`,
    restaurantId,
  ] as const);

  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Restaurant Overview' })).toBeVisible();
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/analytics/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

  const kpis = page.locator('dl').first();
  await expect(kpis.getByText('Requests', { exact: true })).toBeVisible();
  await expect(kpis).toContainText('3');
  await expect(kpis).toContainText('2 completed · 1 dismissed');

  // Both charts are drawn.
  const perHour = page.getByRole('region', { name: 'Requests per hour' });
  const times = page.getByRole('region', { name: 'Response times per hour' });
  await expect(perHour.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
  await expect(perHour.locator('.recharts-bar-rectangle').first()).toBeAttached();
  await expect(times.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
  await expect(times.locator('.recharts-line').first()).toBeAttached();

  // The chart's table view: 24 hours, all three requests in them.
  await perHour.getByRole('button', { name: 'Table' }).click();
  const hourTable = perHour.getByRole('table', { name: 'Requests per hour' });
  await expect(hourTable).toBeVisible();
  const hourCells = await cellsOf(hourTable);
  expect(hourCells[0]).toEqual([
    'Hour',
    'Requests',
    'Escalated',
    'Take (median)',
    'Take (p90)',
    'Complete (median)',
    'Complete (p90)',
  ]);
  expect(hourCells).toHaveLength(25);
  expect(hourCells.slice(1).reduce((sum, row) => sum + Number(row[1]), 0)).toBe(3);
  expect(await downloadedCsv(page, perHour)).toEqual(hourCells);

  // By server: the owner handled all three. By table: one each.
  const byServer = page.getByRole('region', { name: 'By server' });
  const serverCells = await cellsOf(byServer.getByRole('table'));
  expect(serverCells.slice(1).map((row) => row.slice(0, 5))).toEqual([
    [DEMO.admin.name, '3', '2', '1', '0'],
  ]);
  expect(await downloadedCsv(page, byServer)).toEqual(serverCells);

  const byTable = page.getByRole('region', { name: 'By table' });
  const tableCells = await cellsOf(byTable.getByRole('table'));
  expect(tableCells.slice(1).map((row) => [row[0], row[1]])).toEqual([
    ['Table 5', '1'],
    ['Table 6', '1'],
    ['Table 7', '1'],
  ]);
  expect(await downloadedCsv(page, byTable)).toEqual(tableCells);

  const byType = page.getByRole('region', { name: 'By request type' });
  await expect(byType.getByRole('row', { name: /Get Bill/ })).toContainText('1');

  // With data, both views open and at a phone's width: axe finds nothing, and the page never scrolls sideways.
  await times.getByRole('button', { name: 'Table' }).click();
  await page.setViewportSize({ width: 360, height: 740 });
  await animationsFinished(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);

  // Another month of this restaurant has nothing in it.
  await page.goto('/admin/analytics?period=month&date=2020-01-15');
  await expect(page.getByText('No requests in this period')).toBeVisible();
  await expect(page.getByText(/Jan 2020/)).toBeVisible();
});
