/**
 * Issue 28 item 4 (decision 080): the floor board. The owner makes a one-time code in Settings → Floor boards, a
 * wall screen types it at /board and shows the restaurant's open requests live (no guest note text); it never shows
 * another restaurant's; revoking it in Settings closes it at once (the pairing form again). The second test stops
 * and restarts a server of its own (the compiled dist/server/main.js on E2E_PORT + 10 with its own DATA_DIR, as
 * guest-resilience.spec.ts does), never the shared e2e server: the board says it is offline and recovers by itself.
 */
import type { ChildProcess } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { OWN_ORIGIN, ownServer } from './own-server';
import {
  DEMO,
  demoTables,
  expect,
  makeActiveRestaurant,
  ORIGIN,
  signInWithEmail,
  test,
} from './support';

const TV = { width: 1920, height: 1080 };

async function press(
  api: APIRequestContext,
  restaurantId: string,
  tableId: string,
  data: Record<string, unknown>,
) {
  const res = await api.post(`/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`, {
    data,
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Types the code on the board's pairing form. */
async function pairOnScreen(board: Page, code: string): Promise<void> {
  await board.goto('/board');
  await expect(board.getByRole('heading', { name: 'Pair this screen' })).toBeVisible();
  await board.getByLabel('Pairing code').fill(code);
  await board.getByRole('button', { name: 'Pair screen' }).click();
}

test('paired with a code, the board shows a press live, nothing of another restaurant, and closes when revoked', async ({
  page,
  browser,
  playwright,
}) => {
  const guest = await playwright.request.newContext({
    baseURL: ORIGIN,
    extraHTTPHeaders: { origin: ORIGIN },
  });
  const tv = await browser.newContext({ viewport: TV });
  try {
    const tables = await demoTables(guest);
    const table2 = tables.find((t) => t.number === '2')!;
    const table5 = tables.find((t) => t.number === '5')!;

    // The owner makes a code in Settings.
    await signInWithEmail(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await makeActiveRestaurant(page, 'demo-bistro');
    await page.goto('/admin/settings');
    const section = page.getByRole('region', { name: 'Floor boards' });
    await section.getByLabel('Screen name').fill('Bar TV');
    await section.getByRole('button', { name: 'Create pairing code' }).click();
    const code = (await section.getByTestId('board-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expect(section).toContainText('Waiting to be paired');

    // The TV types it and shows the floor.
    const board = await tv.newPage();
    await pairOnScreen(board, code);
    await expect(board.getByRole('heading', { name: 'Demo Bistro' })).toBeVisible();
    await expect(board.getByTestId('board-live')).toHaveText('Live');
    await expect(board.getByText('No open requests')).toBeVisible();

    // A guest presses: the board shows it live (no reload), without the guest's note.
    await press(guest, 'demo-bistro', table2.id, {
      type: 'order',
      note: 'Peanut allergy, Maria',
      urgent: true,
    });
    const card = board.getByTestId('board-request').filter({ hasText: 'Table 2' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Ready to Order');
    await expect(card).toContainText('Not taken yet');
    await expect(card).toContainText('Urgent');
    await expect(card).toContainText('Note — see phone');
    await expect(board.locator('body')).not.toContainText('Peanut');
    await expect(board.getByTestId('board-count')).toHaveText('1 open request');

    // Another restaurant of the same owner gets a press: this board never hears of it. A second press at the demo
    // after it is the sync point (events reach the board in order).
    const other = await page.request.post('/api/restaurants', {
      data: { name: 'Board Other Place' },
      headers: { origin: ORIGIN },
    });
    expect(other.status()).toBe(201);
    const otherId = ((await other.json()) as { restaurant: { id: string } }).restaurant.id;
    const patio = await page.request.post(`/api/restaurants/${otherId}/tables`, {
      data: { number: 'Patio 9' },
      headers: { origin: ORIGIN },
    });
    expect(patio.status()).toBe(201);
    const patioId = ((await patio.json()) as { table: { id: string } }).table.id;
    await press(guest, otherId, patioId, { type: 'bill' });
    await press(guest, 'demo-bistro', table5.id, { type: 'refill' });
    await expect(board.getByTestId('board-request').filter({ hasText: 'Table 5' })).toBeVisible();
    await expect(board.getByTestId('board-request')).toHaveCount(2);
    await expect(board.locator('body')).not.toContainText('Patio 9');
    await expect(board.getByTestId('board-count')).toHaveText('2 open requests');
    // Oldest first: the longest wait on top.
    await expect(board.getByTestId('board-request').first()).toContainText('Table 2');

    // The owner sees it paired, and revokes it: the TV shows the pairing form again at once.
    await page.reload();
    const line = section.getByTestId('board-line').filter({ hasText: 'Bar TV' });
    await expect(line).toContainText('Paired');
    await line.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Bar TV?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(board.getByRole('heading', { name: 'Pair this screen' })).toBeVisible();
    await expect(board.getByRole('alert')).toContainText('This screen was unpaired.');
    await expect(board.getByTestId('board-request')).toHaveCount(0);
    // The used code does not pair it again.
    await board.getByLabel('Pairing code').fill(code);
    await board.getByRole('button', { name: 'Pair screen' }).click();
    await expect(board.getByText('This pairing code is not valid.')).toBeVisible();
    await expect(section.getByTestId('board-line')).toHaveCount(0);

    const deleted = await page.request.delete(`/api/restaurants/${otherId}`, {
      headers: { origin: ORIGIN },
    });
    expect(deleted.status()).toBe(204);
  } finally {
    await tv.close();
    await guest.dispose();
  }
});

const own = ownServer('board');

test('the board survives a server restart: it says it is offline, reconnects by itself and resyncs', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(300_000);
  own.seed();
  let server: ChildProcess | null = await own.start();
  const owner = await playwright.request.newContext({
    baseURL: OWN_ORIGIN,
    extraHTTPHeaders: { origin: OWN_ORIGIN },
  });
  const tv = await browser.newContext({
    baseURL: OWN_ORIGIN,
    viewport: { width: 1366, height: 900 },
  });
  try {
    const tables = await demoTables(owner);
    const table3 = tables.find((t) => t.number === '3')!;
    const table4 = tables.find((t) => t.number === '4')!;
    const made = await owner.post('/api/restaurants/demo-bistro/boards', {
      data: { name: 'Pass TV' },
    });
    expect(made.status()).toBe(201);
    const { code } = (await made.json()) as { code: string };

    const board = await tv.newPage();
    await pairOnScreen(board, code);
    await expect(board.getByTestId('board-live')).toHaveText('Live');
    await press(owner, 'demo-bistro', table3.id, { type: 'server' });
    await expect(board.getByTestId('board-request').filter({ hasText: 'Table 3' })).toBeVisible();

    // The server goes away: the board keeps what it showed and says it is reconnecting.
    await own.stop(server);
    server = null;
    await expect(board.getByTestId('board-live')).toContainText('Offline — reconnecting…');
    await expect(board.getByTestId('board-request').filter({ hasText: 'Table 3' })).toBeVisible();

    // Back on the same port (the same database): the board reconnects by itself, with the same credential, and
    // resyncs — a press made before it reconnected is there too.
    server = await own.start();
    const guest = await playwright.request.newContext({
      baseURL: OWN_ORIGIN,
      extraHTTPHeaders: { origin: OWN_ORIGIN },
    });
    try {
      await press(guest, 'demo-bistro', table4.id, { type: 'bill' });
    } finally {
      await guest.dispose();
    }
    await expect(board.getByTestId('board-live')).toHaveText('Live', { timeout: 30_000 });
    await expect(board.getByTestId('board-request').filter({ hasText: 'Table 4' })).toBeVisible();
    await expect(board.getByTestId('board-request')).toHaveCount(2);
    await expect(board.getByRole('heading', { name: 'Pair this screen' })).toHaveCount(0);
  } finally {
    await tv.close();
    await owner.dispose();
    await own.stop(server);
  }
});
