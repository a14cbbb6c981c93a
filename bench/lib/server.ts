/**
 * The real server (src/server/main.ts) as a child process, so the load generator never shares its event loop.
 * Output goes to a log file under .tmp/bench; every child is killed when the benchmark process exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH_TMP = path.join(ROOT, '.tmp', 'bench');

const children = new Set<ChildProcess>();
const cleanups: (() => void | Promise<void>)[] = [];

/** Registers work to undo (temporary directories, databases) when the suite ends or is interrupted. */
export function onCleanup(fn: () => void | Promise<void>): void {
  cleanups.push(fn);
}

export async function cleanupAll(): Promise<void> {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch {
      /* best effort */
    }
  }
}

process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Variables of the parent that must not leak into a benchmark server. */
const STRIPPED = [
  'DATABASE_URL',
  'DATA_DIR',
  'NO_DEMO',
  'NODE_ENV',
  'LOG_LEVEL',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'SMTP_URL',
  'NODE_OPTIONS',
];

export interface ServerProcess {
  name: string;
  pid: number;
  port: number;
  base: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of GET /api/session. */
  readyMs: number;
  exited: Promise<number | null>;
  logFile: string;
  /** Resident set size now, in bytes (from /proc/<pid>/status). */
  rss(): number;
  /** User + system CPU seconds used so far (from /proc/<pid>/stat). */
  cpuSeconds(): number;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  name: string;
  env: Record<string, string>;
  nodeArgs?: string[];
  /** Run the compiled server (`node dist/server/main.js`, after `npm run build`) instead of the TypeScript source. */
  compiled?: boolean;
  /** Run this TypeScript file (through tsx) instead of the server, e.g. the in-memory floor (lib/memory-floor.ts). */
  script?: string;
  port?: number;
  pollMs?: number;
  timeoutMs?: number;
}

function getStatus(base: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(`${base}/api/session`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.setTimeout(2000, () => req.destroy());
  });
}

function readRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kbLine = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return kbLine ? Number(kbLine[1]) * 1024 : NaN;
}

const TICKS = 100; // USER_HZ on Linux

export function readCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return NaN;
  }
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  fs.mkdirSync(BENCH_TMP, { recursive: true });
  const logFile = path.join(BENCH_TMP, `${options.name}.log`);
  const out = fs.openSync(logFile, 'w');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of STRIPPED) delete env[key];
  Object.assign(env, { HOST: '127.0.0.1', PORT: String(port) }, options.env);
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(BENCH_TMP, 'prof', options.name)}`]
    : [];
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...profile,
      // BENCH_TRACE_GC=1: every collection and its pause in the server's log (.tmp/bench/<name>.log).
      ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : []),
      ...(options.nodeArgs ?? []),
      ...(options.script
        ? ['--import', 'tsx', options.script]
        : options.compiled
          ? ['dist/server/main.js']
          : ['--import', 'tsx', 'src/server/main.ts']),
    ],
    { cwd: ROOT, env, stdio: ['ignore', out, out] },
  );
  fs.closeSync(out);
  children.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = started + (options.timeoutMs ?? 120_000);
  const pollMs = options.pollMs ?? 25;
  let readyMs: number;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.name} exited early; see ${logFile}:\n${tail(logFile)}`);
    }
    if ((await getStatus(base)) === 200) {
      readyMs = performance.now() - started;
      break;
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not start; see ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(pollMs);
  }
  const pid = child.pid!;
  return {
    name: options.name,
    pid,
    port,
    base,
    child,
    readyMs,
    exited,
    logFile,
    rss: () => readRss(pid),
    cpuSeconds: () => readCpuSeconds(pid),
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

export const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec));
