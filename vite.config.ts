import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { linguiPluralNumber } from './scripts/lingui-plural-number.ts';

/**
 * A step run once the whole build is written, after vite-plugin-pwa's service worker (so it sees that file too):
 * `handler` gets the build's output folder.
 */
function afterBuild(name: string, handler: (outDir: string) => void): Plugin {
  let outDir = '';
  return {
    name: `table-service:${name}`,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: { order: 'post', sequential: true, handler: () => handler(outDir) },
  };
}

const filesOf = (dir: string) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });

/**
 * Issue 25: the client's source maps (full source) are not served. They are written ('hidden': no
 * sourceMappingURL comment in the bundles) and then moved, same relative paths, to dist/client-sourcemaps beside the
 * build, outside the folder the server serves — for an error tracker's upload or a local look. Runs before
 * precompress, so no map is compressed either.
 */
const sourceMapsBesideBuild = () =>
  afterBuild('source-maps-beside-build', (outDir) => {
    const mapsDir = `${outDir}-sourcemaps`;
    fs.rmSync(mapsDir, { recursive: true, force: true });
    for (const name of filesOf(outDir)) {
      if (!name.endsWith('.map')) continue;
      fs.mkdirSync(path.dirname(path.join(mapsDir, name)), { recursive: true });
      fs.renameSync(path.join(outDir, name), path.join(mapsDir, name));
    }
  });

/**
 * Writes `file.gz` and `file.br` beside every text asset of the build, once, at maximum compression; the server
 * sends them to browsers that accept them (@fastify/static `preCompressed`). A guest's phone on mobile data gets
 * about a third of the bytes (BENCHMARKS.md, pages).
 */
const precompress = () =>
  afterBuild('precompress', (outDir) => {
    for (const name of filesOf(outDir)) {
      if (!/\.(js|mjs|css|html|svg|webmanifest|json)$/.test(name)) continue;
      const file = path.join(outDir, name);
      const body = fs.readFileSync(file);
      if (body.length < 1024) continue;
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
        }),
      );
    }
  });

/**
 * Builds the guest page's own service worker (src/client/guest-sw.ts, decision 056) into `guest-sw.js`, with the
 * list of what a guest page loads written in: the entry (boot.ts), what it imports, what it imports on demand at
 * once (React DOM, main.tsx) and what those import, and their stylesheets — not the staff app or the other
 * languages, which main.tsx imports only when needed. A classic script (esbuild, one file), so it runs in every
 * browser that has service workers.
 */
function guestServiceWorker(): Plugin {
  let outDir = '';
  let assets: string[] = [];
  return {
    name: 'table-service:guest-sw',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      // index.html's script (boot.ts) is the build's one entry.
      const boot = [...chunks.values()].find(
        (chunk) =>
          chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith('/src/client/boot.ts')),
      );
      if (!boot) throw new Error('guest-sw: the entry chunk of index.html (boot.ts) is missing');
      const files = new Set<string>();
      const add = (fileName: string, onDemandToo: boolean) => {
        const chunk = chunks.get(fileName);
        if (!chunk || files.has(fileName)) return;
        files.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
        chunk.imports.forEach((file) => add(file, false));
        if (onDemandToo) chunk.dynamicImports.forEach((file) => add(file, false));
      };
      add(boot.fileName, true);
      assets = [...files].sort().map((file) => `/${file}`);
    },
    async writeBundle() {
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
      await esbuild({
        entryPoints: [path.resolve(import.meta.dirname, 'src/client/guest-sw.ts')],
        outfile: path.join(outDir, 'guest-sw.js'),
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2020',
        logLevel: 'warning',
        define: {
          __GUEST_ASSETS__: JSON.stringify(assets),
          __GUEST_VERSION__: JSON.stringify(version),
        },
      });
    },
  };
}

/**
 * The guest page's first load (main.tsx renders it; decision 016); not the feedback form, which the page imports
 * only after a visit (a chunk of its own).
 */
const GUEST_MODULES = (id: string) =>
  /[\\/]src[\\/]client[\\/](features[\\/]guest[\\/]|app[\\/]guest-app\.tsx$)/.test(id) &&
  !/[\\/]guest-feedback\.tsx$/.test(id);

/** The modules a server's console starts from (decision 107); the chunk takes what they import statically. */
const CONSOLE_START =
  /[\\/]src[\\/]client[\\/](app[\\/](app|staff-layout)\.tsx|features[\\/]requests[\\/]routes[\\/]server-requests-page\.tsx)$/;

/** The modules the sign-in page (sign-in-main.tsx) imports that the staff app uses too (decision 107). */
const STAFF_COMMON =
  /[\\/]src[\\/](client[\\/](components[\\/]ui[\\/](button|header-parts|page-frame)\.tsx|lib[\\/](guards|server-messages|sign-in-handoff|use-document-title)\.ts)|shared[\\/]i18n[\\/]compiled[\\/]app[\\/]index\.ts)$/;

