/**
 * Benchmarks a (press-to-screen latency) and b (throughput): guests press at a fixed rate, staff consoles on
 * /api/live receive the events. One scenario per backend: the database is seeded, the server(s) started as child
 * processes, the staff connected once, then the latency runs and the throughput steps follow on the same floor.
 */
import { createBenchDatabase, seedFleet, type Backend } from './lib/database';
import { Floor, type PhaseResult } from './lib/floor';
import { waitForQuiet } from './lib/cpu';
import { describeMachine, machine } from './lib/machine';
import type { BudgetResult, Section } from './lib/report';
import { sleep, startServer, type ServerProcess } from './lib/server';
import { median, ms, table, envNumber } from './lib/stats';

export interface Scenario {
  key: string;
  label: string;
  backend: Backend;
  instances: number;
}

export const SCENARIOS: Scenario[] = [
  { key: 'pglite', label: 'PGlite (embedded), 1 instance', backend: 'pglite', instances: 1 },
  { key: 'postgres', label: 'PostgreSQL, 1 instance', backend: 'postgres', instances: 1 },
  { key: 'postgres-x2', label: 'PostgreSQL, 2 instances', backend: 'postgres', instances: 2 },
];

const LIVE_CONFIG = {
  restaurants: envNumber('BENCH_RESTAURANTS', 100),
  staffPerRestaurant: envNumber('BENCH_STAFF', 10),
  latencyRate: envNumber('BENCH_RATE', 200),
  latencySeconds: envNumber('BENCH_LATENCY_SECONDS', 20),
  latencyRuns: envNumber('BENCH_RUNS', 3),
  throughputSteps: (process.env.BENCH_STEPS ?? '250,400,600,800,1000,1200,1600')
    .split(',')
    .map(Number)
    .filter((n) => n > 0),
  throughputSeconds: envNumber('BENCH_STEP_SECONDS', 10),
  warmupSeconds: envNumber('BENCH_WARMUP_SECONDS', 5),
  /** A step is sustained when p99 press-to-screen stays under this, nothing is lost and nothing refused. */
  throughputP99Ms: 100,
};

/** The scenario's raw results, rendered by the sections below. */
export interface ScenarioResult {
  scenario: Scenario;
  latency: PhaseResult[];
  throughput: PhaseResult[];
  setup: { seedS: number; connectS: number; sockets: number; tables: number };
}

/** Other work on the machine distorts timings: wait for it to calm down first (BENCH_QUIET=0 skips this). */
export async function quiet(log: (line: string) => void): Promise<void> {
  if (process.env.BENCH_QUIET === '0') return;
  await waitForQuiet(log);
}

/** Other processes used more than a quarter of a core during the phase: its timings are suspect. */
const DISTURBED_PCT = 25;
const disturbed = (r: PhaseResult) => r.cpu.other > DISTURBED_PCT;

function sustained(p: PhaseResult): boolean {
  return (
    p.ok === p.sent &&
    p.lost === 0 &&
    p.latency.p99 < LIVE_CONFIG.throughputP99Ms &&
    p.achievedRate >= p.rate * 0.95
  );
}

