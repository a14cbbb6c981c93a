/**
 * Who used the CPU during a phase: the server(s), PostgreSQL, the load generator, and everything else on the
 * machine (a shared machine's other work shows up here, and explains an outlier).
 */
import fs from 'node:fs';
import { readCpuSeconds, sleep } from './server';

const TICKS = 100;

function machineSeconds(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

/**
 * CPU ticks so far of the PostgreSQL processes that work for this benchmark: its own database's connections and the
 * server-wide helpers (WAL writer, checkpointer, …). Connections to other databases on the same server (another
 * test suite) are left out, so their work shows up as "other", not as the benchmark's PostgreSQL cost.
 */
function postgresTicks(database: string | undefined): Map<number, number> {
  const ticks = new Map<number, number>();
  if (!database) return ticks;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      // A connection's title is "postgres: <user> <database> <client address> <state>".
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const isConnection = /\(\d+\)|\[local\]/.test(title);
      if (isConnection && !title.includes(` ${database} `)) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      /* gone meanwhile */
    }
  }
  return ticks;
}

const selfSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

export interface CpuShare {
  /** In % of one core; the machine's total is 100 × cores. */
  server: number;
  postgres: number;
  loadgen: number;
  other: number;
}

/**
 * Starts counting; the returned function stops and gives each party's share over the interval. `pgDatabase`: the
 * benchmark's PostgreSQL database, if any.
 */
export function cpuMeter(serverPids: number[], pgDatabase?: string): () => CpuShare {
  const server = () => serverPids.reduce((s, pid) => s + (readCpuSeconds(pid) || 0), 0);
  const start = {
    m: machineSeconds(),
    server: server(),
    pg: postgresTicks(pgDatabase),
    self: selfSeconds(),
    wall: performance.now(),
  };
  return () => {
    const m = machineSeconds();
    const wall = (performance.now() - start.wall) / 1000;
    const s = server() - start.server;
    let pgTicks = 0;
    for (const [pid, t] of postgresTicks(pgDatabase)) pgTicks += t - (start.pg.get(pid) ?? 0);
    const pg = pgTicks / TICKS;
    const self = selfSeconds() - start.self;
    const busy = m.busy - start.m.busy;
    const pct = (x: number) => (Math.max(0, x) / wall) * 100;
    return {
      server: pct(s),
      postgres: pct(pg),
      loadgen: pct(self),
      other: pct(busy - s - pg - self),
    };
  };
}

/** Machine CPU busy, in % of one core, over `ms`. */
async function machineBusy(ms = 1500): Promise<number> {
  const a = machineSeconds();
  const t = performance.now();
  await sleep(ms);
  const b = machineSeconds();
  return ((b.busy - a.busy) / ((performance.now() - t) / 1000)) * 100;
}

/**
 * Waits (up to `maxMs`) until the machine is quiet — other work (a test suite, a browser) would distort the
 * numbers. Returns the busy share measured last.
 */
export async function waitForQuiet(
  log: (line: string) => void,
  thresholdPct = 25,
  maxMs = Number(process.env.BENCH_QUIET_MAX_S ?? 60) * 1000,
): Promise<number> {
  const deadline = performance.now() + maxMs;
  let busy = await machineBusy();
  let told = false;
  while (busy > thresholdPct && performance.now() < deadline) {
    if (!told)
      log(
        `  machine busy (${busy.toFixed(0)}% of one core used by other work); waiting for quiet…`,
      );
    told = true;
    await sleep(2000);
    busy = await machineBusy();
  }
  if (busy > thresholdPct) log(`  still busy (${busy.toFixed(0)}%); measuring anyway`);
  return busy;
}