/** What the guest page shares with the staff app: the API client, the live client, texts and a few UI pieces. */
const SHARED_MODULES = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/]@lingui[\\/]`,
    // Vite's helper behind every lazy import (it fetches a chunk's imports beside it).
    String.raw`vite[\\/]preload-helper`,
    String.raw`[\\/]src[\\/]client[\\/]components[\\/]ui[\\/](spinner|request-type-icon|restaurant-mark|skeleton)\.tsx$`,
    String.raw`[\\/]src[\\/]client[\\/]components[\\/]locale-options\.tsx$`,
    String.raw`[\\/]src[\\/]client[\\/]lib[\\/](i18n\.tsx|live-client\.ts|api-client\.ts|use-now\.ts|pwa\.ts)$`,
    String.raw`[\\/]src[\\/]shared[\\/](api[\\/]routes|request-types|guest-note|constants|internal-error|rules|table-label|color|paths)\.ts$`,
    String.raw`[\\/]src[\\/]shared[\\/]i18n[\\/](i18n|locales|app|compiled[\\/]app[\\/]boot)\.ts$`,
  ].join('|'),
);

// The React app lives in src/client; the server (src/server) serves dist/client in production.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  // The isomorphic modules (tsconfig.json `paths`; the server build and Vitest resolve the same alias).
  resolve: {
    alias: [
      { find: '@shared', replacement: path.resolve(import.meta.dirname, 'src/shared') },
      // Every client import of zod goes through the module that switches it to jitless first (strict CSP, issue 6;
      // decision 104). That module imports 'zod/v4', which this exact match leaves alone.
      {
        find: /^zod$/,
        replacement: path.resolve(import.meta.dirname, 'src/client/lib/zod-jitless.ts'),
      },
    ],
  },
  plugins: [
    react(),
    // Lingui formats a plural's number only when the message shows it (decision 108).
    linguiPluralNumber(),
    tailwindcss(),
    // Installable app and offline shell (issue 5): our own service worker (src/client/sw.ts) gets the precache
    // manifest injected; main.tsx registers it in production builds.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Table Service',
        short_name: 'Table Service',
        description: 'Guests call staff from their table; staff and owners run the floor.',
        // '/' sends staff to their console (SPEC §2 routing rules).
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1E40AF',
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      // The glob below already precaches every icon once.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // The guest page's own worker (decision 056) is not part of the staff app's shell.
        globIgnores: ['**/node_modules/**/*', 'guest-sw.js'],
      },
      devOptions: { enabled: false },
    }),
    guestServiceWorker(),
    sourceMapsBesideBuild(),
    precompress(),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and lib/zod-jitless.ts (what 'zod' resolves to in the client) share one chunk: the screens that
          // validate a form load it on demand (decision 104), and the staff app's first load carries none of it.
          groups: [
            {
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]lib[\\/]zod-jitless\.ts$/,
              priority: 1,
            },
            // Issue 25, decision 099: the guest page and the staff app start from separate modules (boot.ts), so
            // the small modules both use would each become a chunk of its own — a dozen files whose gzip cannot
            // share a dictionary, 3.5 KB more on the guest page's 90 KB budget. Two chunks instead: the guest page's
            // own code, and what it shares with the staff app (which needs all of it too).
            // A group takes what its modules import too, unless a group of higher priority took it first.
            { name: 'shared', test: SHARED_MODULES, priority: 3 },
            // Every staff screen uses TanStack Query; split by what each screen imports, it was seven files of
            // 0.5–3 KB whose gzip could not share a dictionary (decision 104).
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 1 },
            { name: 'guest', test: GUEST_MODULES, priority: 2 },
            // React DOM: the guest page, the sign-in page and the staff app each load it (on its own, not in the
            // console's chunk below).
            {
              name: 'client',
              test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
              priority: 1,
            },
            // What the sign-in page and the staff app both use: one chunk, so the sign-in page never loads the
            // console's (tests/e2e/staff-weight.spec.ts holds it: no router, TanStack Query or toasts there).
            { name: 'staff-common', test: STAFF_COMMON, priority: 1 },
            // The staff app's start (what boot.ts and the sign-in page import on demand, and the guest page's service
            // worker therefore precaches): small, and without the console's chunk among its imports.
            {
              name: 'staff-main',
              test: /[\\/]src[\\/]client[\\/](staff-main\.tsx|app[\\/]route-modules\.ts)$/,
              priority: 1,
            },
            // Decision 107: a server's console starts from one chunk — the staff app's start, its layout and the
            // requests page, with what they import that no group above took — not thirty files, each a request,
            // a modulepreload link and a module record on the phone's main thread.
            { name: 'console', test: CONSOLE_START, priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
