/**
 * Benchmark e (pages): what the guest page and the server console cost a phone on first load, and Lighthouse's
 * mobile verdict on the guest page. The client is built (`vite build`), the real server runs as a child process
 * (NODE_ENV=production, a fresh PGlite data directory with one restaurant, one table and one server), and Debian's
 * Chromium loads the pages: every JS and CSS response is gzipped (zlib level 9) and summed, and the source maps of
 * the JS tell which packages and feature folders each page loaded. Then Lighthouse 12, default (mobile) config with
 * its simulated throttling, audits the guest page, the staff sign-in page and the console (signed in) several times; the report gives the
 * medians. Issue 25 (decision 099): the sign-in page and the server's console have a budget of their own.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test';
import { eq } from 'drizzle-orm';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { restaurants } from '../src/server/db/schema';
import { createRestaurant } from '../src/server/modules/restaurants/restaurants.service';
import { createTableRow } from '../src/server/modules/tables/tables.service';
import { createPasswordUser, createPinServer } from '../src/server/modules/users/users.service';
import { quiet } from './live';
import { createBenchDatabase } from './lib/database';
import { describeMachine, machine } from './lib/machine';
import type { BudgetResult, Section } from './lib/report';
import { BENCH_TMP, freePort, onCleanup, ROOT, startServer } from './lib/server';
import { kb, median, ms, table } from './lib/stats';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';

const CLIENT_DIST = path.join(ROOT, 'dist', 'client');
/** The build keeps its source maps beside itself, never served (vite.config.ts, issue 25). */
const CLIENT_MAPS = path.join(ROOT, 'dist', 'client-sourcemaps');
/** `BENCH_LIGHTHOUSE_RUNS=0` weighs the pages only (no Lighthouse: its budgets read "not measured"). */
const LIGHTHOUSE_RUNS = lighthouseRuns(process.env.BENCH_LIGHTHOUSE_RUNS);
/**
 * `BENCH_LIGHTHOUSE_PAGES=console` (a comma-separated list of guest, guest-ar, login, console) audits only those
 * pages: for probing one page while working on it. The others' budgets then read "not measured".
 */
const LIGHTHOUSE_PAGES = new Set(
  (process.env.BENCH_LIGHTHOUSE_PAGES ?? 'guest,guest-ar,login,console')
    .split(',')
    .map((p) => p.trim()),
);
const auditRuns = (page: string) => (LIGHTHOUSE_PAGES.has(page) ? LIGHTHOUSE_RUNS : 0);
/** `BENCH_KEEP_TRACE=1` keeps each run's Chromium trace beside its report (`….trace.json`: the long tasks, decision 105). */
const KEEP_TRACE = Boolean(process.env.BENCH_KEEP_TRACE);
const BUILD_TIMEOUT_MS = 300_000;
const LIGHTHOUSE_TIMEOUT_MS = 180_000;
const PAGE_TIMEOUT_MS = 30_000;

