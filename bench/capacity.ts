/**
 * Benchmark c (capacity): memory per idle staff socket. 5,000 staff consoles connect to one server process; its
 * resident memory (VmRSS) and V8 heap are read before and after, each time after a forced full GC through the
 * inspector. Then every client goes silent (stops reading, so it never answers a ping), and the heartbeat must
 * drop them all: the server's open socket count and memory are watched until it has.
 */
import fs from 'node:fs';
import WebSocket from 'ws';
import { nextStaffDevice } from './lib/addresses';
import { createBenchDatabase, postgresAvailable, seedFleet, type Backend } from './lib/database';
import { Inspector, type MemoryUsage } from './lib/inspector';
import { describeMachine, machine } from './lib/machine';
import type { BudgetResult, Section } from './lib/report';
import { freePort, sleep, startServer } from './lib/server';
import { kb, mb, median, table, envNumber } from './lib/stats';

const SOCKETS = envNumber('BENCH_CAPACITY_SOCKETS', 5000);
const RUNS = envNumber('BENCH_CAPACITY_RUNS', 3);
const WARMUP = 20;
const BUDGET_BYTES = 20 * 1024;
/** The hub pings every 30 s and drops a socket that missed one pong: gone within two sweeps. */
const HEARTBEAT_WAIT_MS = 70_000;

interface CapacityRun {
  before: MemoryUsage;
  after: MemoryUsage;
  rssBefore: number;
  rssAfter: number;
  connectS: number;
  fdsBefore: number;
  fdsAfter: number;
}

interface HeartbeatResult {
  fdsConnected: number;
  fdsAfter: number;
  droppedAfterS: number;
  rssAfterDrop: number;
  heapAfterDrop: number;
}

function socketFds(pid: number): number {
  let n = 0;
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) n++;
    } catch {
      /* closed meanwhile */
    }
  }
  return n;
}

function connect(base: string, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
    // A browser sends its Origin with the upgrade; the server refuses a handshake without ours.
    headers: { cookie, origin: base },
    perMessageDeflate: false,
    localAddress: nextStaffDevice(),
  });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('message', () => resolve(ws));
  });
}

async function connectAll(
  base: string,
  cookies: string[],
  concurrency = 100,
): Promise<WebSocket[]> {
  const out: WebSocket[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cookies.length) out.push(await connect(base, cookies[next++]!));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}

async function settled(inspector: Inspector): Promise<MemoryUsage> {
  await sleep(500);
  await inspector.collectGarbage();
  await inspector.collectGarbage();
  await sleep(1000);
  return inspector.memoryUsage();
}

export interface CapacityResult {
  backend: Backend;
  runs: CapacityRun[];
  heartbeat: HeartbeatResult | null;
}

