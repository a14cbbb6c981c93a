/**
 * `npm run screenshots` (issue 13): every screen of every role, with the demo data and a few live requests, at a
 * phone (360 × 740) and a desktop (1366 × 900) size, into `.tmp/screenshots/` (not committed) — the whole product's
 * look reviewable in a minute. It starts its own server on a fresh embedded database (scripts/e2e-server.mjs, on
 * SCREENSHOTS_PORT, default 4390) and Debian's Chromium (tests/support/chromium.ts); the client must be built.
 *
 *   npm run screenshots                      every screen
 *   npm run screenshots -- admin guest       only the screens whose name contains one of the words
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import {
  VIEWPORTS,
  screens,
  settle,
  signIn,
  type DemoTable,
  type Role,
} from '../tests/support/screens';
import WebSocket from 'ws';
import { DEMO } from '../src/server/demo';

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4390);
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** Issue 15: the browser's language (staff screens and the guest page follow it), e.g. `ar`; unset: the default. */
const LOCALE = process.env.SCREENSHOTS_LOCALE;
const OUT = path.resolve('.tmp/screenshots', LOCALE ?? '');
const filters = process.argv.slice(2).map((word) => word.toLowerCase());

async function waitForServer(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${ORIGIN}/api/session`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The app did not answer on ${ORIGIN} within 60 s (see .tmp/e2e-server-${PORT}.log).`,
  );
}

