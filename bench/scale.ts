/**
 * `npm run bench -- scale` (issue 25, a chain's scale): staff sockets across three server instances on one
 * PostgreSQL, guest presses spread over 3,000 restaurants, and the ceiling of LISTEN/NOTIFY.
 *
 * - 3,000 restaurants × 17 servers = 51,000 staff PIN sessions, each console on /api/live at one of three instances
 *   (a restaurant's staff are spread over all three, as behind a load balancer), each socket from its own loopback
 *   address. A process holds at most `ulimit -n` descriptors (20,000 here), so the sockets are held by three
 *   load-generator children (bench/lib/scale-sockets.ts), one per instance.
 * - 300 presses a second for 30 s (after a 3 s warm-up, not reported), round robin over the instances, each at a
 *   fresh table of the next restaurant and from its own address. No table has a server and nobody is on duty, so each
 *   call reaches every console of its restaurant: 17 deliveries per press, most of them through another instance
 *   (the press's NOTIFY). Press-to-screen = POST sent → request.created at each of the restaurant's sockets; lost =
 *   deliveries that never came.
 * - Memory per instance: resident set size after start and with its sockets connected.
 * - The NOTIFY ceiling: commits a second of a one-row INSERT with and without a pg_notify in the same transaction,
 *   16 writers, three listeners (one per instance), each for 5 s. PostgreSQL takes a global lock on its notification
 *   queue from a notifying transaction's pre-commit to its end, so notifying commits are serialized: that rate is the
 *   most presses a second one PostgreSQL can announce, whatever the number of instances.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { SourceAddresses } from './lib/addresses';
import { post } from './lib/http-post';
import { cpuMeter } from './lib/cpu';
import {
  createBenchDatabase,
  seedFleet,
  type BenchDatabase,
  type SeededRestaurant,
} from './lib/database';
import { describeMachine, machine } from './lib/machine';
import type { BudgetResult, Section } from './lib/report';
import type { FromChild, ScaleStaff, ToChild } from './lib/scale-sockets';
import { readCpuSeconds, ROOT, sleep, startServer, type ServerProcess } from './lib/server';
import { distribution, envNumber, mb, ms, table, type Distribution } from './lib/stats';

const CONFIG = {
  instances: 3,
  restaurants: envNumber('BENCH_SCALE_RESTAURANTS', 3000),
  staffPerRestaurant: envNumber('BENCH_SCALE_STAFF', 17),
  /** Press rates, each for `seconds` on the same connected floor: issue 25's 300 a second first, then lower. */
  rates: (process.env.BENCH_SCALE_RATES ?? '300,200,100').split(',').map(Number),
  seconds: envNumber('BENCH_SCALE_SECONDS', 30),
  warmupSeconds: 3,
  /** Handshakes in flight per load-generator child. */
  connectConcurrency: envNumber('BENCH_SCALE_CONNECT_CONCURRENCY', 64),
};
const SOCKETS_GOAL = 50_000;
const PRESS_TO_SCREEN_P99_MS = 100;
/** After the last press, how long deliveries may still come. */
const DRAIN_MS = 5_000;
const NOTIFY_WRITERS = 16;
const NOTIFY_SECONDS = 5;

const epoch = () => performance.timeOrigin + performance.now();

interface InstanceFigures {
  sockets: number;
  rssStarted: number;
  rssConnected: number;
  rssAfter: number;
}

interface NotifyCeiling {
  plain: number;
  notifying: number;
  listeners: number;
  delivered: number;
}

export interface ScaleResult {
  restaurants: number;
  socketsWanted: number;
  socketsHeld: number;
  connectErrors: Record<string, number>;
  connectS: number;
  steps: PressStep[];
  instances: InstanceFigures[];
  notify: NotifyCeiling;
}

/** A load-generator child holding one instance's sockets. */
class SocketHolder {
  readonly child: ChildProcess;
  readonly deliveries = new Map<string, number[]>();
  private readonly waiting = new Map<string, (message: FromChild) => void>();
  connected = 0;

