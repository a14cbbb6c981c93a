/**
 * Issue 24 item 5: code outside src/shared imports it by one alias, `@shared/…` (tsconfig.json `paths`, resolved
 * the same by Vite, the server build, Vitest, tsx and Playwright), never by a relative path such as
 * `../../../shared/…` or `../../src/shared/…`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DIRS = ['src/client', 'src/server', 'tests', 'bench'].map((d) => join(ROOT, d));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** An import or dynamic import of src/shared by a relative path. */
const RELATIVE_SHARED = /(from|import)\s*\(?\s*['"](\.\.\/)+(src\/)?shared\//;

describe('the @shared alias', () => {
  it('finds the sources', () => {
    expect(DIRS.flatMap(sources).length).toBeGreaterThan(200);
  });

  it('is how every file outside src/shared imports it', () => {
    const offenders = DIRS.flatMap(sources)
      // This file's own examples below are strings, not imports.
      .filter((file) => !file.endsWith('shared-alias.test.ts'))
      .filter((file) => !file.endsWith('unlocalized.test.ts'))
      .filter((file) => RELATIVE_SHARED.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('catches a relative import', () => {
    expect(RELATIVE_SHARED.test("import { MSG } from '../../../shared/messages';")).toBe(true);
    expect(RELATIVE_SHARED.test("import { MSG } from '../../src/shared/messages';")).toBe(true);
    expect(RELATIVE_SHARED.test("const m = await import('../shared/messages');")).toBe(true);
    expect(RELATIVE_SHARED.test("import { MSG } from '@shared/messages';")).toBe(false);
  });
});
