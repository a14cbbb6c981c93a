/**
 * The safety net behind validation: a PostgreSQL data exception (class 22) raised by the real database, on
 * whichever backend this run uses, becomes a 400 with the one error shape, never a 500.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { MSG } from '@shared/messages';
import { createTestDatabase } from '../../../tests/support/test-db';
import { pgErrorCode, registerErrorHandler } from './errors';

let database: Database;
let app: FastifyInstance;

const queries = {
  // 22021 (PostgreSQL) or 22P05 (PGlite's text conversion): NUL in text.
  nul: () => sql`select ${'a\u0000b'}::text as v`,
  // 22P02: invalid text representation.
  int: () => sql`select ${'abc'}::int as v`,
  // 22003: numeric value out of range.
  range: () => sql`select ${'99999999999'}::int as v`,
  // 22012: division by zero.
  zero: () => sql`select 1 / ${0}::int as v`,
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  registerErrorHandler(app);
  app.get<{ Params: { q: keyof typeof queries } }>('/q/:q', async (request) => {
    await database.db.execute(queries[request.params.q]());
    return { ok: true };
  });
  app.get('/boom', () => {
    throw new Error('not a database error');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('database data exceptions', () => {
  it.each(['nul', 'int', 'range', 'zero'])('answers %s with 400, not 500', async (q) => {
    const res = await app.inject({ method: 'GET', url: `/q/${q}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'bad_request', message: MSG.badRequest, messageId: 'badRequest' },
    });
  });

  it('reads the SQLSTATE through a wrapping error', () => {
    expect(pgErrorCode(new Error('wrapped', { cause: { code: '22021' } }))).toBe('22021');
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
  });

  it('still answers any other failure with 500 and the generic message', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).toBe(MSG.internalError);
  });
});
