/**
 * `npm run bench -- routing` (issues 27 and 28): a chain's evening with sections, shifts and alert receipts.
 *
 * 250 restaurants × 4 servers = 1,000 staff sockets on /api/live. Each restaurant has two sections of tables with two
 * servers each, all four on duty (an open shift); no table has a server of its own, so every call is routed to its
 * section's two servers (decision 078) and the other section's two do not see it. Receipt timeout 5 s (the minimum,
 * decision 091). Guests press at 200 a second for 30 s across distinct tables, each from its own address.
 *
 * - Sections: press-to-screen at the section's sockets (POST sent → request.created), and that the other section's
 *   sockets get nothing before a re-route.
 * - Receipts: in half the restaurants the section's consoles confirm each call as they show it (POST …/receipt, as the
 *   console does); in the other half they stay silent. A silent call must reach the other section (re-routed to every
 *   server on duty) within N + 2 s of its press; re-route lateness = its first event at the other section − (press
 *   answered + N). A confirmed call must never reach the other section.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import WebSocket from 'ws';
import {
  restaurants as restaurantsTable,
  sections,
  sectionServers,
  shifts,
  tables,
} from '../src/server/db/schema';
import { RECEIPT_TIMEOUT_SECONDS_MIN } from '@shared/constants';
import { nextStaffDevice, SourceAddresses } from './lib/addresses';
import { post } from './lib/http-post';
import { cpuMeter, type CpuShare } from './lib/cpu';
import {
  createBenchDatabase,
  postgresAvailable,
  seedFleet,
  type Backend,
  type SeededRestaurant,
} from './lib/database';
import { describeMachine, machine } from './lib/machine';
import type { BudgetResult, Section } from './lib/report';
import { sleep, startServer } from './lib/server';
import { distribution, envNumber, ms, table, type Distribution } from './lib/stats';

const CONFIG = {
  seconds: envNumber('BENCH_ROUTING_SECONDS', 30),
  /** Presses at the same rate before the measured ones, not reported (as the ack and abuse benches). */
  warmupSeconds: envNumber('BENCH_ROUTING_WARMUP_SECONDS', 3),
};

/** One run's floor: how many restaurants, and presses a second across them. */
interface Load {
  restaurants: number;
  rate: number;
}
/** Issue 27's load: a chain's evening, 1,000 staff sockets — PostgreSQL's job (decision 102). */
const CHAIN: Load = {
  restaurants: envNumber('BENCH_ROUTING_RESTAURANTS', 250),
  rate: envNumber('BENCH_ROUTING_RATE', 200),
};
/**
 * The embedded database's own scope (README, "Which database"; decision 102): a few restaurants on one server —
 * 25 restaurants, 100 staff sockets, 50 presses a second (a 40-table restaurant's Friday peak is about one a second).
 */
const FEW: Load = { restaurants: 25, rate: 50 };
const STAFF = 4;
const TIMEOUT_S = RECEIPT_TIMEOUT_SECONDS_MIN;
/** Issue 27: the press-to-screen budget (BENCHMARKS a, p99 < 100 ms) holds when calls route through sections. */
const PRESS_TO_SCREEN_P99_MS = 100;
/** Issue 28: a silent call reaches the other servers on duty within N + 2 s. */
const REROUTE_SLACK_MS = 2_000;

interface Press {
  /** A warm-up press: sent and confirmed like the others, left out of every figure. */
  warm: boolean;
  restaurant: number;
  section: 0 | 1;
  confirming: boolean;
  sentAt: number;
  answeredAt: number;
  status: number;
  requestId: string | null;
  /** First request.created at each socket of its section. */
  seenBySection: Map<number, number>;
  /** First event of any kind for it at a socket of the other section. */
  otherSectionAt: number | null;
}

interface StaffSocket {
  index: number;
  restaurant: number;
  section: 0 | 1;
  cookie: string;
  address: string;
}

export interface RoutingResult {
  backend: Backend;
  load: Load;
  sockets: number;
  sent: number;
  ok: number;
  errors: Record<string, number>;
  pressToScreen: Distribution;
  /** Section deliveries expected (ok × 2) and missing. */
  lostDeliveries: number;
  /** Events of a confirmed call at the other section (must be 0), and of a silent call before its timeout. */
  leakedConfirmed: number;
  earlyReroutes: number;
  silent: number;
  rerouted: number;
  rerouteLateness: Distribution;
  receiptsSent: number;
  receiptsFailed: number;
  cpu: CpuShare;
  /** The load generator's own event-loop delay, p99 (a stall of the generator shows here, not as the server's). */
  loadgenLagP99: number;
}

/** Every table at most once (a fresh table per press): no cool-down refusal in the way. */
const tablesPerRestaurant = (load: Load) =>
  Math.ceil((load.rate * (CONFIG.seconds + CONFIG.warmupSeconds)) / load.restaurants) + 5;