export async function runCapacity(
  log: (line: string) => void,
  options: { heartbeat: boolean },
): Promise<CapacityResult> {
  const backend: Backend = (await postgresAvailable()) ? 'postgres' : 'pglite';
  const database = await createBenchDatabase(backend);
  const staffPerRestaurant = 10;
  const fleet = await seedFleet(database, {
    restaurants: Math.ceil((SOCKETS + WARMUP) / staffPerRestaurant),
    staffPerRestaurant,
    tablesPerRestaurant: 1,
  });
  const cookies = fleet.flatMap((r) => r.staff.map((s) => s.cookie));
  const result: CapacityResult = { backend, runs: [], heartbeat: null };
  try {
    for (let run = 1; run <= RUNS; run++) {
      const inspectPort = await freePort();
      const server = await startServer({
        name: `capacity-${run}`,
        env: { ...database.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
        nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`],
      });
      const inspector = await Inspector.attach(inspectPort);
      const sockets: WebSocket[] = [];
      try {
        // A few consoles first, so code paths and pools are warm in the baseline.
        sockets.push(...(await connectAll(server.base, cookies.slice(0, WARMUP), 10)));
        const before = await settled(inspector);
        const rssBefore = server.rss();
        const fdsBefore = socketFds(server.pid);
        const t0 = performance.now();
        sockets.push(...(await connectAll(server.base, cookies.slice(WARMUP, WARMUP + SOCKETS))));
        const connectS = (performance.now() - t0) / 1000;
        await sleep(1000);
        const after = await settled(inspector);
        const rssAfter = server.rss();
        const r: CapacityRun = {
          before,
          after,
          rssBefore,
          rssAfter,
          connectS,
          fdsBefore,
          fdsAfter: socketFds(server.pid),
        };
        result.runs.push(r);
        log(
          `  run ${run}: ${SOCKETS} sockets in ${connectS.toFixed(1)} s; RSS ${mb(rssBefore)} → ${mb(rssAfter)} MB ` +
            `(${kb((rssAfter - rssBefore) / SOCKETS)} KB/socket), heap ${kb((after.heapUsed - before.heapUsed) / SOCKETS)} KB/socket`,
        );
        if (options.heartbeat && run === RUNS) {
          // Phones that lost signal: the TCP connection stays, but nothing is read and no pong ever comes back.
          for (const ws of sockets.slice(WARMUP)) {
            const raw = (ws as unknown as { _socket: { pause(): void } })._socket;
            raw.pause();
            ws.pong = () => undefined;
          }
          const fdsConnected = socketFds(server.pid);
          const t1 = performance.now();
          let fds = fdsConnected;
          while (performance.now() - t1 < HEARTBEAT_WAIT_MS) {
            await sleep(1000);
            fds = socketFds(server.pid);
            if (fdsConnected - fds >= SOCKETS) break;
          }
          const droppedAfterS = (performance.now() - t1) / 1000;
          const mem = await settled(inspector);
          result.heartbeat = {
            fdsConnected,
            fdsAfter: fds,
            droppedAfterS,
            rssAfterDrop: server.rss(),
            heapAfterDrop: mem.heapUsed,
          };
          log(
            `  heartbeat: server sockets ${fdsConnected} → ${fds} after ${droppedAfterS.toFixed(0)} s`,
          );
        }
      } finally {
        for (const ws of sockets) ws.terminate();
        inspector.close();
        await server.stop();
      }
    }
    return result;
  } finally {
    await database.drop();
  }
}

export function capacitySection(res: CapacityResult): Section {
  const m = machine();
  const per = (f: (r: CapacityRun) => number) => median(res.runs.map(f)) / SOCKETS;
  const rssPer = per((r) => r.rssAfter - r.rssBefore);
  const heapPer = per((r) => r.after.heapUsed - r.before.heapUsed);
  const extPer = per((r) => r.after.external - r.before.external);
  const rows = res.runs.map((r, i) => [
    String(i + 1),
    r.connectS.toFixed(1),
    `${r.fdsBefore} → ${r.fdsAfter}`,
    `${mb(r.rssBefore)} → ${mb(r.rssAfter)}`,
    kb((r.rssAfter - r.rssBefore) / SOCKETS),
    `${mb(r.before.heapUsed)} → ${mb(r.after.heapUsed)}`,
    kb((r.after.heapUsed - r.before.heapUsed) / SOCKETS),
    kb((r.after.external - r.before.external) / SOCKETS),
  ]);
  rows.push(['**median**', '', '', '', `**${kb(rssPer)}**`, '', `**${kb(heapPer)}**`, kb(extPer)]);
  const parts = [
    `Run ${m.date} on ${describeMachine(m)}; backend ${res.backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}.`,
    '',
    `${SOCKETS.toLocaleString('en')} idle staff sockets (PIN sessions, one restaurant room each) connect to one ` +
      `server process, after ${WARMUP} warm-up sockets. Memory is read after two forced full GCs through the ` +
      'inspector (the child runs with --inspect on 127.0.0.1); RSS is VmRSS from /proc/<pid>/status. A fresh ' +
      `server process per run, ${res.runs.length} runs.`,
    '',
    table(
      [
        'run',
        'connect s',
        'server sockets',
        'RSS MB',
        'RSS KB/socket',
        'heap used MB',
        'heap KB/socket',
        'external KB/socket',
      ],
      rows,
    ),
  ];
  if (res.heartbeat) {
    const h = res.heartbeat;
    parts.push(
      '',
      `Heartbeat: all ${SOCKETS.toLocaleString('en')} clients then stopped reading (no pong). The server's open ` +
        `sockets went from ${h.fdsConnected} to ${h.fdsAfter} within ${h.droppedAfterS.toFixed(0)} s ` +
        `(the hub pings every 30 s and drops a socket that missed a pong); heap used after GC: ${mb(h.heapAfterDrop)} MB, ` +
        `RSS ${mb(h.rssAfterDrop)} MB (RSS is not returned to the OS at once).`,
    );
  }
  const budgets: BudgetResult[] = [
    {
      budget: '≤ 20 KB of memory (RSS) per idle staff socket',
      measured: `${kb(rssPer)} KB RSS (${kb(heapPer)} KB V8 heap)`,
      met: rssPer <= BUDGET_BYTES,
    },
  ];
  if (res.heartbeat) {
    budgets.push({
      budget: 'Heartbeat drops dead sockets (no pile-up)',
      measured: `server sockets ${res.heartbeat.fdsConnected} → ${res.heartbeat.fdsAfter} within ${res.heartbeat.droppedAfterS.toFixed(0)} s`,
      met: res.heartbeat.fdsConnected - res.heartbeat.fdsAfter >= SOCKETS,
    });
  }
  return { id: 'capacity', title: 'c. Capacity', markdown: parts.join('\n'), budgets };
}
