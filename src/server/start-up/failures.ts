/**
 * Start-up failures an operator can fix, as one line each: what went wrong and what to do (issue 14). main.ts prints
 * the line and exits 1 — no stack trace, which would bury the cause.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DatabaseInUseError } from '../db/client';
import { EnvError } from '../env';

export interface StartupContext {
  dataDir: string;
  host: string;
  port: number;
  databaseUrl?: string;
}

/** Emscripten's errno numbers, which PGlite's file system errors carry instead of a code. */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  20: 'EEXIST',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

function errnoCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, errno, name } = e as { code?: unknown; errno?: unknown; name?: unknown };
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO[errno];
  }
  return undefined;
}

function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function messages(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error; e = e.cause) parts.push(e.message);
  return parts.join(' / ');
}

/** The PostgreSQL server named by DATABASE_URL, without its credentials. */
function postgresTarget(url: string | undefined): string {
  if (!url) return 'PostgreSQL';
  try {
    const u = new URL(url);
    return `PostgreSQL at ${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** The file that stands where `target` or one of its parent folders should be; `target` if none is found. */
function fileInTheWay(target: string): string {
  for (let p = target; p !== path.dirname(p); p = path.dirname(p)) {
    try {
      if (!fs.statSync(p).isDirectory()) return p;
    } catch {
      /* missing, or below the file: look further up */
    }
  }
  return target;
}

const DATA_DIR_FIX = (ctx: StartupContext) =>
  `set DATA_DIR to a folder the user running Table Service can write (now ${ctx.dataDir})`;

/** The one line for a failure an operator can fix, or null for anything else. */
export function describeStartupFailure(err: unknown, ctx: StartupContext): string | null {
  if (err instanceof EnvError || err instanceof DatabaseInUseError) return err.message;
  const code = errnoCode(err);
  const syscall = (err as { syscall?: unknown } | null)?.syscall;
  const file = (err as { path?: unknown } | null)?.path;
  const where = typeof file === 'string' ? file : ctx.dataDir;
  const listening = syscall === 'listen' || syscall === 'bind';
  const onPostgres = ctx.databaseUrl !== undefined;

  if (code === 'EADDRINUSE')
    return `Port ${ctx.port} on ${ctx.host} is already in use (EADDRINUSE): stop the program using it, or set PORT to a free port.`;
  if (code === 'EADDRNOTAVAIL')
    return `HOST ${ctx.host} is not an address of this machine (EADDRNOTAVAIL): set HOST to one of its addresses, or to 0.0.0.0 for all of them.`;
  if (listening && (code === 'EACCES' || code === 'EPERM'))
    return `Not allowed to listen on port ${ctx.port} (${code}): ports below 1024 need privileges; set PORT to 1024 or above (a proxy can serve port 80/443).`;

  if (
    sqlState(err) === '53100' ||
    code === 'ENOSPC' ||
    /No space left on device/i.test(messages(err))
  )
    return `No space left on device while writing ${onPostgres ? postgresTarget(ctx.databaseUrl) : where} (ENOSPC): free disk space${onPostgres ? ' on the database server' : `, or ${DATA_DIR_FIX(ctx)}`}.`;

  if (!onPostgres || typeof file === 'string') {
    if (code === 'EACCES' || code === 'EPERM')
      return `Cannot write to ${where} (${code}: permission denied): make it writable by the user running Table Service (uid ${process.getuid?.() ?? '?'}), or ${DATA_DIR_FIX(ctx)}.`;
    if (code === 'ENOTDIR' || code === 'EEXIST')
      return `${fileInTheWay(where)} is in the way: a file stands where a folder is needed (${code}); move it, or ${DATA_DIR_FIX(ctx)}.`;
    if (code === 'EROFS')
      return `Cannot write to ${where}: the file system is read-only (EROFS); ${DATA_DIR_FIX(ctx)}.`;
  }

  if (onPostgres) {
    const target = postgresTarget(ctx.databaseUrl);
    if (code === 'ECONNREFUSED' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH')
      return `Cannot reach ${target} (${code}): start PostgreSQL, or correct DATABASE_URL.`;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return `Cannot resolve the host of ${target} (${code}): correct DATABASE_URL.`;
    const state = sqlState(err);
    if (state === '28P01' || state === '28000')
      return `${target} refused the user or password in DATABASE_URL (${state}): correct them.`;
    if (state === '3D000')
      return `${target} has no such database (3D000): create it (createdb) or correct DATABASE_URL.`;
  }
  return null;
}

/**
 * The embedded database's folders exist and take a write, checked before PGlite opens them: PGlite reports a
 * folder it cannot write as "PGlite failed to initialize" or a bare errno, without the path or the cause.
 */
export function checkDataDir(dataDir: string): void {
  const dbDir = path.join(dataDir, 'db');
  fs.mkdirSync(dbDir, { recursive: true });
  for (const dir of [dataDir, dbDir]) {
    const probe = path.join(dir, `.write-check-${process.pid}`);
    const fd = fs.openSync(probe, 'w');
    try {
      fs.writeSync(fd, 'ok');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
      fs.rmSync(probe, { force: true });
    }
  }
}

/** Fails with EADDRINUSE (or EACCES…) before anything is opened or seeded, when the port cannot be had. */
export async function checkPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The line for an unforeseen failure: still one line; the stack trace only at LOG_LEVEL=debug or trace. */
export function unexpectedFailureLine(err: unknown): string {
  return `Table Service could not start: ${messages(err) || String(err)} (LOG_LEVEL=debug prints the stack trace).`;
}