async function arrangeFloor(
  database: Awaited<ReturnType<typeof createBenchDatabase>>,
  fleet: SeededRestaurant[],
): Promise<void> {
  const db = await database.open();
  try {
    const now = Date.now();
    await db.db.transaction(async (tx) => {
      await tx
        .update(restaurantsTable)
        .set({ receiptTimeoutSeconds: TIMEOUT_S })
        .where(
          inArray(
            restaurantsTable.id,
            fleet.map((r) => r.id),
          ),
        );
      for (const r of fleet) {
        const ids = [randomUUID(), randomUUID()];
        await tx.insert(sections).values(
          ids.map((id, i) => ({
            id,
            restaurantId: r.id,
            name: i === 0 ? 'Terrace' : 'Hall',
            createdAt: now,
            updatedAt: now,
          })),
        );
        await tx.insert(sectionServers).values(
          r.staff.map((s, i) => ({
            sectionId: ids[i < STAFF / 2 ? 0 : 1]!,
            serverId: s.userId,
            restaurantId: r.id,
            createdAt: now,
          })),
        );
        await tx.insert(shifts).values(
          r.staff.map((s, i) => ({
            id: randomUUID(),
            restaurantId: r.id,
            serverId: s.userId,
            sectionIds: [ids[i < STAFF / 2 ? 0 : 1]!],
            startedAt: now,
          })),
        );
        const half = Math.ceil(r.tableIds.length / 2);
        for (const [i, part] of [r.tableIds.slice(0, half), r.tableIds.slice(half)].entries())
          await tx.update(tables).set({ sectionId: ids[i]! }).where(inArray(tables.id, part));
      }
    });
    // Sanity: the arrangement is what the server will read.
    const [check] = await db.db
      .select({ timeout: restaurantsTable.receiptTimeoutSeconds })
      .from(restaurantsTable)
      .where(eq(restaurantsTable.id, fleet[0]!.id));
    if (check?.timeout !== TIMEOUT_S) throw new Error('receipt timeout not set');
  } finally {
    await db.close();
  }
}

