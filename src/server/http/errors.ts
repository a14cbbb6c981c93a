/** The one error shape: { error: { code, message } } with an HTTP status that means what it says (DESIGN.md). */
import { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@shared/api/error-codes';
import { MESSAGE_TEXTS, type MessageId } from '@shared/api/message-ids';
import { MSG } from '@shared/messages';
import { loggableError } from './log-safe';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      retryAfterSeconds?: number;
      suggestions?: string[];
      /** The values inside `message` (a name, a number), so a client can say the same in its reader's language. */
      values?: Record<string, string | number>;
    } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode = 'bad_request') =>
  new AppError(400, code, message);
export const unauthorized = (message: string = MSG.notSignedIn, code: ErrorCode = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message: string = MSG.forbidden, code: ErrorCode = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message: string = MSG.notFound, code: ErrorCode = 'not_found') =>
  new AppError(404, code, message);
export const conflict = (
  message: string,
  code: ErrorCode = 'conflict',
  extra: AppError['extra'] = {},
) => new AppError(409, code, message, extra);

/** The SQLSTATE of a PostgreSQL error, whichever driver raised it (Drizzle wraps it as `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** PostgreSQL unique_violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  return pgErrorCode(err) === '23505';
}

/**
 * Class 22 (data exception: NUL in text 22021/22P05, bad number or uuid text 22P02, value too long 22001, numeric
 * out of range 22003 …) means the client sent a value the database cannot hold: the request was bad, not the
 * server. Validation refuses these first; this is the safety net.
 */
function isDataException(err: unknown): boolean {
  return pgErrorCode(err)?.startsWith('22') ?? false;
}

/** How long a client is asked to wait (Retry-After) when the database is unreachable (decision 027). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Node's socket errors when the database's host cannot be reached or drops the connection. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What node-postgres, pg-pool and PGlite say when there is no connection to run on (they raise plain Errors for
 * these, without a code): the server went away mid-query, the pool timed out waiting to connect, or the database
 * was closed under the request (shutdown).
 */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client (was closed|has encountered a connection error) and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is clos(ed|ing)/,
];

/**
 * The database is unreachable (decision 027) rather than refusing this request: SQLSTATE class 08 (connection
 * exception), 57P01–57P03 (administrator/crash shutdown, cannot connect now), 53300 (too many connections), a
 * socket error, or a closed client. The request may succeed in a moment, so it is a 503 with Retry-After, not a 500.
 * Returns the driver's own words for it (a code and a fixed message, never a query's values), or null.
 */
export function databaseUnavailableCause(err: unknown): string | null {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (CONNECTION_ERRNOS.has(code) || /^(08...|57P0[123]|53300)$/.test(code)) {
      return `${code} ${message}`.slice(0, 200);
    }
    if (CONNECTION_MESSAGES.some((m) => m.test(message))) return message.slice(0, 200);
    e = e.cause as typeof e;
  }
  return null;
}

export const isDatabaseUnavailable = (err: unknown): boolean =>
  databaseUnavailableCause(err) !== null;

/** Node's errors when the disk under the embedded database is full, over quota, read-only or failing. */
const STORAGE_ERRNOS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);
const STORAGE_MESSAGES = [
  /no space left on device/i,
  /disk quota exceeded/i,
  /read-only file system/i,
];

/**
 * The database cannot store (issue 25: on a full disk every press answered 500 and readiness still said ok):
 * SQLSTATE 53100 (disk full), 53200 (out of memory), 58030 (I/O error) from PostgreSQL, or the file system's
 * ENOSPC / EDQUOT / EROFS / EIO under the embedded database. Nothing was stored; the service may recover when the
 * operator frees space, so it is a 503 with Retry-After and readiness fails for a while (StorageHealth). Returns the
 * driver's own words (a code and a fixed message), or null.
 */
function storageFailureCause(err: unknown): string | null {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (STORAGE_ERRNOS.has(code) || /^(53100|53200|58030)$/.test(code)) {
      return `${code} ${message}`.slice(0, 200);
    }
    if (STORAGE_MESSAGES.some((m) => m.test(message))) return message.slice(0, 200);
    e = e.cause as typeof e;
  }
  return null;
}

/** How long readiness fails after the database last could not store (then traffic may come back and try). */
export const STORAGE_FAILURE_HOLD_MS = 30_000;

/**
 * When this instance's database last failed to store (one per app): readiness reports `storage` failing until
 * STORAGE_FAILURE_HOLD_MS have passed without another such failure, so a load balancer sends guests to an instance
 * that can take their presses.
 */
export class StorageHealth {
  private lastFailureAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly clock: () => number = Date.now) {}

  failed(): void {
    this.lastFailureAt = this.clock();
  }

  get failing(): boolean {
    return this.clock() - this.lastFailureAt < STORAGE_FAILURE_HOLD_MS;
  }
}

/**
 * Issue 14 (a flood of refused requests stalls everyone): a client over a per-address budget is answered only after
 * this pause. The refusal itself costs next to nothing (decision 026 refuses before any database work), but a flood
 * of keep-alive connections asks again the instant each answer arrives, so answering at once lets one address keep
 * the event loop busy with thousands of refusals a second. Held, each connection asks at most once per pause.
 * Only over-budget refusals (`rate_limited`) wait: a guest's cool-down answer (`cooldown`) and everything else do
 * not. Held answers are bounded; past the bound they are sent at once.
 */