  constructor() {
    this.child = fork(path.join(ROOT, 'bench/lib/scale-sockets.ts'), [], {
      execArgv: ['--import', 'tsx', '--max-old-space-size=4096'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: FromChild) => {
      if (message.type === 'deliveries') {
        for (const [tableId, at] of message.items) {
          const list = this.deliveries.get(tableId);
          if (list) list.push(at);
          else this.deliveries.set(tableId, [at]);
        }
        return;
      }
      if (message.type === 'progress') this.connected = message.connected;
      this.waiting.get(message.type)?.(message);
    });
  }

  private next<T extends FromChild['type']>(type: T): Promise<Extract<FromChild, { type: T }>> {
    return new Promise((resolve) =>
      this.waiting.set(type, (m) => resolve(m as Extract<FromChild, { type: T }>)),
    );
  }

  async connect(base: string, staff: ScaleStaff[]) {
    const done = this.next('connected');
    this.child.send({
      type: 'connect',
      base,
      staff,
      concurrency: CONFIG.connectConcurrency,
    } satisfies ToChild);
    const result = await done;
    this.connected = result.connected;
    return result;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const closed = this.next('closed');
    this.child.send({ type: 'close' } satisfies ToChild);
    await Promise.race([closed, sleep(10_000)]);
    this.child.kill('SIGKILL');
  }

  cpuSeconds(): number {
    return this.child.pid ? readCpuSeconds(this.child.pid) || 0 : 0;
  }
}

/** Commits a second of one-row INSERTs by `writers` clients for `seconds`, with a pg_notify in each or not. */
async function commitRate(
  url: string,
  notify: boolean,
): Promise<{ rate: number; delivered: number }> {
  const channel = `scale_bench_${Math.random().toString(36).slice(2, 8)}`;
  const listeners = await Promise.all(
    Array.from({ length: CONFIG.instances }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`listen ${channel}`);
      return c;
    }),
  );
  let delivered = 0;
  for (const l of listeners) l.on('notification', () => delivered++);
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query(
    'create table if not exists scale_notify (id bigserial primary key, body text not null)',
  );
  await setup.end();
  const writers = await Promise.all(
    Array.from({ length: NOTIFY_WRITERS }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  // A press-sized payload (a request.created event is about 600 bytes).
  const body = 'x'.repeat(600);
  const text = notify
    ? `with i as (insert into scale_notify (body) values ($1) returning id) select pg_notify('${channel}', $1) from i`
    : 'insert into scale_notify (body) values ($1)';
  let commits = 0;
  const until = performance.now() + NOTIFY_SECONDS * 1000;
  await Promise.all(
    writers.map(async (c) => {
      while (performance.now() < until) {
        await c.query(text, [body]);
        commits++;
      }
    }),
  );
  await sleep(500);
  await Promise.all([...writers, ...listeners].map((c) => c.end()));
  return { rate: commits / NOTIFY_SECONDS, delivered };
}

/**
 * Between two steps, every call is marked done in the database, as a floor's staff would have done (the consoles are
 * not told: no one looks at them). Left open, 18,000 unanswered calls would escalate and re-route during the next
 * step, and that step would measure an escalation storm nobody would leave standing, not the presses.
 */
async function completeAll(database: BenchDatabase): Promise<void> {
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `update requests set status = 'completed', resolved_at = $1, updated_at = $1
       where status in ('pending', 'acknowledged')`,
      [Date.now()],
    );
  } finally {
    await client.end();
  }
}

async function notifyCeiling(database: BenchDatabase): Promise<NotifyCeiling> {
  const url = database.env.DATABASE_URL!;
  const plain = await commitRate(url, false);
  const notifying = await commitRate(url, true);
  return {
    plain: plain.rate,
    notifying: notifying.rate,
    listeners: CONFIG.instances,
    delivered: notifying.delivered / NOTIFY_SECONDS,
  };
}

interface PressStep {
  rate: number;
  sent: number;
  ok: number;
  errors: Record<string, number>;
  expected: number;
  lost: number;
  pressToScreen: Distribution;
  answer: Distribution;
  cpu: { servers: number; postgres: number; sockets: number; loadgen: number };
}

interface Floor {
  fleet: SeededRestaurant[];
  servers: ServerProcess[];
  holders: SocketHolder[];
  sources: SourceAddresses;
  /** The next fresh table of each restaurant. */
  heads: number[];
  database: BenchDatabase;
}

