/**
 * BENCHMARKS.md: one block per benchmark between markers, so running a subset (`npm run bench -- latency`)
 * replaces only its own block. Each block carries its budget verdicts as a JSON comment, from which the summary
 * at the top is rebuilt; the hand-written notes block is kept as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { ROOT } from './server';
import { table } from './stats';

export interface BudgetResult {
  budget: string;
  measured: string;
  /** null: not measured in this run. */
  met: boolean | null;
}

export interface Section {
  id: string;
  title: string;
  markdown: string;
  budgets: BudgetResult[];
}

export const REPORT = path.join(ROOT, 'BENCHMARKS.md');
/** Every benchmark, in the order of their blocks in BENCHMARKS.md (bench/run.ts takes its names from here). */
export const BENCHMARKS = [
  'latency',
  'throughput',
  'capacity',
  'startup',
  'pages',
  'sweep',
  'abuse',
  'durability',
  'ack',
  'history',
  'dashboard',
  'analytics',
  'memory',
  'floor',
  'routing',
  'scale',
] as const;
const ORDER: readonly string[] = BENCHMARKS;

const open = (id: string) => `<!-- bench:${id} -->`;
const close = (id: string) => `<!-- /bench:${id} -->`;

function extract(text: string, id: string): string | null {
  const a = text.indexOf(open(id));
  const b = text.indexOf(close(id));
  return a >= 0 && b > a ? text.slice(a, b + close(id).length) : null;
}

function budgetsOf(block: string): BudgetResult[] {
  const m = /<!-- budgets (\[.*?\]) -->/s.exec(block);
  if (!m) return [];
  try {
    return JSON.parse(m[1]!) as BudgetResult[];
  } catch {
    return [];
  }
}

function verdict(met: boolean | null): string {
  return met === null ? 'not measured' : met ? '**met**' : '**missed**';
}

export function renderBlock(section: Section): string {
  return [
    open(section.id),
    `<!-- budgets ${JSON.stringify(section.budgets)} -->`,
    `### ${section.title}`,
    '',
    section.markdown.trim(),
    '',
    close(section.id),
  ].join('\n');
}

export async function writeReport(
  sections: Section[],
  header: string,
  defaultNotes: string,
): Promise<void> {
  const previous = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, 'utf8') : '';
  const blocks = new Map<string, string>();
  for (const id of ORDER) {
    const old = extract(previous, id);
    if (old) blocks.set(id, old);
  }
  for (const s of sections) blocks.set(s.id, renderBlock(s));
  const notes =
    extract(previous, 'notes') ?? `${open('notes')}\n${defaultNotes.trim()}\n${close('notes')}`;
  const budgets = ORDER.flatMap((id) => (blocks.has(id) ? budgetsOf(blocks.get(id)!) : []));
  const summary = budgets.length
    ? table(
        ['budget', 'measured', 'verdict'],
        budgets.map((b) => [b.budget, b.measured, verdict(b.met)]),
      )
    : '_No benchmark has been run yet._';
  const text = [
    header.trim(),
    '',
    '## Budgets',
    '',
    summary,
    '',
    '## Results',
    '',
    ...ORDER.filter((id) => blocks.has(id)).flatMap((id) => [blocks.get(id)!, '']),
    '## Findings',
    '',
    notes,
    '',
  ].join('\n');
  // Formatted as `npm run format` would, so the file stays stable between the suite and the formatter.
  const options = (await prettier.resolveConfig(REPORT)) ?? {};
  fs.writeFileSync(REPORT, await prettier.format(text, { ...options, filepath: REPORT }));
}
