import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO } from '../../src/server/demo';

export { DEMO };

/**
 * The app's origin. Browsers send it as `Origin` on every state-changing fetch, and the server refuses a
 * cookie-authenticated change without it (CSRF); Playwright's API requests must send it themselves.
 */
export const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;

export interface DemoTable {
  id: string;
  number: string;
  restaurantId: string;
}

/** The demo restaurant's tables, read through the API as its admin. */
export async function demoTables(request: APIRequestContext): Promise<DemoTable[]> {
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  expect(login.ok()).toBe(true);
  const res = await request.get('/api/restaurants/demo-bistro/tables');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { tables: DemoTable[] }).tables;
}

export async function signInWithPin(page: Page, loginId: string, pin: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Login ID & PIN' }).click();
  await page.getByLabel('Login ID').fill(loginId);
  await page.getByLabel('PIN').fill(pin);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInWithEmail(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Email & Password' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
