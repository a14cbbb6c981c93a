/** SPEC §2 routing rules, walked for every role. */
import type { Page } from '@playwright/test';
import { expect, test, DEMO, signInWithEmail, signInWithPin } from './support';

const protectedRoutes = [
  '/super-admin',
  '/admin/dashboard',
  '/admin/tables',
  '/admin/staff',
  '/admin/settings',
  '/server/tables',
  '/server/requests',
];

async function expectPath(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
}

test('a visitor reaches only login, register and guest pages', async ({ page }) => {
  await page.goto('/');
  await expectPath(page, '/login');
  for (const route of protectedRoutes) {
    await page.goto(route);
    await expectPath(page, '/login');
  }
  await page.goto('/register');
  await expect(page.getByText('Registration Coming Soon')).toBeVisible();
  await page.getByRole('button', { name: 'Return to Login' }).click();
  await expectPath(page, '/login');
  await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeAttached();
});

const roles = [
  {
    name: 'super_admin',
    home: '/super-admin',
    signIn: (p: Page) => signInWithEmail(p, DEMO.superAdmin.email, DEMO.superAdmin.password),
  },
  {
    name: 'admin',
    home: '/admin/dashboard',
    signIn: (p: Page) => signInWithEmail(p, DEMO.admin.email, DEMO.admin.password),
  },
  {
    name: 'server',
    home: '/server/tables',
    signIn: (p: Page) => signInWithPin(p, DEMO.servers[0].loginId, DEMO.servers[0].pin),
  },
] as const;

for (const role of roles) {
  test(`${role.name}: lands on ${role.home}, is redirected away from login and from other roles' routes`, async ({
    page,
  }) => {
    await role.signIn(page);
    await expectPath(page, role.home);
    await page.goto('/login');
    await expectPath(page, role.home);
    await page.goto('/register');
    await expectPath(page, role.home);
    await page.goto('/');
    await expectPath(page, role.home);
    for (const route of protectedRoutes) {
      await page.goto(route);
      const allowed = route.startsWith(role.home.split('/').slice(0, 2).join('/'));
      // A route of another role sends the user to '/', which redirects them home.
      await expectPath(page, allowed ? route : role.home);
    }
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expectPath(page, '/login');
    await page.goto(role.home);
    await expectPath(page, '/login');
  });
}