export const RATE_LIMITED_HOLD_MS = 1_000;
const MAX_HELD_ANSWERS = 10_000;
let heldAnswers = 0;

async function holdOverBudget(request: FastifyRequest): Promise<void> {
  // An injected request (tests) has no connection to slow down.
  if (!(request.raw.socket instanceof Socket) || heldAnswers >= MAX_HELD_ANSWERS) return;
  heldAnswers += 1;
  try {
    await new Promise((resolve) => setTimeout(resolve, RATE_LIMITED_HOLD_MS));
  } finally {
    heldAnswers -= 1;
  }
}

async function sendRateLimited(
  request: FastifyRequest,
  reply: FastifyReply,
  body: object,
  retryAfterSeconds?: number,
): Promise<FastifyReply> {
  await holdOverBudget(request);
  if (retryAfterSeconds !== undefined) void reply.header('retry-after', String(retryAfterSeconds));
  return reply.status(429).send(body);
}

/**
 * A route schema's refusal (fastify-type-provider-zod) carries zod's issues in `validation`, in zod's order: the
 * first issue's own message, when the schema words one (e.g. SPEC's 'Please enter a table number'), reaches the
 * user verbatim; zod's generic texts do not. Every route declares its input this way (decision 041).
 */
function schemaMessage(err: FastifyError): string | null {
  const message = err.validation?.[0]?.message;
  if (!message || /^(Invalid|Too |Unrecognized|Expected)/.test(message)) return null;
  return message;
}

const MESSAGE_ID_OF_TEXT: ReadonlyMap<string, MessageId> = new Map(
  Object.entries(MESSAGE_TEXTS).map(([id, text]) => [text, id as MessageId]),
);

/** The id of a fixed text the server sends (decision 098); undefined for a text with a value in it. */
const messageIdOf = (text: string): MessageId | undefined => MESSAGE_ID_OF_TEXT.get(text);

type ErrorPayload = { error: { message?: unknown; messageId?: string } };

const isErrorPayload = (payload: unknown): payload is ErrorPayload =>
  typeof payload === 'object' &&
  payload !== null &&
  'error' in payload &&
  typeof payload.error === 'object' &&
  payload.error !== null;

/**
 * Every error answer names its text by id (decision 098), wherever it was sent from (this handler, a route, a
 * plugin): a client words it by that id, never by the English words.
 */
export function withMessageId<T>(payload: T): T {
  if (!isErrorPayload(payload) || typeof payload.error.message !== 'string') return payload;
  if (payload.error.messageId !== undefined) return payload;
  const messageId = messageIdOf(payload.error.message);
  return messageId === undefined ? payload : { ...payload, error: { ...payload.error, messageId } };
}

export function registerErrorHandler(
  app: FastifyInstance,
  storage: StorageHealth = new StorageHealth(),
): void {
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    done(null, reply.statusCode >= 400 ? withMessageId(payload) : payload);
  });
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError && err.code === 'rate_limited') {
      return sendRateLimited(
        request,
        reply,
        { error: { code: err.code, message: err.message, ...err.extra } },
        err.extra.retryAfterSeconds,
      );
    }
    if (err instanceof AppError) {
      if (err.extra.retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(err.extra.retryAfterSeconds));
      }
      return reply
        .status(err.status)
        .send({ error: { code: err.code, message: err.message, ...err.extra } });
    }
    if (isDataException(err)) {
      request.log.warn({ err }, 'database refused a request value');
      return reply.status(400).send({ error: { code: 'bad_request', message: MSG.badRequest } });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    const storageFailure = status >= 500 ? storageFailureCause(err) : null;
    if (storageFailure !== null) storage.failed();
    const unavailable = status >= 500 ? (storageFailure ?? databaseUnavailableCause(err)) : null;
    if (unavailable !== null) {
      // One line with the driver's reason, no stack trace: an outage is an operator's matter, not a bug.
      request.log.warn({ cause: unavailable }, 'database unavailable; answered 503');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({
          error: {
            code: 'unavailable',
            message: MSG.serviceUnavailable,
            retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
          },
        });
    }
    if (status >= 500) {
      // Internals are logged with the request id, never sent to the client.
      // A database error is logged without its query parameters (log-safe.ts).
      request.log.error({ err: loggableError(err) }, 'request failed');
      return reply.status(500).send({ error: { code: 'internal', message: MSG.internalError } });
    }
    if (status === 429) {
      return sendRateLimited(request, reply, {
        error: { code: 'rate_limited', message: MSG.tooManyRequests },
      });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, a route schema's refusal …).
    const code = err.code ? err.code.replace(/^FST_ERR_/, '').toLowerCase() : 'bad_request';
    const message =
      status === 413
        ? MSG.bodyTooLarge
        : status === 415
          ? MSG.unsupportedContentType
          : (schemaMessage(err) ?? MSG.badRequest);
    return reply.status(status).send({ error: { code, message } });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ error: { code: 'not_found', message: MSG.notFound } });
  });
}