function lighthouseRuns(value: string | undefined): number {
  if (value === undefined || value === '') return 3;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 0)
    throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number ≥ 0, not "${value}"`);
  return runs;
}

/** KB here is 1,024 bytes (as everywhere in this report). */
const BUDGETS = {
  guestJsBytes: 90 * 1024,
  /** Issue 25: the sign-in page (every server opens it each shift) and the server's console. */
  staffJsBytes: 150 * 1024,
  performance: 95,
  accessibility: 100,
  lcpMs: 1500,
};

/** Code that must not reach the guest's phone on first load (issue: split routes). */
const FORBIDDEN_PACKAGES = [
  'qrcode',
  'react-toastify',
  'recharts',
  'chart.js',
  'd3',
  'workbox-window',
];

/** Code the server's console must not load on first load (issue 25: nothing of the admin in the console). */
const ADMIN_ONLY = [
  'features/dashboard',
  'features/analytics',
  'features/settings',
  'features/staff',
  'features/super-admin',
  'features/boards',
  'features/guest',
  'qrcode',
  'recharts',
  'react-hook-form',
];

const SEED = {
  restaurant: 'Bench Bistro',
  table: '1',
  owner: { name: 'Pat Owner', email: 'owner@pages.bench.test', password: 'Bench-pass1!' },
  server: { name: 'Robin Server', loginId: 'robin', pin: '4321' },
  reviewUrl: 'https://reviews.example/bench-bistro',
};

interface Asset {
  path: string;
  kind: 'js' | 'css';
  raw: number;
  /** zlib level 9 of the body. */
  gzip: number;
  /** What went over the wire (response body as sent). */
  transferred: number;
  encoding: string;
}

interface PageWeight {
  label: string;
  path: string;
  assets: Asset[];
  /** Package names and source folders found in the source maps of the JS it loaded. */
  modules: string[];
  /** Entries of `modules` that a guest page must not load. */
  forbidden: string[];
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalBytes: number;
  benchmarkIndex: number;
  /** Titles of the accessibility and best-practices audits that did not pass. */
  failed: string[];
  /** Performance opportunities with their estimated savings. */
  opportunities: string[];
  lcpElement: string;
  reportFile: string;
}

export interface PagesResult {
  buildMs: number;
  guestPath: string;
  pages: PageWeight[];
  precache: { files: number; raw: number; gzip: number };
  lighthouse: LighthouseRun[];
  /** Issue 15: the same audits of the guest page drawn in Arabic (Accept-Language: ar, right to left). */
  lighthouseArabic: LighthouseRun[];
  /** Issue 25: the same audits of the staff sign-in page (/login, signed out). */
  lighthouseLogin?: LighthouseRun[];
  /** The server's console (/server/requests), signed in with a PIN (issue 25). */
  lighthouseConsole?: LighthouseRun[];
}

// ---------- build ----------

async function buildClient(log: (line: string) => void): Promise<number> {
  fs.mkdirSync(BENCH_TMP, { recursive: true });
  const logFile = path.join(BENCH_TMP, 'pages-build.log');
  const out = fs.openSync(logFile, 'w');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.NODE_OPTIONS;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', out, out],
    },
  );
  fs.closeSync(out);
  const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`vite build failed (exit ${code}); see ${logFile}`);
  const buildMs = performance.now() - started;
  log(`  vite build: ${ms(buildMs)} ms`);
  return buildMs;
}

// ---------- data ----------

interface Seeded {
  restaurantId: string;
  tableId: string;
  env: Record<string, string>;
}

/** One restaurant (with a review link, so the guest page shows all it can), one table, one PIN server. */
async function seed(): Promise<Seeded> {
  const bench = await createBenchDatabase('pglite');
  const database = await bench.open();
  try {
    await database.migrate();
    return await database.db.transaction(async (tx) => {
      const owner = await createPasswordUser(tx, {
        role: 'admin',
        ...SEED.owner,
        verified: true,
      });
      const restaurant = await createRestaurant(tx, owner.id, SEED.restaurant);
      await tx
        .update(restaurants)
        .set({ reviewUrl: SEED.reviewUrl })
        .where(eq(restaurants.id, restaurant.id));
      const table = await createTableRow(tx, restaurant.id, SEED.table);
      await createPinServer(tx, { restaurantId: restaurant.id, ...SEED.server });
      return { restaurantId: restaurant.id, tableId: table.id, env: bench.env };
    });
  } finally {
    await database.close();
  }
}

// ---------- page weight ----------

const gzip9 = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;

/** Which packages / source folders a built JS file contains, from its source map. */
function modulesOf(assetPath: string): string[] {
  const mapFile = path.join(CLIENT_MAPS, assetPath + '.map');
  if (!fs.existsSync(mapFile)) return [];
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
  const found = new Set<string>();
  for (const source of map.sources) {
    const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (nm) {
      found.add(nm[1]!);
      continue;
    }
    const feature = /src\/client\/features\/([^/]+)/.exec(source);
    if (feature) found.add(`features/${feature[1]}`);
    else {
      const local = /src\/(client\/[^/]+|shared)/.exec(source);
      if (local) found.add(local[1]!.replace(/^client\//, ''));
    }
  }
  return [...found];
}

function isForbiddenOnGuest(module: string): boolean {
  if (module.startsWith('features/')) return module !== 'features/guest';
  return FORBIDDEN_PACKAGES.includes(module);
}

const isForbiddenOnStaff = (module: string) => ADMIN_ONLY.includes(module);

async function weigh(
  context: BrowserContext,
  label: string,
  base: string,
  pagePath: string,
  ready: (page: import('@playwright/test').Page) => Promise<void>,
  forbiddenTest: ((module: string) => boolean) | null,
): Promise<PageWeight> {
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  try {
    await page.goto(base + pagePath, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    await ready(page);
    await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS });
    const assets: Asset[] = [];
    for (const response of responses) {
      const url = new URL(response.url());
      if (url.origin !== base) continue;
      const kind = url.pathname.endsWith('.js')
        ? 'js'
        : url.pathname.endsWith('.css')
          ? 'css'
          : null;
      if (!kind || response.status() !== 200) continue;
      const body = await response.body();
      const sizes = await response.request().sizes();
      assets.push({
        path: url.pathname,
        kind,
        raw: body.length,
        gzip: gzip9(body),
        transferred: sizes.responseBodySize,
        encoding: (await response.headerValue('content-encoding')) ?? 'identity',
      });
    }
    const modules = [
      ...new Set(assets.filter((a) => a.kind === 'js').flatMap((a) => modulesOf(a.path.slice(1)))),
    ].sort();
    return {
      label,
      path: pagePath,
      assets,
      modules,
      forbidden: forbiddenTest ? modules.filter(forbiddenTest) : [],
    };
  } finally {
    await page.close();
  }
}

/** What the service worker downloads after the first load (its precache manifest), gzipped like the assets. */
function precacheSize(): PagesResult['precache'] {
  const sw = fs.readFileSync(path.join(CLIENT_DIST, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const url of urls) {
    const file = path.join(CLIENT_DIST, url);
    if (!fs.existsSync(file)) continue;
    const body = fs.readFileSync(file);
    raw += body.length;
    gz += /\.(png)$/.test(url) ? body.length : gzip9(body);
  }
  return { files: urls.length, raw, gzip: gz };
}

async function measureWeights(
  browser: Browser,
  base: string,
  guestPath: string,
): Promise<PageWeight[]> {
  // Service workers blocked: their precache starts after the load event and is reported on its own.
  const guestContext = await browser.newContext({ serviceWorkers: 'block' });
  const pages: PageWeight[] = [];
  try {
    pages.push(
      await weigh(
        guestContext,
        'guest page',
        base,
        guestPath,
        (page) =>
          page
            .getByRole('button', { name: 'Ready to Order' })
            .waitFor({ timeout: PAGE_TIMEOUT_MS }),
        isForbiddenOnGuest,
      ),
    );
  } finally {
    await guestContext.close();
  }
  // Issue 15: the guest page in Arabic (the server draws it in the language Accept-Language asks for).
  const arabicContext = await browser.newContext({ serviceWorkers: 'block', locale: 'ar' });
  try {
    pages.push(
      await weigh(
        arabicContext,
        'guest page, Arabic',
        base,
        guestPath,
        (page) =>
          page.getByRole('button', { name: 'جاهزون للطلب' }).waitFor({ timeout: PAGE_TIMEOUT_MS }),
        isForbiddenOnGuest,
      ),
    );
  } finally {
    await arabicContext.close();
  }
  // Issue 25: the staff sign-in page, signed out, as a server opens it at the start of a shift.
  const loginContext = await browser.newContext({ serviceWorkers: 'block' });
  try {
    pages.push(
      await weigh(
        loginContext,
        'sign-in page',
        base,
        '/login',
        (page) =>
          page.getByRole('heading', { name: 'Staff Login' }).waitFor({ timeout: PAGE_TIMEOUT_MS }),
        isForbiddenOnStaff,
      ),
    );
  } finally {
    await loginContext.close();
  }
  const asServer = {
    path: '/api/auth/pin-login',
    data: { loginId: SEED.server.loginId, pin: SEED.server.pin },
  };
  const asOwner = {
    path: '/api/auth/login',
    data: { email: SEED.owner.email, password: SEED.owner.password },
  };
  for (const [label, consolePath, heading, who] of [
    ['server console: requests', '/server/requests', 'Table Service Requests', asServer],
    ['server console: tables', '/server/tables', 'My Assigned Tables', asServer],
    ['admin: dashboard', '/admin/dashboard', 'Restaurant Overview', asOwner],
    // Issue 13: the charting library is in this route's lazy chunk only (compare with the dashboard's row).
    ['admin: analytics', '/admin/analytics', 'Analytics', asOwner],
  ] as const) {
    // A fresh context per page (empty HTTP cache); the sign-in goes through the API, so the login page's code
    // is not counted.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const signIn = await context.request.post(`${base}${who.path}`, {
        data: who.data,
        headers: { origin: base },
        timeout: PAGE_TIMEOUT_MS,
      });
      if (!signIn.ok()) throw new Error(`Sign-in for ${label} failed: HTTP ${signIn.status()}`);
      pages.push(
        await weigh(
          context,
          label,
          base,
          consolePath,
          (page) =>
            page
              .getByRole('heading', { name: heading })
              .first()
              .waitFor({ timeout: PAGE_TIMEOUT_MS }),
          who === asServer ? isForbiddenOnStaff : null,
        ),
      );
    } finally {
      await context.close();
    }
  }
  return pages;
}

// ---------- Lighthouse ----------

/** Chromium with a DevTools port on 127.0.0.1 and a throw-away profile, for Lighthouse to drive. */
async function launchForLighthouse(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-bench-lh-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    // Chromium's helper processes can still be writing into the profile for a moment after it is killed.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (err) {
      console.warn(`could not remove ${profile}: ${String(err)}`);
    }
  };
  onCleanup(close);
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Chromium gave no DevTools port')), 30_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      text += chunk;
      const m = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(text);
      if (m) {
        clearTimeout(timer);
        child.stderr.resume();
        resolve(Number(m[1]));
      }
    });
    child.once('exit', () => reject(new Error(`Chromium exited early:\n${text.slice(-2000)}`)));
  });
  return { port, close };
}

function withTimeout<T>(promise: Promise<T>, msec: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what} took longer than ${msec / 1000} s`)),
        msec,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

