/**
 * Issue 25: the client's source maps (its full source) are not served publicly. The build moves them to
 * dist/client-sourcemaps, beside the served folder (vite.config.ts), and the server refuses any .map under the app
 * even if a build left one in dist/client.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../app';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
let dist: string;
const BUNDLE = 'console.log("app");\n//# sourceMappingURL=app-abc123.js.map\n';

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'source-maps-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Table Service</title>');
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), BUNDLE);
  const map = JSON.stringify({ version: 3, sources: ['../src/secret.ts'], sourcesContent: ['x'] });
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.map'), map);
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.map.gz'), map);
  fs.writeFileSync(path.join(dist, 'sw.js.map'), map);
  t = await createTestApp({ serveClient: true, clientDist: dist });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('source maps under the app', () => {
  it('answers 404 for a .map URL, compressed or not, while the bundle itself is served', async () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });
    expect((await get('/assets/app-abc123.js')).statusCode).toBe(200);
    for (const url of [
      '/assets/app-abc123.js.map',
      '/assets/APP-ABC123.JS.MAP',
      '/assets/app-abc123.js.map.gz',
      '/sw.js.map',
      '/sw.js.map?v=1',
    ]) {
      const res = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sourcesContent');
    }
  });
});

// Run after `npm run build` (e2e does): the build itself leaves no map where the server serves from.
describe.runIf(fs.existsSync(`${CLIENT_DIST}-sourcemaps`))('the built client', () => {
  const files = (dir: string) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });

  it('keeps its source maps beside dist/client, and no bundle points at one', () => {
    expect(files(CLIENT_DIST).filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files(`${CLIENT_DIST}-sourcemaps`).some((f) => f.endsWith('.js.map'))).toBe(true);
    for (const f of files(CLIENT_DIST).filter((name) => name.endsWith('.js')))
      expect(fs.readFileSync(path.join(CLIENT_DIST, f), 'utf8'), f).not.toMatch(
        /sourceMappingURL=\S+\.map/,
      );
  });

  it("keeps the server's own source maps, so its stack traces name src/ files", () => {
    const server = path.resolve(CLIENT_DIST, '../server');
    const maps = files(server).filter((f) => f.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(0);
    const main = JSON.parse(fs.readFileSync(path.join(server, 'server.js.map'), 'utf8')) as {
      sources: string[];
    };
    expect(main.sources.some((s) => s.includes('src/server/main.ts'))).toBe(true);
    expect(fs.readFileSync(path.join(server, 'main.js'), 'utf8')).toContain(
      'process.setSourceMapsEnabled(true)',
    );
  });
});
