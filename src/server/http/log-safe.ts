/**
 * Database errors, made safe to log. Drizzle's DrizzleQueryError carries the query's parameters in its message, its
 * stack and its `params` (password and PIN hashes, token hashes, push keys could be among them), and the driver's
 * error below it can quote a value in its message or `detail`. What is logged of them: the query text (with $n
 * placeholders, no values), the SQLSTATE code and the constraint/table/column names, and the stack frames.
 */

import { stdSerializers, type LoggerOptions } from 'pino';

interface DriverError {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

interface SafeDbError {
  type: string;
  message: string;
  query?: string;
  sqlState?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
}

const isSqlState = (code: unknown): code is string =>
  typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** A query error from Drizzle, or a driver error (pg, PGlite) with a SQLSTATE. */
function isDbError(err: Error): boolean {
  const e = err as Error & { query?: unknown; params?: unknown } & DriverError;
  return (
    err.name === 'DrizzleQueryError' ||
    ('query' in e && 'params' in e) ||
    (isSqlState(e.code) && ('severity' in e || 'constraint' in e))
  );
}

/** The stack's frames only: its first lines repeat the message, which may hold parameters. */
function framesOf(err: Error): string | undefined {
  return err.stack
    ?.split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');
}

/** The error to log: a safe summary for a database error, anything else unchanged (pino serializes it). */
export function loggableError(err: unknown): unknown {
  if (!(err instanceof Error) || !isDbError(err)) return err;
  const e = err as Error & { query?: unknown };
  const driver = (isSqlState((err as DriverError).code) ? err : (err.cause ?? {})) as DriverError;
  const state = isSqlState(driver.code) ? driver.code : undefined;
  // Insufficient resources (53: disk full, out of memory) and system errors (58: I/O) quote a file, never a value,
  // and are what an operator must read: "No space left on device" stays in the log.
  const reason =
    state && /^5[38]/.test(state) && driver instanceof Error ? `: ${driver.message}` : '';
  return {
    type: err.name === 'Error' ? 'DatabaseError' : err.name,
    message: `database query failed${reason}`,
    query: str(e.query),
    sqlState: state,
    constraint: str(driver.constraint),
    table: str(driver.table),
    column: str(driver.column),
    stack: framesOf(err),
  } satisfies SafeDbError;
}

/**
 * The server's logger settings (main.ts). Every `{ err }` logged anywhere — a request's 5xx, the escalation sweep,
 * the mail and push senders, the live bus — goes through loggableError, so a database error's parameters cannot
 * reach the log from a call site that forgot to strip them.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Secrets never reach a log (SECURITY.md).
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.pin',
        '*.password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: (err: unknown) => stdSerializers.err(loggableError(err) as Error),
      // Query strings can carry one-time tokens (/verify-email?token=…): log the path only.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}