function summarise(lhr: LighthouseResult, reportFile: string): LighthouseRun {
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => audit(id)?.numericValue ?? NaN;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const failed: string[] = [];
  for (const category of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const a = audit(ref.id);
      if (a && ref.weight > 0 && a.score !== null && a.score < 1)
        failed.push(`${category}: ${a.title}`);
    }
  }
  const opportunities: string[] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    if (ref.group === 'metrics' || ref.group === 'hidden') continue;
    const a = audit(ref.id);
    const details = a?.details as
      { overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
    if (!a || a.score === null || a.score >= 0.9) continue;
    const savings = details?.overallSavingsMs
      ? ` (≈ ${ms(details.overallSavingsMs)} ms)`
      : a.displayValue
        ? ` (${a.displayValue})`
        : '';
    opportunities.push(`${a.title}${savings}`);
  }
  const lcpItems = (
    audit('largest-contentful-paint-element')?.details as
      { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
  )?.items?.[0]?.items?.[0]?.node?.snippet;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    totalBytes: numeric('total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failed,
    opportunities,
    lcpElement: lcpItems ?? '–',
    reportFile: path.relative(ROOT, reportFile),
  };
}

async function runLighthouse(
  url: string,
  run: number,
  log: (line: string) => void,
  language = 'en',
  name = 'guest',
  cookie?: string,
): Promise<LighthouseRun> {
  const chrome = await launchForLighthouse();
  try {
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        extraHeaders: { 'Accept-Language': language, ...(cookie ? { Cookie: cookie } : {}) },
      }),
      LIGHTHOUSE_TIMEOUT_MS,
      'Lighthouse',
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const reportFile = path.join(
      BENCH_TMP,
      `lighthouse-${name}-${language === 'en' ? '' : `${language}-`}${run}.json`,
    );
    fs.writeFileSync(reportFile, JSON.stringify(lhr, null, 1));
    if (KEEP_TRACE)
      fs.writeFileSync(
        reportFile.replace(/\.json$/, '.trace.json'),
        JSON.stringify((result.artifacts as { Trace: unknown }).Trace),
      );
    const summary = summarise(lhr, reportFile);
    log(
      `  Lighthouse run ${run} (${name}, ${language}): performance ${summary.performance}, accessibility ${summary.accessibility}, ` +
        `best practices ${summary.bestPractices}, LCP ${ms(summary.lcpMs)} ms, TBT ${ms(summary.tbtMs)} ms, ` +
        `CLS ${summary.cls.toFixed(3)}`,
    );
    return summary;
  } finally {
    await chrome.close();
  }
}

