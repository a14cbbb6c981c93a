/** A failed query is logged without its parameters (SECURITY.md: logs never hold a secret). */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { registerErrorHandler } from './errors';
import { loggableError, loggerOptions } from './log-safe';
import Fastify from 'fastify';

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$not-a-real-hash-but-a-secret';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function failingQuery(): Promise<unknown> {
  try {
    // An unknown relation (SQLSTATE 42P01, a 500 — class 22 data errors are 400s): the driver quotes the value.
    await t.database.db.execute(sql`select ${SECRET}::regclass as n`);
  } catch (err) {
    return err;
  }
  throw new Error('the query did not fail');
}

/** A log destination that keeps every line written to it. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

describe('loggableError', () => {
  it('keeps the query text and the SQLSTATE, and drops every parameter', async () => {
    const err = await failingQuery();
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err))).toContain('not-a-real-hash');
    const safe = loggableError(err) as Record<string, unknown>;
    expect(safe).toMatchObject({ sqlState: '42P01', message: 'database query failed' });
    expect(String(safe.query)).toMatch(/select \$1::regclass/);
    expect(JSON.stringify(safe)).not.toContain('not-a-real-hash');
  });

  it('keeps a full disk\'s "No space left on device" (SQLSTATE class 53 quotes a file, not a value)', () => {
    const driver = Object.assign(
      new Error('could not extend file "base/5/16384": No space left on device'),
      { code: '53100', severity: 'ERROR' },
    );
    const query = Object.assign(new Error(`Failed query: insert … params: ${SECRET}`), {
      name: 'DrizzleQueryError',
      query: 'insert into requests values ($1)',
      params: [SECRET],
      cause: driver,
    });
    const logged = loggableError(query) as { message: string; sqlState: string };
    expect(logged.message).toBe(
      'database query failed: could not extend file "base/5/16384": No space left on device',
    );
    expect(logged.sqlState).toBe('53100');
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });

  it('leaves other errors as they are', () => {
    const err = new Error('plain');
    expect(loggableError(err)).toBe(err);
  });

  it('is what the 5xx handler logs', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { level: 'error', stream } });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw await failingQuery();
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('42P01');
    expect(log).not.toContain('not-a-real-hash');
  });

  it('strips every logged `err`, from background jobs too, with the server’s logger settings', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    const err = await failingQuery();
    // As the escalation sweep, the push sender and the live bus log: a child logger, a bare `{ err }`.
    app.log.child({ job: 'sweep' }).error({ err }, 'escalation sweep failed');
    app.log.warn({ err: new Error('plain failure') }, 'live bus connection lost');
    await app.close();
    const log = lines.join('');
    expect(log).toContain('escalation sweep failed');
    expect(log).toContain('42P01');
    expect(log).not.toContain('not-a-real-hash');
    // Other errors keep pino's usual shape (type, message, stack).
    expect(log).toMatch(/"type":"Error","message":"plain failure","stack":"Error: plain failure/);
  });
});
