/**
 * Requests with made-up session cookies (issue 14, decision 026): every request that carries a session cookie
 * costs a session lookup in the database, so a flood of random cookies is database work on demand. Each address
 * may present at most {@link UNKNOWN_SESSION_LIMIT} cookies a minute that do not resolve; past that, a cookie this
 * instance has not seen resolve lately is refused with 429 before any lookup. Cookies that resolved here recently
 * are still looked up (the database stays the only authority: a revoked session fails at once), so staff sharing
 * the address keep working while someone there guesses cookies.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@shared/messages';
import { AppError } from './errors';

/** Cookies per address and minute that turned out to be no session (expired, signed out, or made up). */
export const UNKNOWN_SESSION_LIMIT = { max: 60, timeWindow: '1 minute' };
/** How many recently resolved sessions this instance remembers (session ids only: SHA-256 of the cookie). */
const KNOWN_SESSIONS = 10_000;

export interface SessionProbeGuard {
  /** Throws 429 when the address has used up its unknown cookies and this one is not known to resolve. */
  admit(request: FastifyRequest, sessionId: string): Promise<void>;
  /** Records the outcome of a lookup. */
  record(request: FastifyRequest, sessionId: string, resolved: boolean): Promise<void>;
}

export function sessionProbeGuard(app: FastifyInstance): SessionProbeGuard {
  const misses = app.createRateLimit(UNKNOWN_SESSION_LIMIT);
  // Insertion order is recency: a hit moves the id to the end, the oldest is dropped when full.
  const known = new Set<string>();
  return {
    async admit(request, sessionId) {
      if (known.has(sessionId)) return;
      const budget = await misses(request, { increment: false });
      if (budget.isAllowed || budget.remaining > 0) return;
      throw new AppError(429, 'rate_limited', MSG.tooManyRequests, {
        retryAfterSeconds: Math.max(1, budget.ttlInSeconds),
      });
    },
    async record(request, sessionId, resolved) {
      known.delete(sessionId);
      if (resolved) {
        known.add(sessionId);
        if (known.size > KNOWN_SESSIONS) known.delete(known.values().next().value!);
      } else {
        await misses(request);
      }
    },
  };
}