/** The seeded server's session cookie (`name=value`), from a PIN sign-in through the API. */
async function serverSessionCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/pin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ loginId: SEED.server.loginId, pin: SEED.server.pin }),
  });
  if (!response.ok) throw new Error(`PIN sign-in for Lighthouse failed: HTTP ${response.status}`);
  const cookies = response.headers.getSetCookie().map((header) => header.split(';')[0]);
  if (cookies.length === 0) throw new Error('PIN sign-in for Lighthouse set no cookie');
  return cookies.join('; ');
}

// ---------- the benchmark ----------

export async function runPages(log: (line: string) => void): Promise<PagesResult> {
  // Debian's Chromium, installed by the same script the test command uses when it is missing.
  const ensured = spawnSync(process.execPath, [path.join(ROOT, 'scripts/ensure-chromium.mjs')], {
    stdio: 'inherit',
  });
  if (ensured.status !== 0)
    throw new Error('Chromium is not available (scripts/ensure-chromium.mjs)');
  const buildMs = await buildClient(log);
  const seeded = await seed();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({
    name: 'pages',
    port,
    env: { ...seeded.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_URL: base },
  });
  const guestPath = `/table/${encodeURIComponent(seeded.restaurantId)}/${encodeURIComponent(seeded.tableId)}`;
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    let pages: PageWeight[];
    try {
      pages = await measureWeights(browser, base, guestPath);
    } finally {
      await browser.close();
    }
    for (const p of pages) {
      const js = p.assets.filter((a) => a.kind === 'js').reduce((s, a) => s + a.gzip, 0);
      const css = p.assets.filter((a) => a.kind === 'css').reduce((s, a) => s + a.gzip, 0);
      log(`  ${p.label}: ${kb(js)} KB JS, ${kb(css)} KB CSS (gzip -9)`);
    }
    const runs: LighthouseRun[] = [];
    for (let run = 1; run <= auditRuns('guest'); run++) {
      await quiet(log);
      runs.push(await runLighthouse(base + guestPath, run, log));
    }
    const arabic: LighthouseRun[] = [];
    for (let run = 1; run <= auditRuns('guest-ar'); run++) {
      await quiet(log);
      arabic.push(await runLighthouse(base + guestPath, run, log, 'ar'));
    }
    const login: LighthouseRun[] = [];
    for (let run = 1; run <= auditRuns('login'); run++) {
      await quiet(log);
      login.push(await runLighthouse(`${base}/login`, run, log, 'en', 'login'));
    }
    const consoleRuns: LighthouseRun[] = [];
    for (let run = 1; run <= auditRuns('console'); run++) {
      await quiet(log);
      // A fresh PIN session per run, sent as the cookie header of every request Lighthouse makes.
      const cookie = await serverSessionCookie(base);
      consoleRuns.push(
        await runLighthouse(`${base}/server/requests`, run, log, 'en', 'console', cookie),
      );
    }
    return {
      buildMs,
      guestPath,
      pages,
      precache: precacheSize(),
      lighthouse: runs,
      lighthouseArabic: arabic,
      lighthouseLogin: login,
      lighthouseConsole: consoleRuns,
    };
  } finally {
    await server.stop();
  }
}

