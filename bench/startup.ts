/**
 * Benchmark d (start-up): the embedded default as a newcomer runs it (`npm run serve`: no DATABASE_URL, default
 * NODE_ENV, so the first start on an empty DATA_DIR also creates PGlite's cluster, migrates and seeds the demo).
 * Time from spawning the process to the first 200 of GET /api/session, and the idle RSS a few seconds later; then
 * the same on the existing data directory (restart).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeMachine, machine } from './lib/machine';
import type { Section } from './lib/report';
import { onCleanup, sleep, startServer } from './lib/server';
import { mb, median, ms, table } from './lib/stats';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS) || 3;
const IDLE_WAIT_MS = 3000;

interface StartSample {
  readyMs: number;
  idleRss: number;
}

export interface StartupResult {
  first: StartSample[];
  restart: StartSample[];
}

async function sample(name: string, dataDir: string): Promise<StartSample> {
  const server = await startServer({
    name,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    pollMs: 10,
  });
  try {
    await sleep(IDLE_WAIT_MS);
    return { readyMs: server.readyMs, idleRss: server.rss() };
  } finally {
    await server.stop();
  }
}

export async function runStartup(log: (line: string) => void): Promise<StartupResult> {
  const result: StartupResult = { first: [], restart: [] };
  for (let run = 1; run <= RUNS; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-bench-start-'));
    const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
    onCleanup(remove);
    try {
      const first = await sample(`startup-first-${run}`, dataDir);
      const restart = await sample(`startup-restart-${run}`, dataDir);
      result.first.push(first);
      result.restart.push(restart);
      log(
        `  run ${run}: first start ${ms(first.readyMs)} ms (idle RSS ${mb(first.idleRss)} MB), ` +
          `restart ${ms(restart.readyMs)} ms (idle RSS ${mb(restart.idleRss)} MB)`,
      );
    } finally {
      remove();
    }
  }
  return result;
}

export function startupSection(res: StartupResult): Section {
  const m = machine();
  const rows = (label: string, samples: StartSample[]) => [
    label,
    ...samples.map((s) => `${ms(s.readyMs)} ms / ${mb(s.idleRss)} MB`),
    `**${ms(median(samples.map((s) => s.readyMs)))} ms**`,
    `**${mb(median(samples.map((s) => s.idleRss)))} MB**`,
  ];
  const runs = res.first.map((_, i) => `run ${i + 1} (ready / idle RSS)`);
  return {
    id: 'startup',
    title: 'd. Start-up (embedded default)',
    markdown: [
      `Run ${m.date} on ${describeMachine(m)}; backend PGlite in a fresh DATA_DIR.`,
      '',
      '`node --import tsx src/server/main.ts` with only DATA_DIR, PORT, HOST=127.0.0.1 and LOG_LEVEL=warn set ' +
        '(development defaults otherwise, as `npm run serve`). Ready = spawn → first 200 of GET /api/session, ' +
        `polled every 10 ms; idle RSS = VmRSS ${IDLE_WAIT_MS / 1000} s later. First start includes PGlite's initdb, ` +
        'the migrations and the demo seed (four argon2 hashes); restart opens the existing cluster.',
      '',
      table(
        ['start', ...runs, 'median ready', 'median idle RSS'],
        [rows('first (empty DATA_DIR)', res.first), rows('restart', res.restart)],
      ),
    ].join('\n'),
    budgets: [],
  };
}