export async function runScenario(
  scenario: Scenario,
  parts: { latency: boolean; throughput: boolean },
  log: (line: string) => void,
): Promise<ScenarioResult> {
  const c = LIVE_CONFIG;
  const latencyPresses =
    Math.min(c.latencyRate, 200) * c.warmupSeconds +
    (parts.latency ? c.latencyRate * c.latencySeconds * c.latencyRuns : 0);
  const throughputPresses = parts.throughput
    ? c.throughputSteps.reduce((s, r) => s + r * c.throughputSeconds, 0)
    : 0;
  // Every table at most once per cool-down: enough tables for every press the scenario can make.
  const tablesPerRestaurant = Math.ceil((latencyPresses + throughputPresses) / c.restaurants) + 5;
  const seedStart = performance.now();
  const database = await createBenchDatabase(scenario.backend);
  const fleet = await seedFleet(database, {
    restaurants: c.restaurants,
    staffPerRestaurant: c.staffPerRestaurant,
    tablesPerRestaurant,
  });
  const seedS = (performance.now() - seedStart) / 1000;
  log(
    `  seeded ${c.restaurants} restaurants, ${c.restaurants * c.staffPerRestaurant} staff, ${tablesPerRestaurant * c.restaurants} tables in ${seedS.toFixed(1)} s`,
  );
  const servers: ServerProcess[] = [];
  let floor: Floor | null = null;
  try {
    for (let i = 0; i < scenario.instances; i++) {
      servers.push(
        await startServer({
          name: `${scenario.key}-${i + 1}`,
          env: { ...database.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
        }),
      );
    }
    floor = new Floor(fleet, servers, scenario.backend, database.name);
    const connectStart = performance.now();
    await floor.connectStaff();
    const connectS = (performance.now() - connectStart) / 1000;
    log(`  ${floor.socketCount} staff sockets connected in ${connectS.toFixed(1)} s`);
    await sleep(1000);
    const result: ScenarioResult = {
      scenario,
      latency: [],
      throughput: [],
      setup: {
        seedS,
        connectS,
        sockets: floor.socketCount,
        tables: tablesPerRestaurant * c.restaurants,
      },
    };
    // Warm-up, not reported: the first seconds of a fresh process compile code paths and fill caches.
    const warm = await floor.run(Math.min(c.latencyRate, 200), c.warmupSeconds * 1000);
    log(`  warm-up: ${summary(warm)}`);
    await settle(floor, log);
    if (parts.latency) {
      for (let run = 1; run <= c.latencyRuns; run++) {
        await quiet(log);
        const r = await floor.run(c.latencyRate, c.latencySeconds * 1000);
        result.latency.push(r);
        log(`  latency run ${run}: ${summary(r)}`);
        await settle(floor, log);
      }
    }
    if (parts.throughput) {
      await quiet(log);
      for (const rate of c.throughputSteps) {
        let r = await floor.run(rate, c.throughputSeconds * 1000);
        log(
          `  throughput ${rate}/s: ${summary(r)} → ${sustained(r) ? 'sustained' : 'not sustained'}`,
        );
        if (!sustained(r) && disturbed(r)) {
          // Other work took the CPU: that step says nothing about the server. Once more, when it is quiet.
          await settle(floor, log);
          await quiet(log);
          r = await floor.run(rate, c.throughputSeconds * 1000);
          r.retried = true;
          log(
            `  throughput ${rate}/s again: ${summary(r)} → ${sustained(r) ? 'sustained' : 'not sustained'}`,
          );
        }
        result.throughput.push(r);
        if (!sustained(r)) break;
        await settle(floor, log);
      }
    }
    return result;
  } finally {
    floor?.close();
    for (const s of servers) await s.stop();
    await database.drop();
  }
}

/** Between phases: staff complete the phase's requests, then the machine gets a moment. */
async function settle(floor: Floor, log: (line: string) => void): Promise<void> {
  const t = performance.now();
  const { completed } = await floor.completeAll();
  log(
    `  staff completed ${completed} requests in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  await sleep(1000);
}

function summary(r: PhaseResult): string {
  return (
    `${r.sent} presses at ${r.achievedRate.toFixed(0)}/s, ${r.ok} accepted, lost ${r.lost}, ` +
    `p50 ${ms(r.latency.p50)} p99 ${ms(r.latency.p99)} max ${ms(r.latency.max)} ms, ` +
    `CPU % server/PG/generator/other ${cpuText(r)}, generator lag p99 ${ms(r.loadgenLagP99)} ms`
  );
}

const cpuText = (r: PhaseResult) =>
  [r.cpu.server, r.cpu.postgres, r.cpu.loadgen, r.cpu.other].map((v) => v.toFixed(0)).join('/');

const errorsText = (e: Record<string, number>) =>
  Object.keys(e).length
    ? Object.entries(e)
        .map(([k, v]) => `${v}×${k}`)
        .join(', ')
    : '0';

/** CPU milliseconds per accepted press, of the server(s) and of PostgreSQL: robust against a shared machine. */
const perPress = (pct: number, r: PhaseResult) =>
  r.ok ? ((pct / 100) * r.windowS * 1000) / r.ok : NaN;
const costText = (r: PhaseResult) =>
  `${perPress(r.cpu.server, r).toFixed(2)} / ${r.backend === 'postgres' ? perPress(r.cpu.postgres, r).toFixed(2) : '–'}`;

function runRow(label: string, r: PhaseResult): (string | number)[] {
  return [
    `${label}${disturbed(r) ? ' ⚠' : ''}${r.retried ? ' (retry)' : ''}`,
    r.sent,
    r.achievedRate.toFixed(0),
    errorsText(r.errors),
    `${r.delivered}/${r.expectedDeliveries}`,
    r.lost,
    ms(r.latency.p50),
    ms(r.latency.p95),
    ms(r.latency.p99),
    ms(r.latency.max),
    ms(r.lastSocket.p99),
    ms(r.response.p99),
    cpuText(r),
    costText(r),
    ms(r.loadgenLagP99),
  ];
}

const LATENCY_HEADERS = [
  'run',
  'presses',
  'rate/s',
  'refused',
  'deliveries',
  'lost',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'max ms',
  'all-sockets p99 ms',
  'HTTP p99 ms',
  'CPU % server/PG/gen/other',
  'CPU ms/press server / PG',
  'load-gen lag p99 ms',
];

export function latencySection(results: ScenarioResult[], budgetsOut: BudgetResult[]): Section {
  const c = LIVE_CONFIG;
  const m = machine();
  const parts: string[] = [
    `Run ${m.date} on ${describeMachine(m)}.`,
    '',
    `${c.restaurants} restaurants × ${c.staffPerRestaurant} staff sockets = ${c.restaurants * c.staffPerRestaurant} ` +
      `sockets; guests press at ${c.latencyRate}/s for ${c.latencySeconds} s, ${c.latencyRuns} runs per backend, ` +
      'each press on a different table (round robin over restaurants). Every table is unassigned, so each ' +
      `press is delivered to all ${c.staffPerRestaurant} sockets of its restaurant; latency is per delivery, from ` +
      'sending the POST to the event arriving at that socket. "all-sockets" is per press, until the last of its ' +
      'sockets has it. Medians are the medians of the per-run values. Before the runs, a 5 s warm-up (not ' +
      'reported); between runs, staff complete every request of the run through the API (not timed). ' +
      `⚠ marks a run during which other processes on the machine used more than ${DISTURBED_PCT} % of a core ` +
      '("other" in the CPU column). PGlite runs inside the server process, so its CPU is in "server".',
  ];
  for (const res of results) {
    if (!res.latency.length) continue;
    const rows = res.latency.map((r, i) => runRow(String(i + 1), r));
    const med = (f: (r: PhaseResult) => number) => median(res.latency.map(f));
    rows.push([
      '**median**',
      med((r) => r.sent),
      med((r) => r.achievedRate).toFixed(0),
      '',
      '',
      med((r) => r.lost),
      `**${ms(med((r) => r.latency.p50))}**`,
      `**${ms(med((r) => r.latency.p95))}**`,
      `**${ms(med((r) => r.latency.p99))}**`,
      `**${ms(med((r) => r.latency.max))}**`,
      ms(med((r) => r.lastSocket.p99)),
      ms(med((r) => r.response.p99)),
      [
        med((r) => r.cpu.server),
        med((r) => r.cpu.postgres),
        med((r) => r.cpu.loadgen),
        med((r) => r.cpu.other),
      ]
        .map((v) => v.toFixed(0))
        .join('/'),
      `${med((r) => perPress(r.cpu.server, r)).toFixed(2)} / ${
        res.scenario.backend === 'postgres'
          ? med((r) => perPress(r.cpu.postgres, r)).toFixed(2)
          : '–'
      }`,
      ms(med((r) => r.loadgenLagP99)),
    ]);
    parts.push(
      '',
      `#### ${res.scenario.label}`,
      '',
      `${res.setup.sockets} sockets connected in ${res.setup.connectS.toFixed(1)} s; ${res.setup.tables} tables seeded.`,
      '',
      table(LATENCY_HEADERS, rows),
    );
    const lost = res.latency.reduce((n, r) => n + r.lost + r.misdelivered + r.duplicates, 0);
    budgetsOut.push({
      budget: `No lost events (${res.scenario.label})`,
      measured: `${lost} lost / misdelivered / duplicated`,
      met: lost === 0,
    });
    if (res.scenario.instances === 1) {
      const p99 = med((r) => r.latency.p99);
      budgetsOut.push({
        budget: `Press-to-screen p99 ≤ 50 ms at ${c.latencyRate} presses/s, ${res.setup.sockets} sockets (${res.scenario.label})`,
        measured: `${ms(p99)} ms`,
        met: p99 <= 50 && res.setup.sockets >= 1000 && c.latencyRate >= 200,
      });
    }
  }
  return {
    id: 'latency',
    title: 'a. Press-to-screen latency',
    markdown: parts.join('\n'),
    budgets: budgetsOut,
  };
}