/** `rate` presses a second for the configured time (after a warm-up), each at a fresh table; every delivery timed. */
async function pressStep(
  rate: number,
  floor: Floor,
  log: (line: string) => void,
): Promise<PressStep> {
  const { fleet, servers, holders, sources, heads } = floor;
  const socketCpuStart = holders.map((h) => h.cpuSeconds());
  const wallStart = performance.now();
  const cpu = cpuMeter(
    servers.map((s) => s.pid),
    floor.database.name,
  );
  const presses = new Map<
    string,
    { warm: boolean; sentAt: number; answeredAt: number; status: number }
  >();
  const warm = rate * CONFIG.warmupSeconds;
  const total = warm + rate * CONFIG.seconds;
  const inflight: Promise<void>[] = [];
  const errors: Record<string, number> = {};
  const start = performance.now();
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const ri = n % fleet.length;
    const r = fleet[ri]!;
    const tableId = r.tableIds[heads[ri]!++]!;
    const server = servers[n % servers.length]!;
    const press = { warm: n < warm, sentAt: epoch(), answeredAt: NaN, status: 0 };
    presses.set(tableId, press);
    inflight.push(
      post(
        `${server.base}/api/public/restaurants/${r.id}/tables/${tableId}/requests`,
        { 'content-type': 'application/json' },
        '{"type":"order"}',
        { agent: sources.take(Date.now()) },
      ).then((res) => {
        press.answeredAt = epoch();
        press.status = res.status;
        if (res.status !== 201 && !press.warm) {
          const key = res.error ?? String(res.status);
          errors[key] = (errors[key] ?? 0) + 1;
        }
      }),
    );
  }
  await Promise.all(inflight);
  await sleep(DRAIN_MS);
  const share = cpu();
  const wall = (performance.now() - wallStart) / 1000;
  const socketCpu = holders.reduce((sum, h, i) => sum + h.cpuSeconds() - socketCpuStart[i]!, 0);

  // Deliveries by table (each press is the only one at its table), from every holder.
  const toScreen: number[] = [];
  const answer: number[] = [];
  let expected = 0;
  let received = 0;
  let ok = 0;
  let sent = 0;
  for (const [tableId, p] of presses) {
    if (p.warm) continue;
    sent++;
    if (p.status !== 201) continue;
    ok++;
    answer.push(p.answeredAt - p.sentAt);
    expected += CONFIG.staffPerRestaurant;
    for (const h of holders)
      for (const at of h.deliveries.get(tableId) ?? []) {
        received++;
        toScreen.push(at - p.sentAt);
      }
  }
  // Where the slow presses fall in time (a periodic stall shows as the same second of every beat).
  const bySecond = new Map<number, number>();
  for (const p of presses.values())
    if (!p.warm && p.status === 201) {
      const second =
        Math.floor((p.sentAt - start - performance.timeOrigin) / 1000) - CONFIG.warmupSeconds;
      bySecond.set(second, Math.max(bySecond.get(second) ?? 0, p.answeredAt - p.sentAt));
    }
  const worst = [...bySecond.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
  const step: PressStep = {
    rate,
    sent,
    ok,
    errors,
    expected,
    lost: expected - received,
    pressToScreen: distribution(toScreen),
    answer: distribution(answer),
    cpu: {
      servers: share.server,
      postgres: share.postgres,
      sockets: (socketCpu / wall) * 100,
      loadgen: share.loadgen,
    },
  };
  log(
    `  ${rate}/s: ${ok}/${sent} presses, ${received}/${expected} deliveries, press-to-screen p50 ` +
      `${ms(step.pressToScreen.p50)} p99 ${ms(step.pressToScreen.p99)} ms; slowest seconds ` +
      worst
        .map(
          ([s, v]) =>
            `${s} s (${new Date(performance.timeOrigin + start + (s + CONFIG.warmupSeconds) * 1000).toISOString().slice(11, 19)}): ${ms(v)} ms`,
        )
        .join(', '),
  );
  return step;
}

