/**
 * `npm run bench -- abuse` (issue 14, decision 026): guest-press latency while an attacker floods the server from one
 * address, next to the same without a flood. Floods: refused sign-ins over 200 keep-alive connections, requests
 * with random session cookies over 200 connections, and one staff session opening sockets as fast as it can. Issue
 * 25 (decisions 072, 073) adds one valid user flooding: the owner loading the month's analytics, a server changing
 * language, the owner changing the colour or adding staff (20 connections each), and anonymous 64 KB bodies to a
 * sign-in-required route (100 connections). Each flood runs in a child process of its own (bench/lib/flood.ts) so
 * the press generator's timings are its own.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '@shared/constants';
import { createBenchDatabase, postgresAvailable, seedFleet, type Backend } from './lib/database';
import { SourceAddresses } from './lib/addresses';
import { describeMachine, machine } from './lib/machine';
import type { BudgetResult, Section } from './lib/report';
import { ROOT, sleep, startServer, type ServerProcess } from './lib/server';
import { distribution, ms, table, type Distribution, envNumber } from './lib/stats';
import {
  BODY_CONNECTIONS,
  FLOOD_CONNECTIONS,
  FLOOD_MAX_REQUESTS,
  SIGNED_IN_CONNECTIONS,
  type FloodKind,
} from './lib/flood';

const ABUSE_CONFIG = {
  /** Guest presses per second during every phase: a busy evening, not a load test. */
  pressRate: envNumber('BENCH_ABUSE_RATE', 20),
  phaseSeconds: envNumber('BENCH_ABUSE_SECONDS', 8),
  /** The flood starts this long before the presses are measured. */
  rampSeconds: 1,
  p99BudgetMs: 100,
  /** Requests in the flooded owner's restaurant over the last 30 days: what the month view scans. */
  history: envNumber('BENCH_ABUSE_HISTORY', 10_000),
};

/**
 * The attacker's source address, one per flood (Linux routes all of 127/8 to lo): each flood meets the limits
 * fresh, not the budget an earlier flood used up.
 */
const ATTACKERS: Record<FloodKind, string> = {
  signin: '127.0.200.1',
  cookies: '127.0.200.2',
  sockets: '127.0.200.3',
  analytics: '127.0.200.4',
  language: '127.0.200.5',
  colour: '127.0.200.6',
  staff: '127.0.200.7',
  bodies: '127.0.200.8',
};

/** Whose session a flood uses: none, a server's, or the restaurant owner's. */
const FLOOD_USER: Record<FloodKind, 'server' | 'owner' | null> = {
  signin: null,
  cookies: null,
  sockets: 'server',
  analytics: 'owner',
  language: 'server',
  colour: 'owner',
  staff: 'owner',
  bodies: null,
};

interface Phase {
  name: string;
  flood: FloodKind | null;
  presses: Distribution;
  sent: number;
  created: number;
  failed: number;
  /** The flood's own counts: requests sent and the answers' statuses (or socket outcomes). */
  floodCounts: Record<string, number> | null;
}

interface BackendRun {
  backend: Variant;
  phases: Phase[];
  /** The machine's 1-minute load average when the run started (2 cores: above 2 means waiting for a core). */
  load: number;
}

export interface AbuseResult {
  runs: BackendRun[];
  machine: string;
}

/** The embedded database on its worker thread, the same on the server's thread (PGLITE_THREAD; decision 072), PostgreSQL. */
type Variant = Backend | 'pglite-main';
const BACKEND_LABEL: Record<Variant, string> = {
  pglite: 'PGlite (worker)',
  'pglite-main': 'PGlite on the main thread',
  postgres: 'PostgreSQL',
};

/** Each backend in turn: PGlite, then PostgreSQL when its server is reachable. */
export async function runAbuse(log: (line: string) => void): Promise<AbuseResult> {
  const runs: BackendRun[] = [];
  for (const backend of ['pglite', 'pglite-main', 'postgres'] as const) {
    if (backend === 'postgres' && !(await postgresAvailable())) {
      log('  PostgreSQL not reachable: its run is skipped');
      continue;
    }
    log(`  ${BACKEND_LABEL[backend]}`);
    runs.push(await runAbuseOn(backend, log));
  }
  return { runs, machine: describeMachine(machine()) };
}

