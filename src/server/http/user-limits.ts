/**
 * What one signed-in user may ask of the server (issue 25, decision 073): a budget of requests per minute, writes
 * and reads counted apart, and at most one heavy read (analytics, the dashboard, history) running at a time.
 *
 * Per-address limits (decision 026) do not hold off a signed-in user: an owner loading analytics on 20 connections,
 * or a server changing their language as fast as the server answers, is one valid session. The budget is counted
 * per user (all their sessions and devices together) on this instance, after the session is known and before the
 * body is read; over it, 429 `rate_limited` with Retry-After, held 1 s like every over-budget refusal (decision 038).
 * An API token has a budget of its own (decision 075) and is not counted here.
 * A heavy read waits while the same user's previous one runs (a second tab loads after the first), up to
 * {@link HEAVY_READ_WAITING} waiting; one more is refused with 429 and Retry-After. The instance also runs at most
 * {@link HEAVY_READS_AT_ONCE} heavy reads at once, whoever asks, so reports never take every database connection
 * (PostgreSQL's pool) from presses. On the embedded database's worker their calls run at `report` priority
 * (decision 072, db/priority.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@shared/messages';
import { withDbPriority } from '../db/priority';
import { AppError } from './errors';

/** Requests per minute and user (defaults; tests and the benchmark may pass others). */
export interface UserBudgets {
  writes: number;
  reads: number;
}
const USER_BUDGETS: UserBudgets = { writes: 300, reads: 1_200 };

/** Heavy reads of one user waiting behind their running one; one more is refused. */
const HEAVY_READ_WAITING = 2;
/** Heavy reads this instance runs at once, across users. */
const HEAVY_READS_AT_ONCE = 3;
/** What a refused heavy read is told to wait before asking again. */
const HEAVY_READ_RETRY_SECONDS = 2;

const tooMany = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', MSG.tooManyRequests, { retryAfterSeconds });

/** One at a time per user, a few at a time overall; first come, first served. */
export class HeavyReadGate {
  private readonly users = new Map<string, (() => void)[]>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly atOnce = HEAVY_READS_AT_ONCE) {}

  /**
   * Runs `work` once it is this user's turn and a slot of the instance is free; on the embedded database's worker its
   * calls go after everything else (decision 072).
   */
  async run<T>(userId: string, work: () => Promise<T>): Promise<T> {
    await this.enter(userId);
    try {
      await this.take();
      try {
        return await withDbPriority('report', work);
      } finally {
        this.give();
      }
    } finally {
      this.leave(userId);
    }
  }

  /** Heavy reads of this user running or waiting (tests). */
  of(userId: string): number {
    const queue = this.users.get(userId);
    return queue ? queue.length + 1 : 0;
  }

  /** Holds this user's turn until the returned function is called (tests: a read that is still running). */
  async hold(userId: string): Promise<() => void> {
    await this.enter(userId);
    return () => this.leave(userId);
  }

  private enter(userId: string): Promise<void> {
    const queue = this.users.get(userId);
    if (!queue) {
      this.users.set(userId, []);
      return Promise.resolve();
    }
    if (queue.length >= HEAVY_READ_WAITING)
      return Promise.reject(tooMany(HEAVY_READ_RETRY_SECONDS));
    return new Promise((resolve) => queue.push(resolve));
  }

  private leave(userId: string): void {
    const queue = this.users.get(userId);
    const next = queue?.shift();
    if (next) next();
    else this.users.delete(userId);
  }

  private take(): Promise<void> {
    if (this.running < this.atOnce) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

const isWrite = (request: FastifyRequest) => !['GET', 'HEAD', 'OPTIONS'].includes(request.method);

/**
 * Every route for signed-in users (a `roles` access rule) counts against its user's budget. Installed after the
 * access control (http/access.ts), whose preParsing hook has resolved the session by then, so an over-budget write
 * is refused before its body is read.
 */
export function installUserBudgets(
  app: FastifyInstance,
  budgets: UserBudgets = USER_BUDGETS,
): void {
  const byUser = (request: FastifyRequest) => `user:${request.user!.id}`;
  const writes = app.createRateLimit({
    max: budgets.writes,
    timeWindow: 60_000,
    keyGenerator: byUser,
  });
  const reads = app.createRateLimit({
    max: budgets.reads,
    timeWindow: 60_000,
    keyGenerator: byUser,
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const access = request.routeOptions.config.access;
    const user = request.user;
    if (!access || !('roles' in access) || !user || user.token) return payload;
    const budget = await (isWrite(request) ? writes : reads)(request);
    if (!budget.isAllowed && budget.isExceeded) throw tooMany(Math.max(1, budget.ttlInSeconds));
    return payload;
  });
}