export async function runScale(log: (line: string) => void): Promise<ScaleResult> {
  const database = await createBenchDatabase('postgres');
  const seedStart = performance.now();
  const pressesPerRestaurant = Math.ceil(
    (CONFIG.rates.reduce((a, b) => a + b, 0) * (CONFIG.seconds + CONFIG.warmupSeconds)) /
      CONFIG.restaurants,
  );
  const fleet = await seedFleet(database, {
    restaurants: CONFIG.restaurants,
    staffPerRestaurant: CONFIG.staffPerRestaurant,
    tablesPerRestaurant: pressesPerRestaurant + 2,
  });
  log(
    `  seeded ${fleet.length} restaurants, ${fleet.length * CONFIG.staffPerRestaurant} staff sessions in ` +
      `${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const servers: ServerProcess[] = [];
  const holders: SocketHolder[] = [];
  try {
    for (let i = 0; i < CONFIG.instances; i++)
      servers.push(
        await startServer({
          name: `scale-${i + 1}`,
          env: { ...database.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
        }),
      );
    await sleep(2_000);
    const rssStarted = servers.map((s) => s.rss());
    // Staff j of restaurant r connects to instance (r × staff + j) mod 3, each from its own loopback address.
    const perInstance: ScaleStaff[][] = servers.map(() => []);
    let device = 0;
    fleet.forEach((r, ri) =>
      r.staff.forEach((s, j) => {
        const n = device++;
        perInstance[(ri * CONFIG.staffPerRestaurant + j) % servers.length]!.push({
          cookie: s.cookie,
          address: `127.${2 + Math.floor(n / 62_500)}.${Math.floor((n % 62_500) / 250)}.${(n % 250) + 2}`,
        });
      }),
    );
    const socketsWanted = device;
    for (let i = 0; i < servers.length; i++) holders.push(new SocketHolder());
    const connectStart = performance.now();
    const progress = setInterval(() => {
      const held = holders.reduce((sum, h) => sum + h.connected, 0);
      log(
        `    ${held} sockets connected (${((performance.now() - connectStart) / 1000).toFixed(0)} s)`,
      );
    }, 10_000);
    const connected = await Promise.all(
      holders.map((h, i) => h.connect(servers[i]!.base, perInstance[i]!)),
    );
    clearInterval(progress);
    const connectS = (performance.now() - connectStart) / 1000;
    const socketsHeld = connected.reduce((sum, c) => sum + c.connected, 0);
    const connectErrors: Record<string, number> = {};
    for (const c of connected)
      for (const [k, v] of Object.entries(c.errors)) connectErrors[k] = (connectErrors[k] ?? 0) + v;
    log(
      `  ${socketsHeld}/${socketsWanted} staff sockets connected in ${connectS.toFixed(1)} s` +
        (Object.keys(connectErrors).length ? ` (refused: ${JSON.stringify(connectErrors)})` : ''),
    );
    await sleep(3_000);
    const rssConnected = servers.map((s) => s.rss());

    const sources = new SourceAddresses();
    const heads = fleet.map(() => 0);
    const steps: PressStep[] = [];
    for (const rate of CONFIG.rates) {
      steps.push(await pressStep(rate, { fleet, servers, holders, sources, heads, database }, log));
      await completeAll(database);
      await sleep(2_000);
    }
    const rssAfter = servers.map((s) => s.rss());
    sources.destroy();
    log('  NOTIFY ceiling: commits a second with and without a notification, 16 writers');
    const notify = await notifyCeiling(database);
    const result: ScaleResult = {
      restaurants: fleet.length,
      socketsWanted,
      socketsHeld,
      connectErrors,
      connectS,
      steps,
      instances: servers.map((_, i) => ({
        sockets: connected[i]!.connected,
        rssStarted: rssStarted[i]!,
        rssConnected: rssConnected[i]!,
        rssAfter: rssAfter[i]!,
      })),
      notify,
    };
    log(
      `  NOTIFY ceiling ${Math.round(notify.notifying)}/s (plain commits ${Math.round(notify.plain)}/s)`,
    );
    return result;
  } finally {
    await Promise.all(holders.map((h) => h.close()));
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
}

export function scaleSection(r: ScaleResult): Section {
  const m = machine();
  const perSocket = (i: InstanceFigures) =>
    i.sockets > 0 ? (i.rssConnected - i.rssStarted) / i.sockets : NaN;
  const issueRate = CONFIG.rates[0]!;
  const held = (step: PressStep) =>
    step.pressToScreen.p99 <= PRESS_TO_SCREEN_P99_MS && step.lost === 0 && step.ok === step.sent;
  const first = r.steps[0];
  const within = r.steps.filter(held).map((step) => step.rate);
  const budgets: BudgetResult[] = [
    {
      budget: `${SOCKETS_GOAL.toLocaleString('en')} staff sockets held across ${CONFIG.instances} instances on one PostgreSQL`,
      measured: `${r.socketsHeld.toLocaleString('en')} of ${r.socketsWanted.toLocaleString('en')}`,
      met: r.socketsHeld >= SOCKETS_GOAL,
    },
    {
      budget: `Press-to-screen p99 ≤ ${PRESS_TO_SCREEN_P99_MS} ms at ${issueRate} presses/s over ${r.restaurants.toLocaleString('en')} restaurants, 0 lost`,
      measured: first
        ? `${ms(first.pressToScreen.p99)} ms, ${first.lost} lost, ${first.ok}/${first.sent} presses ok` +
          (within.length
            ? `; held at ${Math.max(...within)}/s on this machine`
            : '; not held at any rate run')
        : 'not run',
      met: first !== undefined && held(first),
    },
  ];
  const markdown = [
    `Run ${m.date} on ${describeMachine(m)}; ${CONFIG.instances} server instances (\`node --import tsx src/server/main.ts\`), one PostgreSQL, ${CONFIG.instances} load-generator children holding the sockets — all on the same two cores.`,
    '',
    `${r.restaurants.toLocaleString('en')} restaurants × ${CONFIG.staffPerRestaurant} servers, each console on /api/live at one of the instances (a restaurant's staff on all three), ` +
      `each from its own loopback address. On the same connected floor, presses at ${CONFIG.rates.join(', ')} a second, each for ${CONFIG.seconds} s after a ${CONFIG.warmupSeconds} s warm-up, round robin over the instances, ` +
      `a fresh table per press; every console of the restaurant must show it (${CONFIG.staffPerRestaurant} deliveries a press, two thirds of them through another instance's NOTIFY); between steps every call is marked done in the database, as staff would have. ` +
      `Sockets connected in ${r.connectS.toFixed(0)} s${Object.keys(r.connectErrors).length ? `; refused: ${JSON.stringify(r.connectErrors)}` : ''}.`,
    '',
    table(
      [
        'presses a second',
        'presses ok',
        'deliveries lost',
        'press-to-screen p50 / p99 / max',
        'press answered p50 / p99',
        'CPU servers / PG / socket children / presser',
      ],
      r.steps.map((step) => [
        String(step.rate),
        `${step.ok}/${step.sent}${Object.keys(step.errors).length ? ` (${JSON.stringify(step.errors)})` : ''}`,
        `${step.lost} of ${step.expected.toLocaleString('en')}`,
        `${ms(step.pressToScreen.p50)} / ${ms(step.pressToScreen.p99)} / ${ms(step.pressToScreen.max)} ms`,
        `${ms(step.answer.p50)} / ${ms(step.answer.p99)} ms`,
        `${Math.round(step.cpu.servers)} / ${Math.round(step.cpu.postgres)} / ${Math.round(step.cpu.sockets)} / ${Math.round(step.cpu.loadgen)} %`,
      ]),
    ),
    '',
    table(
      [
        'instance',
        'sockets',
        'RSS started (MB)',
        'RSS connected (MB)',
        'RSS after the presses (MB)',
        'per socket',
      ],
      r.instances.map((i, n) => [
        String(n + 1),
        i.sockets.toLocaleString('en'),
        mb(i.rssStarted),
        mb(i.rssConnected),
        mb(i.rssAfter),
        `${(perSocket(i) / 1024).toFixed(1)} KB`,
      ]),
    ),
    '',
    `NOTIFY ceiling (${NOTIFY_WRITERS} writers, ${r.notify.listeners} listeners, ${NOTIFY_SECONDS} s each, same machine): one-row INSERT commits ` +
      `${Math.round(r.notify.plain).toLocaleString('en')}/s without a notification, ${Math.round(r.notify.notifying).toLocaleString('en')}/s with one ` +
      `(notifications delivered ${Math.round(r.notify.delivered).toLocaleString('en')}/s across the listeners).`,
  ].join('\n');
  return {
    id: 'scale',
    title:
      "A chain's scale: staff sockets across three instances, and the NOTIFY ceiling (issue 25)",
    markdown,
    budgets,
  };
}
