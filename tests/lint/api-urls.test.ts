/**
 * Issue 24: the client calls the API only through the endpoint table (src/shared/api) and its one caller
 * (src/client/lib/api-client.ts), so no client source file writes an /api/ URL by hand. Comments may name a path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLIENT = join(ROOT, 'src', 'client');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The source without its comments (block and line), so a doc comment naming a route is not a URL. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** A string or template literal that starts an /api/ path (at its start, or after a `${…}` such as a host). */
const API_URL = /(['"`]|\})\/api\//;

describe('client API URLs', () => {
  it('finds the client sources', () => {
    expect(sources(CLIENT).length).toBeGreaterThan(50);
  });

  it('builds no /api/ URL by hand outside the endpoint table', () => {
    const offenders = sources(CLIENT)
      .filter((file) => API_URL.test(withoutComments(readFileSync(file, 'utf8'))))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('catches a hand-built URL', () => {
    expect(API_URL.test(withoutComments("api.get(`/api/tables/${id}`)"))).toBe(true);
    expect(API_URL.test(withoutComments("fetch('/api/session')"))).toBe(true);
    expect(API_URL.test(withoutComments('`wss://${host}/api/live`'))).toBe(true);
    expect(API_URL.test(withoutComments('/** GET /api/session */\nconst x = 1;'))).toBe(false);
    expect(API_URL.test(withoutComments("import { x } from '../features/auth/api/auth-api';"))).toBe(false);
  });
});
