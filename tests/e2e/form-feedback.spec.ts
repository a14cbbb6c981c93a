/**
 * Issue 26, item 5 (decision 067): one message per outcome. A form's error shows in the form only, never also as a
 * toast; toasts are for results with no form (a success, a deletion, a live event) and never cover the page's
 * primary action.
 */
import type { Locator, Page } from '@playwright/test';
import { MSG } from '@shared/messages';
import {
  DEMO,
  expect,
  makeActiveRestaurant,
  ownRestaurantWithTable,
  signInWithEmail,
  test,
} from './support';

const toasts = (page: Page) => page.locator('.Toastify__toast');

/**
 * Whether any toast on screen shares a pixel with `target`, measured in one go (a toast closes after 5 s, so they
 * are read together, not one by one).
 */
function toastsCover(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const b = element.getBoundingClientRect();
    return Array.from(document.querySelectorAll('.Toastify__toast')).some((toast) => {
      const t = toast.getBoundingClientRect();
      return t.left < b.right && b.left < t.right && t.top < b.bottom && b.top < t.bottom;
    });
  });
}

test('a refused sign-in is said once, in the form', async ({ page }) => {
  await signInWithEmail(page, DEMO.admin.email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: MSG.invalidCredentials })).toHaveCount(1);
  await expect(page.getByText(MSG.invalidCredentials)).toHaveCount(1);
  // The right password: its success toast shows, and no error toast came before it.
  await page.getByLabel('Password').fill(DEMO.admin.password);
  // A failed attempt slows the next ones down for a second or so (decision 026's sign-in throttle): the form says
  // "Try again in 1 second", and the person does.
  await expect(async () => {
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toasts(page).filter({ hasText: MSG.loginSuccessful })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  await expect(toasts(page).filter({ hasText: MSG.invalidCredentials })).toHaveCount(0);
});

test('an existing table number is refused once, inline; success toasts never cover "Print all QR codes"', async ({
  page,
}) => {
  const { restaurantId } = await ownRestaurantWithTable(page, `Feedback Bistro ${Date.now()}`, '5');
  await makeActiveRestaurant(page, restaurantId);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/tables');
  await expect(page.getByRole('heading', { name: 'Table Management' })).toBeVisible();
  const number = page.getByLabel('Table Number');
  const add = page.getByRole('button', { name: 'Add Table' });

  await number.fill('5');
  await add.click();
  const form = page.getByRole('form', { name: /add/i });
  await expect(form.getByRole('alert')).toHaveText(MSG.tableNumberExists);
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(MSG.tableNumberExists)).toHaveCount(1);

  // Three tables in a row: three success toasts stacked top-right (SPEC §2). By the time they show, an error toast
  // from the refusal would have shown too: there is none.
  for (const n of ['6', '7', '8']) {
    await number.fill(n);
    await add.click();
    await expect(page.getByRole('article', { name: `Table ${n}` })).toBeVisible();
    await expect(toasts(page).filter({ hasText: MSG.tableCreated }).first()).toBeVisible();
    expect(await toastsCover(page.getByRole('button', { name: 'Print all QR codes' }))).toBe(false);
  }
  await expect(toasts(page).filter({ hasText: MSG.tableCreated })).toHaveCount(3);
  await expect(toasts(page).filter({ hasText: MSG.tableNumberExists })).toHaveCount(0);

  // Neither the page's primary action nor the form's button is under a toast.
  const printAll = page.getByRole('button', { name: 'Print all QR codes' });
  await expect(printAll).toBeVisible();
  // (Each add's toast shows for 5 s: the last one is still there, and the stack was measured as it grew.)
  await expect(toasts(page).first()).toBeVisible();
  expect(await toastsCover(printAll)).toBe(false);
  expect(await toastsCover(add)).toBe(false);
  // And it can be clicked while they show (nothing intercepts the pointer).
  await printAll.click({ trial: true });
});