async function runBackend(
  backend: Backend,
  load: Load,
  log: (line: string) => void,
): Promise<RoutingResult> {
  const database = await createBenchDatabase(backend);
  const fleet = await seedFleet(database, {
    restaurants: load.restaurants,
    staffPerRestaurant: STAFF,
    tablesPerRestaurant: tablesPerRestaurant(load),
  });
  await arrangeFloor(database, fleet);
  log(
    `  ${backend}: seeded ${fleet.length} restaurants with two sections and four servers on duty`,
  );
  const server = await startServer({
    name: `routing-${backend}`,
    env: { ...database.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  });
  const sockets: WebSocket[] = [];
  const sources = new SourceAddresses();
  try {
    const base = server.base;
    // Presses by table id (each table is pressed once), and by request id once answered or first seen.
    const byTable = new Map<string, Press>();
    const confirming = (r: number) => r % 2 === 0;
    let receiptsSent = 0;
    let receiptsFailed = 0;
    const receipts: Promise<void>[] = [];
    const staff: StaffSocket[] = fleet.flatMap((r, ri) =>
      r.staff.map((s, i) => ({
        index: ri * STAFF + i,
        restaurant: ri,
        section: i < STAFF / 2 ? 0 : 1,
        cookie: s.cookie,
        address: nextStaffDevice(),
      })),
    );
    const connect = (s: StaffSocket) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
          headers: { cookie: s.cookie, origin: base },
          perMessageDeflate: false,
          localAddress: s.address,
        });
        const timer = setTimeout(() => reject(new Error('no hello within 30 s')), 30_000);
        ws.once('error', reject);
        ws.on('message', (data: Buffer) => {
          const at = performance.now();
          const event = JSON.parse(data.toString('utf8')) as {
            type: string;
            request?: { id: string; tableId: string };
          };
          if (event.type === 'hello') {
            clearTimeout(timer);
            resolve(ws);
            return;
          }
          if (!event.request || !event.type.startsWith('request.')) return;
          const press = byTable.get(event.request.tableId);
          if (!press || press.restaurant !== s.restaurant) return;
          if (press.section === s.section) {
            if (event.type !== 'request.created' || press.seenBySection.has(s.index)) return;
            press.seenBySection.set(s.index, at);
            if (press.confirming) {
              if (!press.warm) receiptsSent++;
              receipts.push(
                post(
                  `${base}/api/requests/${event.request.id}/receipt`,
                  { cookie: s.cookie, origin: base, 'content-type': 'application/json' },
                  '{}',
                  { localAddress: s.address },
                ).then((r) => {
                  if (r.status !== 204 && !press.warm) receiptsFailed++;
                }),
              );
            }
          } else if (press.otherSectionAt === null) {
            press.otherSectionAt = at;
          }
        });
      });
    for (let i = 0; i < staff.length; i += 50)
      sockets.push(...(await Promise.all(staff.slice(i, i + 50).map(connect))));
    log(`  ${sockets.length} staff sockets connected`);
    await sleep(1000);

    const cpu = cpuMeter([server.pid], database.name);
    const heads = fleet.map(() => 0);
    const warm = load.rate * CONFIG.warmupSeconds;
    const total = warm + load.rate * CONFIG.seconds;
    const lag = monitorEventLoopDelay({ resolution: 5 });
    const inflight: Promise<void>[] = [];
    const start = performance.now();
    for (let n = 0; n < total; n++) {
      const due = start + (n * 1000) / load.rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const ri = n % fleet.length;
      const r = fleet[ri]!;
      const t = heads[ri]!;
      heads[ri] = t + 1;
      const tableId = r.tableIds[t]!;
      if (n === warm) lag.enable();
      const press: Press = {
        warm: n < warm,
        restaurant: ri,
        section: t < Math.ceil(r.tableIds.length / 2) ? 0 : 1,
        confirming: confirming(ri),
        sentAt: performance.now(),
        answeredAt: NaN,
        status: 0,
        requestId: null,
        seenBySection: new Map(),
        otherSectionAt: null,
      };
      byTable.set(tableId, press);
      inflight.push(
        post(
          `${base}/api/public/restaurants/${r.id}/tables/${tableId}/requests`,
          { 'content-type': 'application/json' },
          '{"type":"order"}',
          { agent: sources.take(Date.now()) },
        ).then((res) => {
          press.answeredAt = performance.now();
          press.status = res.status || 0;
          if (res.status === 201)
            press.requestId = (JSON.parse(res.text) as { request: { id: string } }).request.id;
        }),
      );
    }
    await Promise.all(inflight);
    lag.disable();
    // Wait out the last presses' timeout, plus the slack, plus a margin for the sweep's tick.
    await sleep(TIMEOUT_S * 1000 + REROUTE_SLACK_MS + 3_000);
    await Promise.all(receipts);
    const cpuShare = cpu();

    const presses = [...byTable.values()].filter((p) => !p.warm);
    const errors: Record<string, number> = {};
    const toScreen: number[] = [];
    const lateness: number[] = [];
    let lostDeliveries = 0;
    let leakedConfirmed = 0;
    let earlyReroutes = 0;
    let silent = 0;
    let rerouted = 0;
    for (const p of presses) {
      if (p.status !== 201) {
        errors[String(p.status)] = (errors[String(p.status)] ?? 0) + 1;
        continue;
      }
      for (const at of p.seenBySection.values()) toScreen.push(at - p.sentAt);
      lostDeliveries += STAFF / 2 - p.seenBySection.size;
      if (p.confirming) {
        if (p.otherSectionAt !== null) leakedConfirmed++;
        continue;
      }
      silent++;
      if (p.otherSectionAt === null) continue;
      rerouted++;
      const due = p.answeredAt + TIMEOUT_S * 1000;
      // An event at the other section before the press's own timeout is a routing leak, not a re-route.
      if (p.otherSectionAt < p.sentAt + TIMEOUT_S * 1000 - 50) earlyReroutes++;
      lateness.push(Math.max(0, p.otherSectionAt - due));
    }
    const ok = presses.filter((p) => p.status === 201).length;
    const result: RoutingResult = {
      backend,
      load,
      sockets: sockets.length,
      sent: presses.length,
      ok,
      errors,
      pressToScreen: distribution(toScreen),
      lostDeliveries,
      leakedConfirmed,
      earlyReroutes,
      silent,
      rerouted,
      rerouteLateness: distribution(lateness),
      receiptsSent,
      receiptsFailed,
      cpu: cpuShare,
      loadgenLagP99: lag.percentile(99) / 1e6,
    };
    log(
      `  ${backend} at ${load.rate}/s: ${ok}/${presses.length} presses, press-to-screen p50 ${ms(result.pressToScreen.p50)} p99 ` +
        `${ms(result.pressToScreen.p99)} ms; re-routed ${rerouted}/${silent} silent calls, lateness p50 ` +
        `${ms(result.rerouteLateness.p50)} p99 ${ms(result.rerouteLateness.p99)} ms; confirmed leaked ${leakedConfirmed}`,
    );
    return result;
  } finally {
    for (const ws of sockets) ws.terminate();
    sources.destroy();
    await server.stop();
    await database.drop();
  }
}

