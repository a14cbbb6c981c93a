/**
 * The built client (production and e2e): its files with their cache policy, the app shell for every client-side
 * route (/login, /table/…), and the guest page rendered on the server with its table drawn in (decision 017).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { homePathForRole, isSignInPath, matchTablePath } from '@shared/paths';
import { idParamSchema } from '@shared/schemas';
import { GUEST_READ_LIMITS } from '../modules/guest/guest.routes';
import type { Services } from '../services';
import { guestPreload } from './client-shell';
import { guestPageLanguage, renderGuestPage } from './guest-page';
import { GUEST_LOCALE_COOKIE, isLoginTab, LOGIN_TAB_COOKIE } from '@shared/constants';
import { isLocale, negotiateLocale } from '@shared/i18n/locales';
import { renderSignInPage } from './sign-in-page';
import { consoleFramePage, renderConsoleFrame } from './console-frame';
import { MSG } from '@shared/messages';

/** Built assets carry a content hash in their name and never change; the rest (sw.js, icons…) may. */
function cacheControlFor(file: string): string {
  return file.includes(`${path.sep}assets${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/** A source map, compressed or not (the build keeps them in dist/client-sourcemaps, never served). */
const isSourceMap = (pathname: string) => /\.map(\.gz|\.br)?$/i.test(pathname);

/** A page the server drew: Vary, because it is drawn in the language those headers ask for (and for whom). */
const sendDrawn = (reply: FastifyReply, html: string, cacheControl: 'no-cache' | 'no-store') =>
  reply
    .type('text/html')
    .header('cache-control', cacheControl)
    .header('vary', 'Accept-Language, Cookie')
    .send(html);

/** Serves the build in `clientDist` (dist/client); without a build there (tests, dev) nothing is registered. */
export async function registerClientRoutes(
  app: FastifyInstance,
  services: Services,
  clientDist: string,
): Promise<void> {
  if (!fs.existsSync(path.join(clientDist, 'index.html'))) return;
  // preCompressed: the build writes .br and .gz beside each text asset (vite.config.ts); a browser that accepts
  // one gets it, anyone else the file itself. The plugin serves every file that exists at start through a route
  // of its own, so the cache policy is set here too (its default, max-age=0, would replace ours): hashed assets
  // are immutable, everything else is revalidated.
  await app.register(fastifyStatic, {
    root: clientDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Issue 25: source maps (full source) are never served, even from a build that left one here.
    allowedPath: (pathname) => !isSourceMap(pathname),
    setHeaders: (reply, file) => {
      void reply.header('cache-control', cacheControlFor(file));
    },
  });
  const indexHtml = fs.readFileSync(path.join(clientDist, 'index.html'));
  const shell = indexHtml.toString('utf8');
  // A server-rendered page reads the table, so it counts against the same per-address allowance as the table read.
  const guestRenderLimit = app.createRateLimit(GUEST_READ_LIMITS.table);
  /** Decision 017: a guest page with its table drawn in, or null (no such table, over the limit: the plain shell). */
  const renderedGuestPage = async (request: FastifyRequest): Promise<string | null> => {
    const ids = matchTablePath(request.url.split('?')[0] ?? '');
    if (!ids || !idParamSchema.safeParse(ids.restaurantId).success) return null;
    if (!idParamSchema.safeParse(ids.tableId).success) return null;
    const limit = await guestRenderLimit(request);
    if (!limit.isAllowed && limit.isExceeded) return null;
    // Any failure (a missing table, the database away) leaves it to the page, which shows its own message.
    const page = await services.guest.page(ids.restaurantId, ids.tableId).catch(() => null);
    if (!page) return null;
    // Decision 047: the guest's own choice on this device (the switcher's cookie), else the browser's languages
    // (Accept-Language), else the restaurant's default for its guests.
    const chosen = request.cookies[GUEST_LOCALE_COOKIE];
    const fallback = isLocale(page.guestLanguage) ? page.guestLanguage : 'en';
    const locale = isLocale(chosen)
      ? chosen
      : negotiateLocale(request.headers['accept-language'], fallback);
    return renderGuestPage(shell, page.data, await guestPageLanguage(locale));
  };
  /**
   * Decision 106: a signed-in server opening their console gets its first frame drawn, in their language (the one
   * stored on them, else the browser's, as the app chooses); anyone else, or any failure, the plain shell.
   */
  const renderedConsoleFrame = async (request: FastifyRequest): Promise<string | null> => {
    const page = consoleFramePage(request.url);
    const user = request.user;
    if (page === null || !user || user.token || user.role !== 'server') return null;
    try {
      const locale = isLocale(user.language)
        ? user.language
        : negotiateLocale(request.headers['accept-language'], 'en');
      return await renderConsoleFrame(shell, locale, page);
    } catch {
      return null;
    }
  };
  // Client-side routes (/login, /table/…) all get the app shell.
  // Pages, not API: left out of the API description (decision 041).
  app.get(
    '/*',
    { config: { access: { public: true } }, schema: { hide: true } },
    async (request, reply) => {
      const file = path.join(clientDist, decodeURIComponent(request.url.split('?')[0] ?? '/'));
      if (isSourceMap(file))
        return reply.status(404).send({ error: { code: 'not_found', message: MSG.notFound } });
      if (
        file.startsWith(clientDist + path.sep) &&
        fs.existsSync(file) &&
        fs.statSync(file).isFile()
      ) {
        return reply
          .header('cache-control', cacheControlFor(file))
          .sendFile(path.relative(clientDist, file));
      }
      if (request.url.startsWith('/api/'))
        return reply.status(404).send({ error: { code: 'not_found', message: MSG.notFound } });
      if (isSignInPath(request.url.split('?')[0] ?? '')) {
        // Decision 103: someone signed in already is sent home (SPEC §2); anyone else gets the page drawn, in the
        // browser's language, on the tab this device used last. It holds nothing of the reader's but that tab.
        if (request.user && !request.user.token)
          return reply.redirect(homePathForRole(request.user.role), 302);
        const tab = request.cookies[LOGIN_TAB_COOKIE];
        const page = await renderSignInPage(
          shell,
          negotiateLocale(request.headers['accept-language'], 'en'),
          isLoginTab(tab) ? tab : 'email',
        );
        return sendDrawn(reply, page, 'no-cache');
      }
      const frame = await renderedConsoleFrame(request);
      if (frame !== null) return sendDrawn(reply, frame, 'no-cache');
      const page = await renderedGuestPage(request);
      // no-store: it holds the table's cool-down as of now.
      if (page !== null) return sendDrawn(reply, page, 'no-store');
      const preload = guestPreload(request.url);
      if (preload !== null) void reply.header('link', preload);
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    },
  );
}
