/**
 * Benchmark f (durability): what the embedded database's fsync costs (docs/decisions/023). The real guest-press
 * statement (requests.repo claimTablesAndInsertRequests) on PGlite in a fresh DATA_DIR on the disk, fsync on (the
 * app's setting, durable-fs.ts) against PGlite as shipped (fsync off): N presses one after another, each waiting for
 * the previous (every press its own commit: the worst case), then a burst of presses at once through the press
 * batcher (group commit, decision 018: one commit, so one fsync, per batch). In-process, no HTTP: the difference
 * is the commit alone. `BENCH_DURABILITY_PRESSES` (default 300) sets N.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';
import { restaurants, tables, users } from '../src/server/db/schema';
import { PressBatcher } from '../src/server/modules/requests/press-batcher';
import {
  claimTablesAndInsertRequests,
  type PressInput,
} from '../src/server/modules/requests/requests.repo';
import { describeMachine, machine } from './lib/machine';
import type { Section } from './lib/report';
import { onCleanup } from './lib/server';
import { distribution, ms, table, type Distribution } from './lib/stats';

const PRESSES = Number(process.env.BENCH_DURABILITY_PRESSES) || 300;
const BURST = 128;
/** Each mode's presses are split into rounds that alternate with the other mode's, so drift hits both alike. */
const ROUNDS = 3;

interface ModeResult {
  durable: boolean;
  reopenMs: number;
  sequential: Distribution & { mean: number };
  burst: { ms: number; statements: number; presses: number };
}

export interface DurabilityResult {
  fileSystem: string;
  firstOpenMs: number;
  modes: ModeResult[];
}

/** The file system under the data directory: on tmpfs an fsync costs nothing and the comparison means nothing. */
function fileSystemOf(dir: string): string {
  const names: Record<number, string> = {
    0xef53: 'ext4',
    0x58465342: 'xfs',
    0x9123683e: 'btrfs',
    0x01021994: 'tmpfs',
    0x794c7630: 'overlayfs',
    0x2fc12fc1: 'zfs',
  };
  const type = fs.statfsSync(dir).type;
  return names[type] ?? `type 0x${type.toString(16)}`;
}

async function seed(
  database: Database,
  count: number,
): Promise<{ restaurantId: string; tableIds: string[] }> {
  const now = Date.now();
  const ownerId = randomUUID();
  const restaurantId = 'bench-durability';
  await database.db.insert(users).values({
    id: ownerId,
    name: 'Owner',
    email: 'owner@bench.test',
    role: 'admin',
    authMethod: 'password',
    createdAt: now,
    updatedAt: now,
  });
  await database.db
    .insert(restaurants)
    .values({ id: restaurantId, name: 'Bench', ownerId, createdAt: now, updatedAt: now });
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `t${String(i).padStart(5, '0')}`,
    restaurantId,
    number: String(i + 1),
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await database.db.insert(tables).values(rows.slice(i, i + 500));
  return { restaurantId, tableIds: rows.map((r) => r.id) };
}

const press = (restaurantId: string, tableId: string): PressInput => ({
  id: randomUUID(),
  restaurantId,
  tableId,
  type: 'server',
  now: Date.now(),
  cooldownMs: 60_000,
  pressKey: null,
  note: null,
  urgent: false,
  notify: null,
  origin: null,
});

/**
 * One cluster is made (initdb, migrations, tables) and copied, so both modes run on identical data after a plain
 * reopen (one initdb instead of two); then the modes take turns.
 */