export async function runRouting(log: (line: string) => void): Promise<RoutingResult[]> {
  const results: RoutingResult[] = [];
  results.push(await runBackend('pglite', FEW, log));
  results.push(await runBackend('pglite', CHAIN, log));
  if (await postgresAvailable()) results.push(await runBackend('postgres', CHAIN, log));
  else log('  PostgreSQL not reachable: skipped');
  return results;
}

/** Whether the run's press-to-screen is a budget (decision 102): the chain's load on PGlite is reported only. */
const pressBudgetApplies = (r: RoutingResult) => r.backend === 'postgres' || r.load === FEW;

export function routingSection(results: RoutingResult[]): Section {
  const m = machine();
  const budgets: BudgetResult[] = [];
  for (const r of results) {
    const press = `Press-to-screen p99 < ${PRESS_TO_SCREEN_P99_MS} ms with calls routed through sections, ${r.load.rate}/s, ${r.sockets} staff sockets (${r.backend})`;
    const pressMet =
      r.ok === r.sent && r.lostDeliveries === 0 && r.pressToScreen.p99 < PRESS_TO_SCREEN_P99_MS;
    if (pressBudgetApplies(r))
      budgets.push({ budget: press, measured: `${ms(r.pressToScreen.p99)} ms`, met: pressMet });
    budgets.push({
      budget: `A call no device confirmed reaches the other servers on duty within N + 2 s, a confirmed one never, ${r.load.rate}/s (${r.backend})`,
      measured: `${r.rerouted}/${r.silent} re-routed, lateness p99 ${ms(r.rerouteLateness.p99)} ms, ${r.leakedConfirmed} confirmed leaked`,
      met:
        r.silent > 0 &&
        r.rerouted === r.silent &&
        r.earlyReroutes === 0 &&
        r.leakedConfirmed === 0 &&
        r.rerouteLateness.p99 <= REROUTE_SLACK_MS,
    });
  }
  const markdown = [
    `Run ${m.date} on ${describeMachine(m)}; one server child per backend.`,
    '',
    `Restaurants × ${STAFF} servers on duty (the staff sockets), two sections per restaurant with two servers each, no ` +
      `table-level server: each call is routed to its section's two servers. Two loads: a chain's evening ` +
      `(${CHAIN.restaurants} restaurants, ${CHAIN.restaurants * STAFF} sockets, ${CHAIN.rate} presses a second: issue 27's budget, on ` +
      `PostgreSQL; on PGlite it is reported, beyond the embedded database's scope, decision 102) and a few restaurants ` +
      `on one embedded server (${FEW.restaurants} restaurants, ${FEW.restaurants * STAFF} sockets, ${FEW.rate} presses a second). ` +
      `Each load for ${CONFIG.seconds} s, a fresh table and address per press, after a ${CONFIG.warmupSeconds} s warm-up at the same rate (not reported). Receipt timeout N = ${TIMEOUT_S} s; the consoles of every other restaurant confirm each call as they ` +
      'show it (POST /api/requests/:id/receipt), the rest stay silent. Press-to-screen = POST sent → request.created at a ' +
      'socket of the section; re-route lateness = first event at the other section − (press answered + N); the reach ' +
      'sweep ticks every second.',
    '',
    table(
      [
        'backend',
        'load',
        'presses ok',
        'press-to-screen p50 / p99 / max',
        'lost',
        'silent calls re-routed',
        're-route lateness p50 / p99 / max',
        'confirmed calls leaked',
        'receipts (failed)',
        'CPU server / PG / other',
        'load-gen lag p99',
      ],
      results.map((r) => [
        r.backend,
        `${r.load.restaurants} restaurants, ${r.sockets} sockets, ${r.load.rate}/s${pressBudgetApplies(r) ? '' : ' (reported only)'}`,
        `${r.ok}/${r.sent}${Object.keys(r.errors).length ? ` (${JSON.stringify(r.errors)})` : ''}`,
        `${ms(r.pressToScreen.p50)} / ${ms(r.pressToScreen.p99)} / ${ms(r.pressToScreen.max)} ms`,
        r.lostDeliveries,
        `${r.rerouted}/${r.silent}${r.earlyReroutes ? ` (${r.earlyReroutes} early)` : ''}`,
        `${ms(r.rerouteLateness.p50)} / ${ms(r.rerouteLateness.p99)} / ${ms(r.rerouteLateness.max)} ms`,
        r.leakedConfirmed,
        `${r.receiptsSent} (${r.receiptsFailed})`,
        `${Math.round(r.cpu.server)} / ${Math.round(r.cpu.postgres)} / ${Math.round(r.cpu.other)} %`,
        `${ms(r.loadgenLagP99)} ms`,
      ]),
    ),
  ].join('\n');
  return {
    id: 'routing',
    title: 'Routing through sections and re-routing unconfirmed calls (issues 27, 28)',
    markdown,
    budgets,
  };
}