// ---------- report ----------

const sum = (assets: Asset[], kind: Asset['kind'], key: 'raw' | 'gzip' | 'transferred') =>
  assets.filter((a) => a.kind === kind).reduce((s, a) => s + a[key], 0);

const LIGHTHOUSE_COLUMNS = [
  'run',
  'performance',
  'accessibility',
  'best practices',
  'FCP',
  'LCP',
  'TBT',
  'CLS',
  'Speed Index',
  'bytes KB',
  'bench',
];

const lighthouseRow = (label: string, r: LighthouseRun) => [
  label,
  String(r.performance),
  String(r.accessibility),
  String(r.bestPractices),
  ms(r.fcpMs),
  ms(r.lcpMs),
  ms(r.tbtMs),
  r.cls.toFixed(3),
  ms(r.speedIndexMs),
  kb(r.totalBytes),
  String(Math.round(r.benchmarkIndex)),
];

export function pagesSection(res: PagesResult): Section {
  const m = machine();
  const guest = res.pages[0]!;
  const arabicGuest = res.pages.find((p) => p.label === 'guest page, Arabic');
  const guestJs = sum(guest.assets, 'js', 'gzip');
  const arabicJs = arabicGuest ? sum(arabicGuest.assets, 'js', 'gzip') : guestJs;
  const lh = res.lighthouse;
  const lhAr = res.lighthouseArabic ?? [];
  const med = (pick: (r: LighthouseRun) => number) => median(lh.map(pick));
  const medAr = (pick: (r: LighthouseRun) => number) =>
    lhAr.length ? median(lhAr.map(pick)) : med(pick);
  const perf = med((r) => r.performance);
  const a11y = med((r) => r.accessibility);
  const lcp = med((r) => r.lcpMs);
  const perfAr = medAr((r) => r.performance);
  const a11yAr = medAr((r) => r.accessibility);
  const lcpAr = medAr((r) => r.lcpMs);
  const encodings = [...new Set(res.pages.flatMap((p) => p.assets.map((a) => a.encoding)))];
  // Issue 25, decision 099: the sign-in page and the server's console.
  const login = res.pages.find((p) => p.label === 'sign-in page');
  const console_ = res.pages.find((p) => p.label === 'server console: requests');
  const loginJs = login ? sum(login.assets, 'js', 'gzip') : NaN;
  const consoleJs = console_ ? sum(console_.assets, 'js', 'gzip') : NaN;
  const lhLogin = res.lighthouseLogin ?? [];
  const medLogin = (pick: (r: LighthouseRun) => number) =>
    lhLogin.length ? median(lhLogin.map(pick)) : NaN;
  const perfLogin = medLogin((r) => r.performance);
  const lcpLogin = medLogin((r) => r.lcpMs);
  const lhConsole = res.lighthouseConsole ?? [];
  const medConsole = (pick: (r: LighthouseRun) => number) =>
    lhConsole.length ? median(lhConsole.map(pick)) : NaN;
  const perfConsole = medConsole((r) => r.performance);
  const lcpConsole = medConsole((r) => r.lcpMs);

  const budgets: BudgetResult[] = [
    {
      budget: 'Guest page ≤ 90 KB gzip JavaScript on first load, no admin/QR/toast/chart code',
      measured:
        `${kb(guestJs)} KB English, ${kb(arabicJs)} KB Arabic` +
        (guest.forbidden.length ? `; loads ${guest.forbidden.join(', ')}` : ', none of that code'),
      met: Math.max(guestJs, arabicJs) <= BUDGETS.guestJsBytes && guest.forbidden.length === 0,
    },
    {
      budget: 'Guest page Lighthouse mobile performance ≥ 95',
      measured: `${perf} English, ${perfAr} Arabic (medians of ${lh.length})`,
      met: lh.length ? Math.min(perf, perfAr) >= BUDGETS.performance : null,
    },
    {
      budget: 'Guest page Lighthouse mobile accessibility 100',
      measured: `${a11y} English, ${a11yAr} Arabic (medians of ${lh.length})`,
      met: lh.length ? Math.min(a11y, a11yAr) >= BUDGETS.accessibility : null,
    },
    {
      budget: 'Guest page LCP ≤ 1.5 s (Lighthouse mobile throttling)',
      measured: `${(lcp / 1000).toFixed(2)} s English, ${(lcpAr / 1000).toFixed(2)} s Arabic (medians of ${lh.length})`,
      met: lh.length ? Math.max(lcp, lcpAr) <= BUDGETS.lcpMs : null,
    },
    {
      budget:
        'Sign-in page and server console ≤ 150 KB gzip JavaScript on first load, no admin code in the console',
      measured:
        `${kb(loginJs)} KB sign-in, ${kb(consoleJs)} KB console` +
        (console_?.forbidden.length
          ? `; the console loads ${console_.forbidden.join(', ')}`
          : ', no admin code'),
      met: Math.max(loginJs, consoleJs) <= BUDGETS.staffJsBytes && !console_?.forbidden.length,
    },
    {
      budget: 'Sign-in page Lighthouse mobile performance ≥ 95, LCP ≤ 1.5 s',
      measured: `${perfLogin}, LCP ${(lcpLogin / 1000).toFixed(2)} s (medians of ${lhLogin.length})`,
      met: lhLogin.length ? perfLogin >= BUDGETS.performance && lcpLogin <= BUDGETS.lcpMs : null,
    },
    {
      budget: 'Server console Lighthouse mobile performance ≥ 95, LCP ≤ 1.5 s',
      measured: `${perfConsole}, LCP ${(lcpConsole / 1000).toFixed(2)} s (medians of ${lhConsole.length})`,
      met: lhConsole.length
        ? perfConsole >= BUDGETS.performance && lcpConsole <= BUDGETS.lcpMs
        : null,
    },
  ];

  const weightRows = res.pages.map((p) => [
    `${p.label} (\`${p.path.startsWith('/table/') ? '/table/{restaurantId}/{tableId}' : p.path}\`)`,
    String(p.assets.filter((a) => a.kind === 'js').length),
    `**${kb(sum(p.assets, 'js', 'gzip'))}**`,
    kb(sum(p.assets, 'js', 'raw')),
    String(p.assets.filter((a) => a.kind === 'css').length),
    `**${kb(sum(p.assets, 'css', 'gzip'))}**`,
    kb(sum(p.assets, 'css', 'raw')),
    kb(sum(p.assets, 'js', 'transferred') + sum(p.assets, 'css', 'transferred')),
  ]);
  const guestFiles = guest.assets.map((a) => [
    `\`${a.path}\``,
    kb(a.gzip),
    kb(a.raw),
    `${kb(a.transferred)} (${a.encoding})`,
  ]);
  const lhRows = [...lh, ...lhAr].map((r, i) =>
    lighthouseRow(i < lh.length ? `en ${i + 1}` : `ar ${i - lh.length + 1}`, r),
  );
  lhRows.splice(lh.length, 0, [
    '**median en**',
    `**${perf}**`,
    `**${a11y}**`,
    `**${med((r) => r.bestPractices)}**`,
    ms(med((r) => r.fcpMs)),
    `**${ms(lcp)}**`,
    `**${ms(med((r) => r.tbtMs))}**`,
    `**${med((r) => r.cls).toFixed(3)}**`,
    ms(med((r) => r.speedIndexMs)),
    kb(med((r) => r.totalBytes)),
    String(Math.round(med((r) => r.benchmarkIndex))),
  ]);
  if (lhAr.length)
    lhRows.push([
      '**median ar**',
      `**${perfAr}**`,
      `**${a11yAr}**`,
      `**${medAr((r) => r.bestPractices)}**`,
      ms(medAr((r) => r.fcpMs)),
      `**${ms(lcpAr)}**`,
      `**${ms(medAr((r) => r.tbtMs))}**`,
      `**${medAr((r) => r.cls).toFixed(3)}**`,
      ms(medAr((r) => r.speedIndexMs)),
      kb(medAr((r) => r.totalBytes)),
      String(Math.round(medAr((r) => r.benchmarkIndex))),
    ]);
  const loginRows = lhLogin.map((r, i) => lighthouseRow(`login ${i + 1}`, r));
  const consoleRows = lhConsole.map((r, i) => lighthouseRow(`console ${i + 1}`, r));
  const staffFiles = (p: PageWeight | undefined) =>
    p
      ? p.assets
          .filter((a) => a.kind === 'js')
          .sort((a, b) => b.gzip - a.gzip)
          .slice(0, 8)
          .map((a) => `\`${a.path.replace(/^\/assets\//, '')}\` ${kb(a.gzip)}`)
          .join(', ')
      : '–';
  const failed = [...new Set([...lh, ...lhAr].flatMap((r) => r.failed))];
  const opportunities = [
    ...new Set(
      [...lh, ...lhAr].flatMap((r) => r.opportunities.map((o) => o.replace(/ \(.*\)$/, ''))),
    ),
  ];

  return {
    id: 'pages',
    title: 'e. Pages',
    markdown: [
      `Run ${m.date} on ${describeMachine(m)}; Chromium at \`${CHROMIUM_PATH}\`, Lighthouse 12 (npm).`,
      '',
      `\`vite build\` (${(res.buildMs / 1000).toFixed(1)} s), then the real server as a child process ` +
        '(NODE_ENV=production, 127.0.0.1, a fresh PGlite DATA_DIR with one restaurant — with a review link —, ' +
        'one table and one PIN server). Each page is opened once in a fresh browser context (empty cache, ' +
        'service workers blocked) until it shows its content and the network is idle. **gzip** is zlib level 9 ' +
        'of every JS and CSS body the page fetched, which is what the budget counts; "sent" is the bytes the ' +
        `server actually sent for them (encoding: ${encodings.join(', ')}). The sign-in page is opened signed out; ` +
        'the console and the admin pages are ' +
        'opened signed in (PIN or password sign-in through the API first), so the login page is not counted; ' +
        'the analytics row minus the dashboard row is what its lazy chunk (the charts) adds. KB = 1,024 bytes.',
      '',
      table(
        [
          'first load',
          'JS files',
          'JS gzip KB',
          'JS raw KB',
          'CSS files',
          'CSS gzip KB',
          'CSS raw KB',
          'sent KB',
        ],
        weightRows,
      ),
      '',
      `The guest page's files:`,
      '',
      table(['file', 'gzip KB', 'raw KB', 'sent KB'], guestFiles),
      '',
      `Issue 25 (decision 099), budget 150 KB gzip each. The sign-in page's largest scripts: ${staffFiles(login)}. ` +
        `The console's: ${staffFiles(console_)}. Code in the console's JS (from the source maps): ` +
        `${(console_?.modules ?? []).map((x) => `\`${x}\``).join(', ')}` +
        (console_?.forbidden.length
          ? `. **Admin code in the console: ${console_.forbidden.join(', ')}.**`
          : '. No admin feature, chart, QR or form-library code.'),
      '',
      `Code in the guest page's JS (from the source maps): ${guest.modules.map((x) => `\`${x}\``).join(', ')}.` +
        (guest.forbidden.length
          ? ` **Staff-only code on the guest page: ${guest.forbidden.join(', ')}.**`
          : ' No staff feature, QR, toast or chart code.'),
      '',
      `After the load event the service worker precaches ${res.precache.files} files (every route's code and ` +
        `the icons): ${kb(res.precache.gzip)} KB gzip (${kb(res.precache.raw)} KB raw); not part of the first load.`,
      '',
      `Lighthouse on the guest page, ${lh.length} runs in English and ${lhAr.length} in Arabic (Accept-Language: ar, ` +
        'drawn right to left), each in a fresh Chromium with a throw-away profile: ' +
        'default config (mobile: Moto G Power emulation, simulated throttling of 150 ms RTT, 1.6 Mbps down and ' +
        '4× CPU slowdown), categories performance, accessibility and best practices. Scores 0–100; times in ms; ' +
        '"bench" is Lighthouse\'s benchmark index of this machine. Reports in `.tmp/bench/lighthouse-guest-[ar-]N.json`.',
      '',
      lh.length ? table(LIGHTHOUSE_COLUMNS, lhRows) : '(not measured)',
      '',
      `LCP element: \`${lh[0]?.lcpElement.replace(/`/g, "'") ?? '–'}\`.`,
      '',
      `Lighthouse on the staff sign-in page (\`/login\`, signed out; issue 25), ${lhLogin.length} runs, same ` +
        'configuration. Reports in `.tmp/bench/lighthouse-login-N.json`.',
      '',
      loginRows.length ? table(LIGHTHOUSE_COLUMNS, loginRows) : '(not measured)',
      '',
      `Sign-in page LCP element: \`${lhLogin[0]?.lcpElement.replace(/`/g, "'") ?? '–'}\`.`,
      '',
      `Lighthouse on the server's console (\`/server/requests\`, signed in with a PIN: a fresh session's cookie on ` +
        `every request; issue 25), ${lhConsole.length} runs, same configuration. Reports in ` +
        '`.tmp/bench/lighthouse-console-N.json`.',
      '',
      consoleRows.length ? table(LIGHTHOUSE_COLUMNS, consoleRows) : '(not measured)',
      '',
      `Console LCP element: \`${lhConsole[0]?.lcpElement.replace(/`/g, "'") ?? '–'}\`.`,
      '',
      failed.length
        ? `Audits not passed: ${failed.join('; ')}.`
        : 'Every accessibility and best-practices audit passed.',
      opportunities.length
        ? `Performance diagnostics below 90: ${opportunities.join('; ')}.`
        : 'No performance diagnostic scored below 90.',
    ].join('\n'),
    budgets,
  };
}