export async function runDurability(log: (line: string) => void): Promise<DurabilityResult> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-bench-durability-'));
  const remove = () => fs.rmSync(root, { recursive: true, force: true });
  onCleanup(remove);
  try {
    const dirs = { off: path.join(root, 'off'), on: path.join(root, 'on') };
    const started = performance.now();
    const first = await openDatabase({ kind: 'pglite', dataDir: dirs.on });
    await first.migrate();
    const firstOpenMs = performance.now() - started;
    const { restaurantId, tableIds } = await seed(first, 2 * ROUNDS * (PRESSES / ROUNDS + BURST));
    await first.close();
    fs.rmSync(path.join(dirs.on, 'db.lock'), { force: true });
    fs.cpSync(dirs.on, dirs.off, { recursive: true });
    log(`  first open + migrate (fsync on) ${ms(firstOpenMs)} ms`);

    const open = async (durable: boolean) => {
      const t0 = performance.now();
      const database = await openDatabase({
        kind: 'pglite',
        dataDir: durable ? dirs.on : dirs.off,
        durable,
      });
      return { database, reopenMs: performance.now() - t0 };
    };
    const modes = [await open(false), await open(true)].map((m, i) => ({
      ...m,
      durable: i === 1,
      samples: [] as number[],
      burstMs: 0,
      batcher: new PressBatcher(m.database.db, { concurrency: 1, maxBatch: 64 }),
    }));
    let next = 0;
    const take = (n: number) => tableIds.slice(next, (next += n));
    try {
      for (let round = 0; round < ROUNDS; round++) {
        for (const mode of modes) {
          for (const tableId of take(PRESSES / ROUNDS)) {
            const t0 = performance.now();
            const claimed = await claimTablesAndInsertRequests(mode.database.db, [
              press(restaurantId, tableId),
            ]);
            mode.samples.push(performance.now() - t0);
            if (claimed.size !== 1) throw new Error('press not claimed');
          }
          const t0 = performance.now();
          const claims = await Promise.all(
            take(BURST).map((tableId) => mode.batcher.claim(press(restaurantId, tableId))),
          );
          mode.burstMs += performance.now() - t0;
          if (claims.some((c) => !c)) throw new Error('burst press not claimed');
        }
      }
    } finally {
      for (const mode of modes) await mode.database.close();
    }
    const results = modes.map((mode): ModeResult => {
      const d = distribution(mode.samples);
      const mean = mode.samples.reduce((a, b) => a + b, 0) / mode.samples.length;
      log(
        `  fsync ${mode.durable ? 'on ' : 'off'}: reopen ${ms(mode.reopenMs)} ms; one press p50 ${ms(d.p50)} ms, ` +
          `p99 ${ms(d.p99)} ms, mean ${ms(mean)} ms; ${ROUNDS} bursts of ${BURST} in ${ms(mode.burstMs)} ms ` +
          `(${mode.batcher.stats.statements} statements)`,
      );
      return {
        durable: mode.durable,
        reopenMs: mode.reopenMs,
        sequential: { ...d, mean },
        burst: { ms: mode.burstMs, ...mode.batcher.stats },
      };
    });
    return { fileSystem: fileSystemOf(root), firstOpenMs, modes: results };
  } finally {
    remove();
  }
}

export function durabilitySection(res: DurabilityResult): Section {
  const m = machine();
  const bursts = ROUNDS * BURST;
  const row = (r: ModeResult) => [
    r.durable ? '**on** (the app, decision 023)' : 'off (PGlite as shipped)',
    `${ms(r.reopenMs)} ms`,
    `${ms(r.sequential.p50)} / ${ms(r.sequential.p99)} / ${ms(r.sequential.max)} ms`,
    `${ms(r.sequential.mean)} ms`,
    `${Math.round(1000 / r.sequential.mean)}/s`,
    `${ms(r.burst.ms)} ms (${r.burst.statements} commits)`,
    `${Math.round((bursts / r.burst.ms) * 1000)}/s`,
  ];
  return {
    id: 'durability',
    title: 'f. Durability of the embedded database (fsync on vs off)',
    markdown: [
      `Run ${m.date} on ${describeMachine(m)}; PGlite on ${res.fileSystem} (\`os.tmpdir()\`).`,
      '',
      `In-process, no HTTP: the guest-press statement (\`claimTablesAndInsertRequests\`) on one cluster, made once ` +
        `(first open + migrations with fsync on: ${ms(res.firstOpenMs)} ms) and copied, opened twice: fsync off ` +
        `and fsync on. ${PRESSES} presses per mode one after another at different tables (each its own commit, ` +
        `the worst case), and ${ROUNDS} bursts of ${BURST} presses at once through the press batcher (up to 64 ` +
        `presses per statement), the modes taking turns in ${ROUNDS} rounds. The machine is shared with other ` +
        'work: read the difference between the rows, not the third digit. What it means: docs/decisions/023.',
      '',
      table(
        [
          'fsync',
          'reopen',
          'one press p50 / p99 / max',
          'mean',
          'one at a time',
          `${ROUNDS} × ${BURST} at once`,
          'batched',
        ],
        res.modes.map(row),
      ),
    ].join('\n'),
    budgets: [],
  };
}