async function api<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; json: T; cookie: string | undefined }> {
  const res = await fetch(`${ORIGIN}${url}`, {
    method,
    headers: {
      origin: ORIGIN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: (text ? JSON.parse(text) : null) as T,
    cookie: res.headers.get('set-cookie')?.split(';')[0],
  };
}

/**
 * Live data for the console and dashboard: presses at a few demo tables; the second demo server takes one, completes
 * another and takes a table, and keeps a console open (the dashboard's Server Status shows them online).
 */
async function seedActivity(tables: DemoTable[], adminCookie: string): Promise<WebSocket> {
  // Decision 087: a button of the restaurant's own, pressed at table 8 (table 6's press is the shifts' own, below),
  // so the guest page, the settings and the console show one.
  const buttons = await api<{ restaurant: { requestTypes: { custom: { key: string }[] } } }>(
    'PUT',
    '/api/restaurants/demo-bistro/request-types',
    {
      hidden: [],
      custom: [
        { labels: { en: 'High chair', es: 'Trona', ar: 'كرسي أطفال' }, icon: 'chair' },
        { labels: { en: 'Napkins', es: 'Servilletas' }, icon: 'tissue' },
      ],
    },
    adminCookie,
  );
  if (buttons.status !== 200) throw new Error(`guest buttons: ${buttons.status}`);
  const highChair = buttons.json.restaurant.requestTypes.custom[0]!.key;
  const custom = await api(
    'POST',
    `/api/public/restaurants/demo-bistro/tables/${tables[7]!.id}/requests`,
    { type: highChair },
  );
  if (custom.status !== 201)
    throw new Error(
      `press at table ${tables[7]!.number}: ${custom.status} ${JSON.stringify(custom.json)}`,
    );
  const types = ['order', 'refill', 'bill', 'server'] as const;
  const ids: string[] = [];
  for (const [i, table] of tables.slice(0, 4).entries()) {
    const res = await api<{ request: { id: string } }>(
      'POST',
      `/api/public/restaurants/demo-bistro/tables/${table.id}/requests`,
      { type: types[i % types.length] },
    );
    if (res.status !== 201) throw new Error(`press at table ${table.number}: ${res.status}`);
    ids.push(res.json.request.id);
  }
  const sam = DEMO.servers[1];
  const signedIn = await api('POST', '/api/auth/pin-login', { loginId: sam.loginId, pin: sam.pin });
  const cookie = signedIn.cookie!;
  for (const [url, ok] of [
    [`/api/tables/${tables[4]!.id}/assign`, 200],
    [`/api/requests/${ids[1]!}/acknowledge`, 200],
    [`/api/requests/${ids[2]!}/complete`, 200],
  ] as const) {
    const res = await api('POST', url, {}, cookie);
    if (res.status !== ok) throw new Error(`${url}: ${res.status}`);
  }
  await seedShifts(tables, cookie);
  const socket = new WebSocket(`${ORIGIN.replace('http', 'ws')}/api/live`, {
    headers: { cookie },
    origin: ORIGIN,
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/**
 * Shifts (decisions 094–096): Alex holds table 6 with a note and a call at it; both servers are on duty; the owner
 * ended Sam's first shift handing his work to Alex (an accepted hand-over in History); Sam, on duty again with
 * table 7, offers it to Alex, whose console shows the offer.
 */
async function seedShifts(tables: DemoTable[], samCookie: string): Promise<void> {
  const alex = DEMO.servers[0];
  const alexCookie = (
    await api('POST', '/api/auth/pin-login', { loginId: alex.loginId, pin: alex.pin })
  ).cookie!;
  const admin = (
    await api('POST', '/api/auth/login', { email: DEMO.admin.email, password: DEMO.admin.password })
  ).cookie!;
  const put = async (url: string, body: unknown, cookie: string) => {
    const res = await fetch(`${ORIGIN}${url}`, {
      method: 'PUT',
      headers: { origin: ORIGIN, 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
  };
  const shiftUrl = '/api/restaurants/demo-bistro/shift';
  const steps: [string, unknown, string, number][] = [
    [`/api/tables/${tables[5]!.id}/assign`, {}, alexCookie, 200],
    [shiftUrl, { sectionIds: [] }, alexCookie, 201],
    [shiftUrl, { sectionIds: [] }, samCookie, 201],
  ];
  for (const [url, body, cookie, ok] of steps) {
    const res = await api('POST', url, body, cookie);
    if (res.status !== ok) throw new Error(`${url}: ${res.status}`);
  }
  await put(`/api/tables/${tables[5]!.id}/note`, { note: 'Allergy seat 2 — no nuts' }, alexCookie);
  const press = await api(
    'POST',
    `/api/public/restaurants/demo-bistro/tables/${tables[5]!.id}/requests`,
    { type: 'order' },
  );
  if (press.status !== 201) throw new Error(`press at table 6: ${press.status}`);
  const alexId = (await api<{ user: { id: string } }>('GET', '/api/session', undefined, alexCookie))
    .json.user.id;
  const sam = await api<{ state: { myShift: { id: string } } }>(
    'GET',
    shiftUrl,
    undefined,
    samCookie,
  );
  const ended = await api(
    'POST',
    `/api/shifts/${sam.json.state.myShift.id}/end`,
    { toServerId: alexId },
    admin,
  );
  if (ended.status !== 200) throw new Error(`force-end: ${ended.status}`);
  for (const [url, body, ok] of [
    [shiftUrl, { sectionIds: [] }, 201],
    [`/api/tables/${tables[6]!.id}/assign`, {}, 200],
    ['/api/restaurants/demo-bistro/handovers', { toServerId: alexId }, 201],
  ] as const) {
    const res = await api('POST', url, body, samCookie);
    if (res.status !== ok) throw new Error(`${url}: ${res.status}`);
  }
}

async function capture(browser: Browser, tables: DemoTable[]): Promise<string[]> {
  const written: string[] = [];
  const wanted = screens(tables).filter(
    (screen) =>
      filters.length === 0 ||
      filters.some((word) => `${screen.role}-${screen.name}`.toLowerCase().includes(word)),
  );
  for (const viewport of VIEWPORTS) {
    const contexts = new Map<Role, BrowserContext>();
    for (const screen of wanted) {
      let context = contexts.get(screen.role);
      if (!context) {
        context = await browser.newContext({
          baseURL: ORIGIN,
          viewport: { width: viewport.width, height: viewport.height },
          deviceScaleFactor: 1,
          isMobile: viewport.name === 'phone',
          hasTouch: viewport.name === 'phone',
          serviceWorkers: 'block',
          ...(LOCALE ? { locale: LOCALE } : {}),
        });
        await signIn(context, screen.role, ORIGIN);
        contexts.set(screen.role, context);
      }
      const page = await context.newPage();
      try {
        await screen.open(page);
        await settle(page);
        const file = path.join(OUT, `${viewport.name}-${screen.role}-${screen.name}.png`);
        await page.screenshot({ path: file, fullPage: screen.fullPage ?? false });
        written.push(file);
      } catch (err) {
        console.error(`${viewport.name} ${screen.role} ${screen.name}: ${(err as Error).message}`);
        process.exitCode = 1;
      } finally {
        await page.close();
      }
    }
    for (const context of contexts.values()) await context.close();
  }
  return written;
}

async function main(): Promise<void> {
  if (
    !['dist/client/index.html', 'dist/server/main.js'].every((f) => fs.existsSync(path.resolve(f)))
  ) {
    throw new Error(
      'The client is not built: run `npm run build` first (npm run screenshots does).',
    );
  }
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, E2E_PORT: String(PORT), E2E_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await waitForServer(Date.now() + 60_000);
    const admin = await api<unknown>('POST', '/api/auth/login', {
      email: DEMO.admin.email,
      password: DEMO.admin.password,
    });
    const listed = await api<{ tables: DemoTable[] }>(
      'GET',
      '/api/restaurants/demo-bistro/tables',
      undefined,
      admin.cookie,
    );
    const tables = [...listed.json.tables].sort((a, b) => Number(a.number) - Number(b.number));
    const samConsole = await seedActivity(tables, admin.cookie!);
    const written = await capture(browser, tables);
    samConsole.close();
    console.log(`${written.length} screenshots in ${path.relative(process.cwd(), OUT)}/`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
