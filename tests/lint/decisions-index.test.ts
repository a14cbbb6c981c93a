/**
 * Issue 24: docs/decisions/README.md indexes every decision with its status. A decision file without a row, a row
 * without a file, or a "superseded by" naming no decision fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../docs/decisions');
const files = readdirSync(dir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const rows = readFileSync(path.join(dir, 'README.md'), 'utf8')
  .split('\n')
  .map((line) => /^\| \[(\d{3})\]\(([^)]+)\) \|(.+)\|(.+)\|(.+)\|$/.exec(line))
  .filter((match) => match !== null)
  .map(([, number, file, title, summary, status]) => ({
    number: number!,
    file: file!,
    title: title!.trim(),
    summary: summary!.trim(),
    status: status!.trim(),
  }));

describe('docs/decisions/README.md', () => {
  it('has one row per decision file, in order, each with a title, a summary and a status', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.file)).toEqual(files);
    for (const row of rows) {
      expect(row.file.startsWith(row.number)).toBe(true);
      expect(row.title.length, row.file).toBeGreaterThan(0);
      expect(row.summary.length, row.file).toBeGreaterThan(0);
      expect(row.status, row.file).toMatch(/^(Accepted|Proposed|Superseded by \d{3})\b/);
    }
  });

  it('names only existing decisions as successors', () => {
    const numbers = new Set(rows.map((row) => row.number));
    for (const row of rows) {
      const successor = /^Superseded by (\d{3})/.exec(row.status)?.[1];
      if (successor) expect(numbers.has(successor), row.file).toBe(true);
    }
  });
});
