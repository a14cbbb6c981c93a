/**
 * Decision 027: a press made while a server's console was cut off is not silently lost — when the console's live
 * channel is back it refetches and raises the same new-request alert as a live one, even on a screen that does not
 * show the request list.
 */
import { expect, test, DEMO, demoTables, signInWithPin } from './support';

test('a press made while the console was offline is alerted when it reconnects', async ({
  browser,
  request,
}) => {
  const table7 = (await demoTables(request)).find((t) => t.number === '7')!;
  const sam = DEMO.servers[1];

  const staff = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const serverPage = await staff.newPage();
  // Playwright's clock: the page's timers and Date run on a clock the test can move (below), time flowing normally
  // until then.
  await serverPage.clock.install();
  // The console fetches the request list once it is live, as the baseline for later gaps.
  const baseline = serverPage.waitForResponse(
    (res) => /\/api\/restaurants\/[^/]+\/requests$/.test(res.url()) && res.ok(),
  );
  await signInWithPin(serverPage, sam.loginId, sam.pin);
  await expect(serverPage).toHaveURL(/\/server\/tables$/);
  await baseline;
  // The page's own code is loaded (a lazy route chunk) before the network goes: the list can arrive first, and a
  // chunk asked for offline fails the route (found by CI once the chunk grew).
  await expect(serverPage.getByRole('heading', { name: 'My Assigned Tables' })).toBeVisible();

  await staff.setOffline(true);
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto(`/table/${table7.restaurantId}/${table7.id}`);
  await guest.getByRole('button', { name: 'Get Bill' }).click();
  await expect(guest.getByRole('button', { name: /Request sent ✓/ })).toBeVisible();
  await expect(serverPage.getByText('New Request from Table 7')).toHaveCount(0);
  // Past the 30 s staleTime (app/query-client.ts), without waiting for it: back online, TanStack Query refetches the
  // stale request list by itself, often before the socket is open — the alert must still come (it did not, found by
  // CI).
  await serverPage.clock.fastForward('00:31');

  // Back online: the console reconnects, refetches and alerts to the request it did not know.
  await staff.setOffline(false);
  await expect(serverPage.getByText('New Request from Table 7')).toBeVisible();
  await expect(serverPage.getByText('Bill Payment Requested')).toBeVisible();

  await staff.close();
  await guestContext.close();
});
