/**
 * Issue 13 analytics: requests made as guests press and the owner handles them show up on /admin/analytics as
 * charts and tables, and each CSV download holds exactly the table's cells — plus, beside each duration, its seconds
 * as a number (issue 26). Issue 26 also: the one hour of data is drawn (a dot), no axis label is cut, and the
 * breakdown tables fit their cards at 1366 px (and scroll with a sticky first column on a phone).
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  makeActiveRestaurant,
  ORIGIN,
  ownRestaurantWithTable,
  test,
} from './support';
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

/**
 * Clicks the section's CSV button and parses the file (RFC 4180, csv-parse). Returns the readable cells (which must
 * equal the table's) and checks each `…_seconds` column, right after its duration, holds numbers or nothing.
 */
async function downloadedCsv(page: Page, section: Locator): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: /as CSV$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const rows: string[][] = parse(text, { relax_column_count: false });
  const seconds = rows[0]!.flatMap((header, index) => (header.endsWith('_seconds') ? [index] : []));
  for (const index of seconds) {
    for (const row of rows.slice(1)) expect(row[index]).toMatch(/^(\d+(\.\d+)?)?$/);
    // Next to the readable duration it measures: empty exactly where that one is '—'.
    for (const row of rows.slice(1)) expect(row[index] === '').toBe(row[index - 1] === '—');
  }
  return rows.map((row) => row.filter((_, index) => !seconds.includes(index)));
}

/** Every tick label of the section's chart lies inside the chart's drawing (nothing cut at its edges). */
async function expectTicksInside(section: Locator): Promise<void> {
  const svg = section.locator('.recharts-wrapper > svg.recharts-surface');
  const box = (await svg.boundingBox())!;
  const ticks = section.locator('.recharts-cartesian-axis-tick-value');
  expect(await ticks.count()).toBeGreaterThan(3);
  for (const tick of await ticks.all()) {
    const t = (await tick.boundingBox())!;
    const label = await tick.textContent();
    expect(t.x, `${label} left`).toBeGreaterThanOrEqual(box.x);
    expect(t.y, `${label} top`).toBeGreaterThanOrEqual(box.y);
    expect(t.x + t.width, `${label} right`).toBeLessThanOrEqual(box.x + box.width);
    expect(t.y + t.height, `${label} bottom`).toBeLessThanOrEqual(box.y + box.height);
  }
}

/** How far a breakdown's table region scrolls sideways (0: it fits its card). */
const overflowOf = (section: Locator) =>
  section
    .getByRole('region', { name: /, table$/ })
    .evaluate((region) => region.scrollWidth - region.clientWidth);

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

  await makeActiveRestaurant(page, restaurantId);

  await page.setViewportSize({ width: 1366, height: 900 });
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
  // All three requests fell in this one hour: a line through one point draws nothing, its dot is what shows.
  await expect(times.locator('.recharts-line-dot').first()).toBeVisible();
  expect(await times.locator('.recharts-line-dot').count()).toBeGreaterThanOrEqual(2);
  await expect(perHour.locator('.recharts-bar-rectangle path')).toHaveCount(1);
  // The axes' labels (hours, counts, "10 sec"…) are whole: none is cut by the chart's edge.
  await expectTicksInside(perHour);
  await expectTicksInside(times);
  // The time axis reads in round units ("10 sec"), not in minutes with decimals ("0.45m").
  await expect(
    times
      .locator('.recharts-cartesian-axis-tick-value')
      .filter({ hasText: /^\d+\s(sec|min|hr)$/ })
      .first(),
  ).toBeVisible();

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

  // At 1366 px the three breakdowns fit their cards (no sideways scroll), their labels start-aligned.
  for (const section of [byServer, byType, byTable]) {
    expect(await overflowOf(section)).toBeLessThanOrEqual(0);
    const label = section.getByRole('rowheader').first();
    await expect(label).toHaveCSS('text-align', 'start');
  }

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
  // On a phone a breakdown scrolls inside its card, its first column staying put.
  expect(await overflowOf(byServer)).toBeGreaterThan(0);
  const firstCell = byServer.getByRole('rowheader').first();
  await expect(firstCell).toHaveCSS('position', 'sticky');
  const before = (await firstCell.boundingBox())!.x;
  await byServer
    .getByRole('region', { name: /, table$/ })
    .evaluate((region) => region.scrollBy({ left: 200 }));
  await expect
    .poll(async () =>
      byServer.getByRole('region', { name: /, table$/ }).evaluate((region) => region.scrollLeft),
    )
    .toBeGreaterThan(0);
  expect((await firstCell.boundingBox())!.x).toBe(before);
  // And the response-time axis is whole at 360 px too.
  await times.getByRole('button', { name: 'Chart' }).click();
  await expectTicksInside(times);

  // Another month of this restaurant has nothing in it.
  await page.goto('/admin/analytics?period=month&date=2020-01-15');
  await expect(page.getByText('No requests in this period')).toBeVisible();
  await expect(page.getByText(/Jan 2020/)).toBeVisible();
});