export function throughputSection(results: ScenarioResult[], budgetsOut: BudgetResult[]): Section {
  const c = LIVE_CONFIG;
  const m = machine();
  const parts: string[] = [
    `Run ${m.date} on ${describeMachine(m)}.`,
    '',
    `Same floor (${c.restaurants} × ${c.staffPerRestaurant} staff sockets, each press fanned out to ` +
      `${c.staffPerRestaurant}); the press rate steps up, ${c.throughputSeconds} s per step, and stops at the first ` +
      `step that is not sustained. Sustained: every press accepted, none lost, the generator kept ≥ 95 % of the ` +
      `rate, and p99 press-to-screen < ${c.throughputP99Ms} ms. One pass per backend (a full pass costs about a ` +
      'minute; the latency runs above are the repeated measurement). A step that fails while other processes ' +
      'took more than a quarter of a core (⚠) is run once more when the machine is quiet.',
  ];
  const summaryRows: (string | number)[][] = [];
  for (const res of results) {
    if (!res.throughput.length) continue;
    const rows = res.throughput.map((r) => [
      ...runRow(`${r.rate}/s`, r),
      sustained(r) ? 'yes' : '**no**',
    ]);
    parts.push(
      '',
      `#### ${res.scenario.label}`,
      '',
      table([...LATENCY_HEADERS.map((h) => (h === 'run' ? 'offered' : h)), 'sustained'], rows),
    );
    const best = Math.max(0, ...res.throughput.filter(sustained).map((r) => r.rate));
    const firstFail = res.throughput.find((r) => !sustained(r));
    const ceiling = firstFail
      ? `first not sustained: ${firstFail.rate}/s (p99 ${ms(firstFail.latency.p99)} ms)`
      : `all steps sustained (the steps stop at ${c.throughputSteps.at(-1)}/s)`;
    summaryRows.push([res.scenario.label, best ? `**${best}/s**` : '< lowest step', ceiling]);
    if (res.scenario.backend === 'postgres' && res.scenario.instances === 1) {
      budgetsOut.push({
        budget: '≥ 1,000 sustained presses/s on PostgreSQL, 1 instance',
        measured: `${best}/s`,
        met: best >= 1000,
      });
    }
  }
  parts.splice(3, 0, '', table(['backend', 'highest sustained rate', 'ceiling'], summaryRows));
  return {
    id: 'throughput',
    title: 'b. Throughput',
    markdown: parts.join('\n'),
    budgets: budgetsOut,
  };
}