function press(agent: http.Agent, base: string, restaurantId: string, tableId: string) {
  return new Promise<{ ms: number; status: number }>((resolve) => {
    const started = performance.now();
    const req = http.request(
      `${base}/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }),
        );
      },
    );
    req.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
    req.end(JSON.stringify({ type: 'server' }));
  });
}

function startFlood(
  kind: FloodKind,
  base: string,
  seconds: number,
  cookie: string,
  restaurantId: string,
) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/lib/flood.ts',
      kind,
      base,
      String(seconds),
      ATTACKERS[kind],
      cookie,
      restaurantId,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<Record<string, number>>((resolve) =>
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, number>);
      } catch {
        resolve({});
      }
    }),
  );
  return { done, kill: () => child.kill('SIGKILL') };
}

async function runAbuseOn(backend: Variant, log: (line: string) => void): Promise<BackendRun> {
  const c = ABUSE_CONFIG;
  const phases: [string, FloodKind | null][] = [
    ['no flood', null],
    [`refused sign-ins, ${FLOOD_CONNECTIONS} keep-alive connections`, 'signin'],
    [`random session cookies, ${FLOOD_CONNECTIONS} keep-alive connections`, 'cookies'],
    ['staff-socket flood, one session', 'sockets'],
    [`owner's analytics (month), ${SIGNED_IN_CONNECTIONS} connections`, 'analytics'],
    [`server changing language, ${SIGNED_IN_CONNECTIONS} connections`, 'language'],
    [`owner changing colour, ${SIGNED_IN_CONNECTIONS} connections`, 'colour'],
    [`owner adding staff, ${SIGNED_IN_CONNECTIONS} connections`, 'staff'],
    [`anonymous 64 KB bodies, ${BODY_CONNECTIONS} connections`, 'bodies'],
    ['no flood (again, at the end)', null],
  ];
  const pressesPerPhase = c.pressRate * c.phaseSeconds;
  const restaurants = 4;
  // Every press on a table of its own, so no cool-down refuses one (warm-up included).
  const tablesPerRestaurant = Math.ceil((pressesPerPhase * (phases.length + 1)) / restaurants) + 5;
  const load = os.loadavg()[0] ?? 0;
  const database = await createBenchDatabase(backend === 'postgres' ? 'postgres' : 'pglite');
  const fleet = await seedFleet(database, {
    restaurants,
    staffPerRestaurant: 2,
    tablesPerRestaurant,
  });
  const ownerCookie = await seedOwner(database, fleet[0]!.id, fleet[0]!.tableIds, c.history);
  // Adding staff by another owner: the colour flood has used up the first owner's write budget for the minute.
  const secondOwnerCookie = await seedOwner(database, fleet[1]!.id, fleet[1]!.tableIds, 0);
  const tables = fleet.flatMap((r) =>
    r.tableIds.map((tableId) => ({ restaurantId: r.id, tableId })),
  );
  let server: ServerProcess | null = null;
  const sources = new SourceAddresses();
  try {
    server = await startServer({
      name: `abuse-${backend}`,
      env: {
        ...database.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        ...(backend === 'postgres'
          ? {}
          : { PGLITE_THREAD: backend === 'pglite' ? 'worker' : 'main' }),
      },
      // PORT, when set, is where the bench's server listens (a shared machine's own ports); otherwise any free port.
      ...(process.env.PORT ? { port: Number(process.env.PORT) } : {}),
    });
    const base = server.base;
    let nextTable = 0;
    const pressPhase = async (seconds: number) => {
      const count = c.pressRate * seconds;
      const started = performance.now();
      const pending: Promise<{ ms: number; status: number }>[] = [];
      for (let i = 0; i < count; i++) {
        const due = started + (i * 1000) / c.pressRate;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const target = tables[nextTable++]!;
        pending.push(press(sources.take(Date.now()), base, target.restaurantId, target.tableId));
      }
      return Promise.all(pending);
    };
    await pressPhase(2); // warm-up, not reported
    const results: Phase[] = [];
    for (const [name, kind] of phases) {
      const restaurant = kind === 'staff' ? fleet[1]! : fleet[0]!;
      const owner = kind === 'staff' ? secondOwnerCookie : ownerCookie;
      const cookie = kind && FLOOD_USER[kind] === 'owner' ? owner : restaurant.staff[0]!.cookie;
      const flood = kind
        ? startFlood(kind, base, c.rampSeconds + c.phaseSeconds + 1, cookie, restaurant.id)
        : null;
      if (flood) await sleep(c.rampSeconds * 1000);
      const answers = await pressPhase(c.phaseSeconds);
      const floodCounts = flood
        ? await Promise.race([flood.done, sleep(15_000).then(() => (flood.kill(), null))])
        : null;
      const phase: Phase = {
        name,
        flood: kind,
        presses: distribution(answers.map((a) => a.ms)),
        sent: answers.length,
        created: answers.filter((a) => a.status === 201).length,
        failed: answers.filter((a) => a.status !== 201).length,
        floodCounts,
      };
      results.push(phase);
      log(
        `  ${name}: presses p50 ${ms(phase.presses.p50)}, p99 ${ms(phase.presses.p99)}, ${phase.created}/${phase.sent} created; flood ${JSON.stringify(floodCounts)}`,
      );
      await sleep(1000);
    }
    return { backend, phases: results, load };
  } finally {
    sources.destroy();
    await server?.stop();
    await database.drop();
  }
}

/**
 * The first restaurant's owner signed in (a session row as AuthService.issue writes it) and `history` requests over
 * the last 30 days at its tables, 8 in 10 completed, so the owner's month view has something to scan.
 */
async function seedOwner(
  bench: Awaited<ReturnType<typeof createBenchDatabase>>,
  restaurantId: string,
  tableIds: string[],
  history: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const span = 30 * 86_400_000;
  const database = await bench.open();
  try {
    await database.db.execute(sql`
      insert into sessions (id, user_id, kind, created_at, expires_at)
      select ${createHash('sha256').update(token).digest('hex')}, owner_id, 'password', ${now}, ${now + 3_600_000}
      from restaurants where id = ${restaurantId}`);
    const tableList = `{${tableIds.join(',')}}`;
    if (history > 0)
      await database.db.execute(sql`
      insert into requests (id, restaurant_id, table_id, server_id, type, status, acknowledged_at, resolved_at,
                            created_at, updated_at)
      select 'h' || lpad(n::text, 8, '0'), ${restaurantId},
             (${tableList}::text[])[1 + n % ${tableIds.length}], null,
             (array['server','order','refill','bill'])[1 + n % 4],
             case when n % 10 < 8 then 'completed' else 'dismissed' end,
             t + 10000 + (n % 120) * 1000, t + 60000 + (n % 240) * 1000, t, t
      from (
        select n, ${now}::bigint - ${span}::bigint + (n::bigint * ${span}) / ${history} as t
        from generate_series(0, ${history - 1}) as n
      ) s`);
    await database.db.execute(sql`analyze requests`);
  } finally {
    await database.close();
  }
  return `${SESSION_COOKIE}=${token}`;
}

const describeFlood = (counts: Record<string, number> | null) =>
  counts
    ? Object.entries(counts)
        .map(([k, v]) => (k === 'sent' ? `${v} sent` : `${v} × ${k}`))
        .join(', ')
    : '—';

export function abuseSection(result: AbuseResult): Section {
  const c = ABUSE_CONFIG;
  const budgets: BudgetResult[] = result.runs.flatMap((run) =>
    run.phases
      .filter((p) => p.flood)
      .map((p) => ({
        budget: `guest press p99 < ${c.p99BudgetMs} ms during ${p.name} (${BACKEND_LABEL[run.backend]})`,
        measured: ms(p.presses.p99),
        met: p.presses.p99 < c.p99BudgetMs && p.failed === 0,
      })),
  );
  const markdown = [
    `The owner's analytics flood asks for the month of the first restaurant, which holds ${c.history.toLocaleString('en')} requests over the last 30`,
    'days; the presses go to all four restaurants, that one included.',
    '',
    `Guest presses at ${c.pressRate}/s (each on its own table, from many loopback addresses) for ${c.phaseSeconds} s per`,
    `phase, one instance, on PGlite and on PostgreSQL; each flood comes from one address of its own (127.0.200.x), starts ${c.rampSeconds} s before the`,
    `presses are measured and is bounded to the phase and to ${FLOOD_MAX_REQUESTS.toLocaleString('en')} requests.`,
    `Run once, briefly, on ${result.machine} (load average at the start of each backend's run in the table; the`,
    'flood client shares the same 2 cores with the server): compare each flood with the no-flood row of the same run.',
    '',
    table(
      [
        'database',
        'phase',
        'presses',
        'p50',
        'p99',
        'max',
        'not 201',
        'the flood (requests sent, answers)',
      ],
      result.runs.flatMap((run) =>
        run.phases.map((p, i) => [
          i === 0 ? `${BACKEND_LABEL[run.backend]} (load ${run.load.toFixed(1)})` : '',
          p.name,
          p.sent,
          ms(p.presses.p50),
          ms(p.presses.p99),
          ms(p.presses.max),
          p.failed,
          describeFlood(p.floodCounts),
        ]),
      ),
    ),
    '',
    'What holds the floods off (decision 026, SECURITY.md): sign-ins are limited per address in memory (30 a minute',
    'per route) and refused in `onRequest`, before the body is parsed or the database is asked; session cookies that',
    'do not resolve are budgeted per address (60 a minute) before the lookup; staff sockets are limited to 120',
    'handshakes a minute per address before the session lookup and capped at 8 open per session, 20 per user and 50',
    'per address (close code 4429). Every over-budget refusal (`rate_limited`) is answered only after a 1 s hold',
    '(`http/errors.ts`, decision 038), so a keep-alive connection asks at most once a second instead of as fast as',
    'the server can refuse: before the hold, on a quiet machine, the same floods sent ~41,000 and ~44,000 requests',
    'in 8 s and pushed the press p99 (PGlite) to 169 ms and 115 ms.',
    '',
    'Signed-in floods (issue 25, decisions 072 and 073): every signed-in route counts against its user (300 writes,',
    '1,200 reads a minute per instance; then 429, held 1 s); analytics, the dashboard and history run one at a time per',
    "user (two more wait, then 429) and three at once per instance; analytics keeps a period's figures until the",
    "restaurant's next live event (decision 073). `PGlite (worker)` runs the embedded database on a worker thread of",
    'its own, its calls queued by priority (presses, then other work, then reports; `PGLITE_THREAD=worker`);',
    "`PGlite on the main thread` is the same build with `PGLITE_THREAD=main`, PGlite on the server's thread (decision",
    '072; the budgets and the cache apply to both). A signed-out body to a sign-in-required route is refused with 401',
    'before it is read.',
  ].join('\n');
  return { id: 'abuse', title: 'Abuse: guest presses under floods', markdown, budgets };
}
