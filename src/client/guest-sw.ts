/// <reference lib="webworker" />
/**
 * The guest page's own small service worker (issue 29 item 1, decision 056), registered by guest pages only, for
 * the scope /table/ — narrower than the staff app's worker (sw.ts, scope /, decision 011), so on a phone that has
 * both, guest pages are this worker's and every other page stays the staff worker's. It keeps what a reload of the
 * guest page needs when the service cannot be reached:
 *
 * - the scripts and stylesheet the guest page loads (their list is written in at build time, vite.config.ts),
 * - the last server-drawn page of each table this phone opened (at most MAX_PAGES), and the restaurant's logo.
 *
 * Pages come from the network while it answers (the server draws them with the table's state, decision 017); only
 * when it does not (no answer, a 5xx, an undrawn page) is the kept copy served, marked on <html> so that the page
 * shows the restaurant's face without its old state and says the service cannot be reached (main.tsx). /api is never
 * cached, except the logo.
 */
import { GUEST_CACHED_ATTRIBUTE, GUEST_DATA_ELEMENT_ID } from '@shared/constants';
import { matchTablePath } from '@shared/paths';

declare const self: ServiceWorkerGlobalScope;
/** Written in by the build (vite.config.ts guestServiceWorker): what the guest page loads, and their hash. */
declare const __GUEST_ASSETS__: string[];
declare const __GUEST_VERSION__: string;

const ASSETS = `guest-assets-${__GUEST_VERSION__}`;
const PAGES = 'guest-pages';
const LOGOS = 'guest-logos';
const MAX_PAGES = 8;
/** With a kept copy at hand, a page the network has not sent within this long is served from the copy. */
const NAVIGATION_TIMEOUT_MS = 5_000;
const LOGO_PATH = /^\/api\/public\/restaurants\/[^/]+\/logo$/;

/** The key a table's page is kept under: its path (a query string does not change the page). */
const pageKey = (url: string) => {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname}`;
};

/** A server-drawn page (not the bare shell, which has no table in it). */
const isDrawn = (html: string) => html.includes(`id="${GUEST_DATA_ELEMENT_ID}"`);

/** Keeps at most `max` entries, dropping the oldest (a cache lists its keys in the order they were put). */
async function trim(cache: Cache, max: number): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

async function keepPage(url: string, html: string): Promise<void> {
  if (!isDrawn(html)) return;
  const cache = await caches.open(PAGES);
  const key = pageKey(url);
  // Deleted first, so a page opened again counts as the newest.
  await cache.delete(key);
  await cache.put(
    key,
    new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
  );
  await trim(cache, MAX_PAGES);
}

/** Fetches and keeps a table's page (the page that registered this worker was loaded before it existed). */
async function refreshPage(url: string): Promise<boolean> {
  try {
    const response = await fetch(pageKey(url), { credentials: 'same-origin' });
    if (!response.ok) return false;
    await keepPage(url, await response.text());
    return true;
  } catch {
    return false;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(ASSETS)).addAll(__GUEST_ASSETS__);
      // The pages kept by an earlier version name that version's scripts, which are about to go: they are fetched
      // again (in this version's words), or dropped; so is the page that registered this worker.
      const pages = await caches.open(PAGES);
      const kept = (await pages.keys()).map((request) => request.url);
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.map((w) => w.url).filter((url) => matchTablePath(new URL(url).pathname));
      const urls = [...new Set([...kept, ...open].map(pageKey))];
      await Promise.all(
        urls.map(async (url) => {
          if (!(await refreshPage(url))) await pages.delete(url);
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('guest-assets-') && name !== ASSETS)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

/** The kept copy of a table's page, marked as such; null when this phone has none. */
async function keptPage(url: string): Promise<Response | null> {
  const kept = await (await caches.open(PAGES)).match(pageKey(url));
  if (!kept) return null;
  const html = (await kept.text()).replace(/<html\b/, `<html ${GUEST_CACHED_ATTRIBUTE}=""`);
  return new Response(html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

async function page(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const haveCopy = (await (await caches.open(PAGES)).match(pageKey(request.url))) !== undefined;
  const controller = new AbortController();
  const timer = haveCopy ? setTimeout(() => controller.abort(), NAVIGATION_TIMEOUT_MS) : undefined;
  try {
    const response = await fetch(request, { signal: controller.signal });
    clearTimeout(timer);
    if (response.ok) {
      // A page is a few KB, sent whole: reading it first costs nothing noticeable.
      const html = await response.clone().text();
      if (isDrawn(html)) {
        event.waitUntil(keepPage(request.url, html));
        return response;
      }
    }
    // Up, but without its database (an undrawn page) or answering 5xx: the kept page says the service is away.
    if (!response.ok && response.status < 500) return response;
    return (await keptPage(request.url)) ?? response;
  } catch (error) {
    clearTimeout(timer);
    const kept = await keptPage(request.url);
    if (kept) return kept;
    throw error;
  }
}

/** Built assets carry their content's hash: once kept, always right. */
async function asset(request: Request): Promise<Response> {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

/** The logo from the network while it answers (it may change), else the last one seen. */
async function logo(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(LOGOS);
      await cache.put(request.url, response.clone());
      await trim(cache, MAX_PAGES);
    }
    return response;
  } catch (error) {
    const kept = await (await caches.open(LOGOS)).match(request.url);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (matchTablePath(url.pathname)) event.respondWith(page(event));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (LOGO_PATH.test(url.pathname)) event.respondWith(logo(request));
});
