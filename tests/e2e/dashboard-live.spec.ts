/**
 * Issue 13: the owner's dashboard is true and alive (decision 044). Active Servers counts servers with the app open
 * (0 → 1 → 0 as a console opens and closes); Recent Activity and Server Status follow an assignment, a guest's press,
 * a take and a completion without a reload. Issue 26: so do "Waiting now" and "Longest wait" (decision 063).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test, DEMO, ORIGIN, demoTables, signInWithEmail, signInWithPin } from './support';
import { animationsFinished } from '../support/screens';

function statValue(page: Page, label: string): Locator {
  return page.locator('dl > div').filter({ hasText: label }).locator('dd');
}

test('Active Servers, Recent Activity and Server Status follow the floor live', async ({
  browser,
  request,
}) => {
  // A long journey (two browsers, every panel, the waiting figures ticking): three times the default budget.
  test.slow();
  const table8 = (await demoTables(request)).find((t) => t.number === '8')!;
  const [alex] = DEMO.servers;

  const ownerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const owner = await ownerContext.newPage();
  await signInWithEmail(owner, DEMO.admin.email, DEMO.admin.password);
  await expect(owner).toHaveURL(/\/admin\/dashboard$/);
  await expect(owner.getByRole('heading', { name: 'Restaurant Overview' })).toBeVisible();
  const activity = owner.getByRole('region', { name: 'Recent Activity' });
  const status = owner.getByRole('region', { name: 'Server Status' });
  const alexRow = status.getByRole('row', { name: new RegExp(alex.name) });
  const waitingNow = statValue(owner, 'Waiting now');
  const longestWait = statValue(owner, 'Longest wait');
  // Nobody waits at the start: requests an earlier spec left open on the demo floor are dismissed.
  const open = await owner.request.get(`/api/restaurants/${table8.restaurantId}/requests`);
  expect(open.ok()).toBe(true);
  for (const left of (await open.json()).pending as { id: string }[]) {
    const dismissed = await owner.request.post(`/api/requests/${left.id}/dismiss`, {
      data: {},
      headers: { origin: ORIGIN },
    });
    expect(dismissed.ok()).toBe(true);
  }
  await expect(waitingNow).toHaveText(/^0/);
  await expect(longestWait).toContainText('Nobody waiting');
  // Nobody has the app open: signed-in sessions elsewhere do not count.
  await expect(statValue(owner, 'Active Servers')).toHaveText(/^0/);
  await expect(alexRow).toContainText('Offline');

  // --- Alex opens the app: 0 → 1, online, live --------------------------------------------------------
  const staff = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const server = await staff.newPage();
  await signInWithPin(server, alex.loginId, alex.pin);
  await expect(server).toHaveURL(/\/server\/tables$/);
  await expect(statValue(owner, 'Active Servers')).toHaveText(/^1/);
  await expect(alexRow).toContainText('Online');

  // --- Alex takes table 8: an assignment line, one more table ------------------------------------------
  const cellOf = (column: number) => alexRow.getByRole('cell').nth(column);
  const tablesBefore = Number(await cellOf(0).innerText());
  const available = server.getByRole('region', { name: 'Available Tables' });
  await available
    .getByRole('article')
    .filter({ hasText: 'Table 8' })
    .getByRole('button', { name: /Assign to Me/ })
    .click();
  await expect(server.getByText('Table 8 assigned successfully')).toBeVisible();
  const latest = activity.getByRole('listitem').first();
  await expect(latest).toContainText('Table 8');
  await expect(latest).toContainText('Took the table');
  await expect(latest).toContainText(alex.name);
  await expect(cellOf(0)).toHaveText(String(tablesBefore + 1));
  await expect(cellOf(1)).toHaveText('0');

  // --- A guest at table 8 asks for the bill: a press line, an open request for Alex --------------------
  await server.goto('/server/requests');
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto(`/table/${table8.restaurantId}/${table8.id}`);
  await guest.getByRole('button', { name: 'Get Bill' }).click();
  await expect(guest.getByRole('button', { name: /Request sent ✓/ })).toBeVisible();
  await expect(latest).toContainText('Bill requested');
  await expect(latest).toContainText('Guest');
  await expect(cellOf(1)).toHaveText('1');
  // One guest waiting, and the wait ticks on screen between live updates.
  await expect(waitingNow).toHaveText(/^1/);
  await expect(longestWait).toHaveText(/^\d+ s/);
  const firstWait = await longestWait.textContent();
  await expect.poll(() => longestWait.textContent()).not.toBe(firstWait);

  // --- Alex takes it ("On my way"), then completes it ---------------------------------------------------
  // A request's line is named "<type> Table <n>" (issue 28): its table is the row's heading, not the line's text.
  const card = server
    .getByRole('region', { name: 'Pending Requests' })
    .getByRole('article', { name: / Table 8$/ });
  await card.getByRole('button', { name: /On my way/ }).click();
  await expect(latest).toContainText('Took bill');
  await expect(latest).toContainText(alex.name);
  await expect(cellOf(2)).not.toHaveText('—');
  // Taken is not served: the guest still waits.
  await expect(waitingNow).toHaveText(/^1/);
  await expect(longestWait).toHaveText(/^\d+ s/);
  await card.getByRole('button', { name: /Complete/ }).click();
  await expect(server.getByText('Request marked as completed')).toBeVisible();
  await expect(latest).toContainText('Completed bill');
  await expect(cellOf(1)).toHaveText('0');
  await expect(waitingNow).toHaveText(/^0/);
  await expect(longestWait).toContainText('Nobody waiting');
  await expect(statValue(owner, 'Avg. Response Time Today')).toContainText('min');

  // With every panel filled: no axe violation, and no sideways scrolling on a phone.
  const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
  for (const size of [
    { width: 1366, height: 900 },
    { width: 360, height: 740 },
  ]) {
    await owner.setViewportSize(size);
    await expect(latest).toBeVisible();
    await animationsFinished(owner);
    const { violations } = await new AxeBuilder({ page: owner }).withTags(TAGS).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([]);
    expect(
      await owner.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  }
  await owner.setViewportSize({ width: 1366, height: 900 });

  // Leave the demo floor as found: table 8 unassigned.
  await server.goto('/server/tables');
  await server
    .getByRole('region', { name: 'My Assigned Tables' })
    .getByRole('article')
    .filter({ hasText: 'Table 8' })
    .getByRole('button', { name: /Unassign/ })
    .click();
  await expect(server.getByText('Table unassigned successfully')).toBeVisible();
  await expect(latest).toContainText('Released the table');

  // --- Alex closes the app: 1 → 0, offline, live --------------------------------------------------------
  await staff.close();
  await expect(statValue(owner, 'Active Servers')).toHaveText(/^0/);
  await expect(alexRow).toContainText('Offline');

  await guestContext.close();
  await ownerContext.close();
});
