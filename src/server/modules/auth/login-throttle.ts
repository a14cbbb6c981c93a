/**
 * Sign-in throttling, shared by every instance through the database (OWASP Authentication Cheat Sheet; NIST
 * SP 800-63B §5.2.2 for PINs): after each failure on an account the next attempt must wait 2^(n-1) s (capped at
 * 60 s); after 10 consecutive failures the account locks for 15 minutes. A client address is limited the same way
 * at a higher threshold, so one address cannot spray many accounts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Metrics } from '../../metrics/metrics';

const ACCOUNT_LOCK_AFTER = 10;
const CLIENT_LOCK_AFTER = 50;
const LOCK_MS = 15 * 60_000;
const BACKOFF_CAP_MS = 60_000;
/**
 * How long one admitted attempt may take to be checked (argon2 takes well under a second). A concurrent attempt on
 * the same account waits for its outcome that long at most, polling every CHECK_POLL_MS; an attempt never settled
 * (its instance died) counts as a failure once this has passed.
 */
const CHECK_MS = 10_000;
const CHECK_POLL_MS = 25;
/** Failures older than this no longer count: a day for an account, an hour for a (possibly shared) address. */
const ACCOUNT_DECAY_MS = 24 * 3_600_000;
const CLIENT_DECAY_MS = 3_600_000;

const lockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
const slowDownMessage = (seconds: number) =>
  `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

function backoffMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(BACKOFF_CAP_MS, 1000 * 2 ** (failures - 1));
}

type Scope = 'account' | 'client';
interface Counter {
  scope: Scope;
  key: string;
  lockAfter: number;
  decayMs: number;
}

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly metrics: Metrics,
    private readonly now: () => number = Date.now,
  ) {}

  private counters(accountKey: string | null, clientKey: string): Counter[] {
    const client: Counter = {
      scope: 'client',
      key: clientKey,
      lockAfter: CLIENT_LOCK_AFTER,
      decayMs: CLIENT_DECAY_MS,
    };
    if (!accountKey) return [client];
    // Always the account row first, then the client row: one lock order, so no deadlock.
    return [
      {
        scope: 'account',
        key: accountKey,
        lockAfter: ACCOUNT_LOCK_AFTER,
        decayMs: ACCOUNT_DECAY_MS,
      },
      client,
    ];
  }

  /**
   * Admits one sign-in attempt or refuses it (429), and counts an admitted attempt as a failure BEFORE the secret
   * is checked: the check and the count happen under a row lock in one transaction, so concurrent attempts (on
   * any instance) see each other and only as many are checked as the policy allows. While an account's attempt is
   * being checked, a concurrent one waits for its outcome rather than being refused (issue 25: two phones of one
   * server signing in at the same moment both succeed), so guesses are still checked one at a time. An admitted
   * attempt then runs inside {@link settled}: a successful one calls {@link recordSuccess}, one that checked
   * nothing {@link refund}.
   */
  async begin(accountKey: string | null, clientKey: string): Promise<void> {
    try {
      // The wait is bounded in real time too, so a simulated clock (tests) cannot make it endless.
      const giveUpAt = Date.now() + CHECK_MS;
      for (;;) {
        const checkingUntil = await this.admit(accountKey, clientKey);
        if (checkingUntil === null) return;
        if (Date.now() >= giveUpAt) {
          const seconds = Math.max(1, Math.ceil((checkingUntil - this.now()) / 1000));
          throw new AppError(429, 'throttled', slowDownMessage(seconds), {
            retryAfterSeconds: seconds,
          });
        }
        await new Promise((resolve) => setTimeout(resolve, CHECK_POLL_MS));
      }
    } catch (err) {
      if (err instanceof AppError && (err.code === 'throttled' || err.code === 'locked'))
        this.metrics.signInThrottle(err.code);
      throw err;
    }
  }

  /** Admits the attempt (null), refuses it (throws 429), or answers until when another one is being checked. */
  private async admit(accountKey: string | null, clientKey: string): Promise<number | null> {
    const now = this.now();
    const counters = this.counters(accountKey, clientKey);
    return this.db.transaction(async (tx) => {
      const rows = [];
      for (const c of counters) {
        // One statement finds or creates the row and locks it: an insert-then-select could miss a row that a
        // concurrent success deleted in between.
        const [row] = await tx
          .insert(loginAttempts)
          .values({ scope: c.scope, key: c.key, failures: 0, updatedAt: now })
          .onConflictDoUpdate({
            target: [loginAttempts.scope, loginAttempts.key],
            set: { updatedAt: sql`${loginAttempts.updatedAt}` },
          })
          .returning();
        rows.push(row!);
      }
      // Refusals first (the transaction rolls back, so a refused attempt counts for nothing).
      for (const [i, c] of counters.entries()) {
        const row = rows[i]!;
        if (row.lockedUntil && row.lockedUntil > now) {
          const seconds = Math.ceil((row.lockedUntil - now) / 1000);
          throw new AppError(429, 'locked', lockedMessage(Math.ceil(seconds / 60)), {
            retryAfterSeconds: seconds,
          });
        }
        // Another attempt on this account is being checked: wait for its outcome (nothing is written).
        if (row.checkingUntil !== null && row.checkingUntil > now) return row.checkingUntil;
        if (c.scope === 'account' && !row.lockedUntil && row.failures > 0) {
          const waitUntil = row.updatedAt + backoffMs(row.failures);
          if (waitUntil > now) {
            const seconds = Math.ceil((waitUntil - now) / 1000);
            throw new AppError(429, 'throttled', slowDownMessage(seconds), {
              retryAfterSeconds: seconds,
            });
          }
        }
      }
      for (const [i, c] of counters.entries()) {
        const row = rows[i]!;
        // A counter restarts after its lock has expired, or after a quiet period with no failures.
        const restart =
          (row.lockedUntil !== null && row.lockedUntil <= now) || row.updatedAt < now - c.decayMs;
        const failures = restart ? 1 : row.failures + 1;
        const lockedUntil =
          failures >= c.lockAfter ? now + LOCK_MS : restart ? null : row.lockedUntil;
        const checkingUntil = c.scope === 'account' ? now + CHECK_MS : null;
        await tx
          .update(loginAttempts)
          .set({ failures, lockedUntil, checkingUntil, updatedAt: now })
          .where(and(eq(loginAttempts.scope, c.scope), eq(loginAttempts.key, c.key)));
      }
      return null;
    });
  }

  /**
   * Runs an admitted attempt's check. However it ends short of {@link recordSuccess} or {@link refund} (a wrong
   * secret, an error), its provisional failure becomes final and the attempts waiting on it go on at once.
   */
  async settled<T>(accountKey: string, check: () => Promise<T>): Promise<T> {
    try {
      return await check();
    } catch (err) {
      // If the database is away this fails too; then the attempt counts as a failure once CHECK_MS has passed.
      await this.db
        .update(loginAttempts)
        .set({ checkingUntil: null })
        .where(and(eq(loginAttempts.scope, 'account'), eq(loginAttempts.key, accountKey)))
        .catch(() => undefined);
      throw err;
    }
  }

  /** The right secret: the account's failures are forgotten, and this attempt no longer counts for the address. */
  async recordSuccess(accountKey: string, clientKey: string): Promise<void> {
    await this.db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.scope, 'account'), eq(loginAttempts.key, accountKey)));
    await this.refundClient(clientKey);
  }

  /**
   * An admitted attempt that checked no secret: it does not count for the account (no such login ID, no PIN set),
   * nor for the address when `clientKey` is given (no PIN set). An unknown login ID still counts for the address.
   */
  async refund(accountKey: string, clientKey: string | null): Promise<void> {
    await this.db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.scope, 'account'), eq(loginAttempts.key, accountKey)));
    if (clientKey) await this.refundClient(clientKey);
  }

  private async refundClient(clientKey: string): Promise<void> {
    await this.db
      .update(loginAttempts)
      .set({
        failures: sql`greatest(${loginAttempts.failures} - 1, 0)`,
        lockedUntil: sql`case when ${loginAttempts.failures} - 1 < ${CLIENT_LOCK_AFTER} then null else ${loginAttempts.lockedUntil} end`,
      })
      .where(and(eq(loginAttempts.scope, 'client'), eq(loginAttempts.key, clientKey)));
  }
}
