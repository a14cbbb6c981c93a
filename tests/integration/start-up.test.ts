/**
 * The compiled server as an operator runs it (issue 14 items 9 and 11, issue 16 item 1): `npm run serve` runs
 * dist/server on plain node; a stop signal sent to npm stops the server (port and data lock freed, nothing left
 * running); a start that cannot succeed prints one line and exits 1.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/child-server';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-start-up-'));
const started: number[] = [];

beforeAll(() => {
  // The server bundle only (esbuild, about a second): the client build is not needed to serve the API.
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'pipe' });
}, 60_000);

afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    NO_DEMO: '1',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    ...extra,
  };
  delete e.DATABASE_URL;
  return e;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the compiled server directly (the documented production command) and waits for it to exit. */
function runCompiled(extra: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, ['dist/server/main.js'], { cwd: root, env: env(extra) });
  started.push(child.pid!);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('npm run serve', () => {
  it('runs the compiled server on plain node, and SIGTERM to npm stops it: port and lock freed', async () => {
    const port = await freePort();
    const dataDir = path.join(tmp, 'serve');
    const npm = spawn('npm', ['run', 'serve'], {
      cwd: root,
      env: env({ PORT: String(port), DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(npm.pid!);
    let out = '';
    npm.stdout.on('data', (d: Buffer) => (out += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));

    // The first start on an empty embedded database creates it: slow on a loaded machine.
    const deadline = Date.now() + 150_000;
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/live`).catch(() => null);
      if (res?.ok) break;
      if (npm.exitCode !== null || Date.now() > deadline)
        throw new Error(`npm run serve did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // The server process: npm's child, plain node on the compiled output — no shell, no TypeScript loader.
    const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(npm.pid)])
      .toString()
      .trim()
      .split('\n');
    expect(children).toHaveLength(1);
    const [pid, ...args] = children[0]!.trim().split(/\s+/);
    const serverPid = Number(pid);
    started.push(serverPid);
    expect(args.join(' ')).toMatch(/^node .*dist\/server\/main\.js$/);
    expect(args.join(' ')).not.toMatch(/tsx/);
    expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(serverPid));

    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    const gone = Date.now() + 15_000;
    while (isAlive(serverPid) && Date.now() < gone) await new Promise((r) => setTimeout(r, 100));
    expect(isAlive(serverPid)).toBe(false);
    expect(await portIsFree(port)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  }, 200_000);
});

describe('start-up failures: one line, exit 1', () => {
  /** Exactly one line on stderr, no stack frame. */
  function expectOneLine(run: Run): string {
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    return lines[0]!;
  }

  it('a port in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const run = await runCompiled({ PORT: String(port), DATA_DIR: path.join(tmp, 'busy') });
      expect(expectOneLine(run)).toBe(
        `Port ${port} on 127.0.0.1 is already in use (EADDRINUSE): stop the program using it, or set PORT to a free port.`,
      );
    } finally {
      blocker.close();
    }
  }, 60_000);

  it('a DATA_DIR that cannot be a folder (under a regular file)', async () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, '');
    const run = await runCompiled({
      PORT: String(await freePort()),
      DATA_DIR: path.join(file, 'data'),
    });
    expect(expectOneLine(run)).toMatch(
      new RegExp(`^${file} is in the way: a file stands where a folder is needed \\(ENOTDIR\\)`),
    );
  }, 60_000);

  it('a DATA_DIR/db that is a file (PGlite alone would say only "ErrnoError 54")', async () => {
    const dataDir = path.join(tmp, 'db-file');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'db'), '');
    const run = await runCompiled({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(expectOneLine(run)).toMatch(
      new RegExp(
        `^${dataDir}/db is in the way: a file stands where a folder is needed \\(EEXIST\\)`,
      ),
    );
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  }, 60_000);

  it('a lock held by a live process that is not Table Service says how to clear it', async () => {
    const dataDir = path.join(tmp, 'stale');
    fs.mkdirSync(dataDir);
    // This test runner's pid: alive, and not a Table Service server (a crashed server's pid, since reused).
    fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.pid));
    const run = await runCompiled({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(expectOneLine(run)).toContain(
      `If pid ${process.pid} is not Table Service (a stale lock after a crash, its pid since reused), delete ${dataDir}/db.lock and start again.`,
    );
  }, 60_000);
});
