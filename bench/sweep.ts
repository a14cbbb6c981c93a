/**
 * Benchmark f (sweep, decision 027): guest-press latency on the embedded default (PGlite) while the escalation sweep
 * works through a backlog of 1,000 overdue requests, next to the same server without a backlog. The server sweeps
 * every 10 s from its start, so a 22 s window holds its first two ticks (each at most 500 claims, in statements of
 * 100); the presses run through the whole window at an even pace, each table once, each from its own address.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { requests } from '../src/server/db/schema';
import { SourceAddresses } from './lib/addresses';
import { createBenchDatabase, seedFleet } from './lib/database';
import { describeMachine, machine } from './lib/machine';
import type { Section } from './lib/report';
import { sleep, startServer } from './lib/server';
import { distribution, ms, table, type Distribution } from './lib/stats';

const BACKLOG = 1_000;
const WINDOW_MS = 22_000;
const RATE = 5; // presses a second
const TABLES = Math.ceil((WINDOW_MS / 1000) * RATE) + 5;
/** Presses in the first seconds (a fresh process warming up, before the first tick) are not counted. */
const WARM_UP_MS = 3_000;
/** Budget: the sweep must not hold presses up (p99 under 100 ms, as for the abuse floods). */
const P99_BUDGET_MS = 100;

export interface SweepRun {
  label: string;
  backlog: number;
  presses: number;
  failed: number;
  latency: Distribution;
}

function press(base: string, restaurantId: string, tableId: string, agent: http.Agent) {
  return new Promise<{ status: number; ms: number }>((resolve) => {
    const body = '{"type":"order"}';
    const started = performance.now();
    const done = (status: number) => resolve({ status, ms: performance.now() - started });
    const req = http.request(
      `${base}/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
        res.on('error', () => done(0));
      },
    );
    req.on('error', () => done(0));
    req.setTimeout(30_000, () => req.destroy());
    req.end(body);
  });
}

async function run(label: string, backlog: number, log: (line: string) => void): Promise<SweepRun> {
  const database = await createBenchDatabase('pglite');
  try {
    const [restaurant] = await seedFleet(database, {
      restaurants: 1,
      staffPerRestaurant: 1,
      tablesPerRestaurant: TABLES + 1,
    });
    const { id: restaurantId, tableIds } = restaurant!;
    if (backlog > 0) {
      // Pending for ten minutes on one table of their own (the restaurant escalates after 3).
      const db = await database.open();
      try {
        const at = Date.now() - 10 * 60_000;
        await db.db.insert(requests).values(
          Array.from({ length: backlog }, (_, i) => ({
            id: randomUUID(),
            restaurantId,
            tableId: tableIds[TABLES]!,
            type: 'order' as const,
            status: 'pending' as const,
            createdAt: at + i,
            updatedAt: at + i,
          })),
        );
      } finally {
        await db.close();
      }
    }
    const server = await startServer({
      name: `sweep-${backlog}`,
      env: { ...database.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    });
    const sources = new SourceAddresses();
    try {
      const results: Promise<{ status: number; ms: number; warmUp: boolean }>[] = [];
      const start = performance.now();
      for (let i = 0; i < TABLES && performance.now() - start < WINDOW_MS; i++) {
        const due = start + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const warmUp = performance.now() - start < WARM_UP_MS;
        results.push(
          press(server.base, restaurantId, tableIds[i]!, sources.take(Date.now())).then((r) => ({
            ...r,
            warmUp,
          })),
        );
      }
      const done = (await Promise.all(results)).filter((r) => !r.warmUp);
      const ok = done.filter((r) => r.status === 201);
      const res: SweepRun = {
        label,
        backlog,
        presses: done.length,
        failed: done.length - ok.length,
        latency: distribution(ok.map((r) => r.ms)),
      };
      log(
        `  ${label}: ${res.presses} presses, p50 ${ms(res.latency.p50)} ms, p99 ${ms(res.latency.p99)} ms, ` +
          `max ${ms(res.latency.max)} ms, ${res.failed} failed`,
      );
      return res;
    } finally {
      sources.destroy();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

export async function runSweep(log: (line: string) => void): Promise<SweepRun[]> {
  return [
    await run('no backlog', 0, log),
    await run(`${BACKLOG.toLocaleString('en')} overdue`, BACKLOG, log),
  ];
}

export function sweepSection(runs: SweepRun[]): Section {
  const m = machine();
  const withBacklog = runs.find((r) => r.backlog > 0);
  return {
    id: 'sweep',
    title: 'f. Guest presses during an escalation sweep (PGlite)',
    markdown: [
      `Run ${m.date} on ${describeMachine(m)}; backend PGlite, one server child.`,
      '',
      `${RATE} presses a second for ${WINDOW_MS / 1000} s from the server's start, each at its own table and ` +
        `address; latency = POST sent → 201 received (the first ${WARM_UP_MS / 1000} s, a fresh process warming up before the first tick, not counted). The server sweeps every 10 s, so the window holds its first ` +
        `two ticks; with the backlog, ${BACKLOG.toLocaleString('en')} requests pending for ten minutes are ` +
        'escalated over those ticks (at most 500 a tick, 100 a statement, decision 027).',
      '',
      table(
        ['backlog', 'presses', 'p50', 'p99', 'max', 'failed'],
        runs.map((r) => [
          r.label,
          r.presses,
          `${ms(r.latency.p50)} ms`,
          `${ms(r.latency.p99)} ms`,
          `${ms(r.latency.max)} ms`,
          r.failed,
        ]),
      ),
    ].join('\n'),
    budgets: withBacklog
      ? [
          {
            budget: `Press p99 < ${P99_BUDGET_MS} ms while ${BACKLOG.toLocaleString('en')} overdue requests are escalated (PGlite)`,
            measured: `${ms(withBacklog.latency.p99)} ms`,
            met: withBacklog.failed === 0 && withBacklog.latency.p99 < P99_BUDGET_MS,
          },
        ]
      : [],
  };
}
