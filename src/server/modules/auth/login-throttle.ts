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

export const ACCOUNT_LOCK_AFTER = 10;
export const CLIENT_LOCK_AFTER = 50;
export const LOCK_MS = 15 * 60_000;
const BACKOFF_CAP_MS = 60_000;
/** Failures older than this no longer count: a day for an account, an hour for a (possibly shared) address. */
const ACCOUNT_DECAY_MS = 24 * 3_600_000;
const CLIENT_DECAY_MS = 3_600_000;

export const lockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
export const slowDownMessage = (seconds: number) =>
  `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

export function backoffMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(BACKOFF_CAP_MS, 1000 * 2 ** (failures - 1));
}

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private async get(scope: 'account' | 'client', key: string) {
    const [row] = await this.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.key, key)));
    return row;
  }

  /** Refuses (429) while the account or the client is locked or inside its back-off window. */
  async assertAllowed(accountKey: string, clientKey: string): Promise<void> {
    const now = this.now();
    for (const [scope, key] of [
      ['account', accountKey],
      ['client', clientKey],
    ] as const) {
      const row = await this.get(scope, key);
      if (!row) continue;
      if (row.lockedUntil && row.lockedUntil > now) {
        const seconds = Math.ceil((row.lockedUntil - now) / 1000);
        throw new AppError(429, 'locked', lockedMessage(Math.ceil(seconds / 60)), {
          retryAfterSeconds: seconds,
        });
      }
      if (scope === 'account') {
        const waitUntil = row.updatedAt + backoffMs(row.failures);
        if (row.failures > 0 && waitUntil > now && !row.lockedUntil) {
          const seconds = Math.ceil((waitUntil - now) / 1000);
          throw new AppError(429, 'throttled', slowDownMessage(seconds), {
            retryAfterSeconds: seconds,
          });
        }
      }
    }
  }

  async recordFailure(accountKey: string | null, clientKey: string): Promise<void> {
    const now = this.now();
    const bump = async (
      scope: 'account' | 'client',
      key: string,
      lockAfter: number,
      decayMs: number,
    ) => {
      // A counter restarts after its lock has expired, or after a quiet period with no failures.
      const restart = sql`(${loginAttempts.lockedUntil} is not null and ${loginAttempts.lockedUntil} <= ${now}) or ${loginAttempts.updatedAt} < ${now - decayMs}`;
      // One statement: concurrent failures on several instances all count.
      await this.db
        .insert(loginAttempts)
        .values({ scope, key, failures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: [loginAttempts.scope, loginAttempts.key],
          set: {
            failures: sql`case when ${restart} then 1 else ${loginAttempts.failures} + 1 end`,
            lockedUntil: sql`case when ${restart} then null when ${loginAttempts.failures} + 1 >= ${lockAfter} then ${now + LOCK_MS}::bigint else ${loginAttempts.lockedUntil} end`,
            updatedAt: now,
          },
        });
    };
    if (accountKey) await bump('account', accountKey, ACCOUNT_LOCK_AFTER, ACCOUNT_DECAY_MS);
    await bump('client', clientKey, CLIENT_LOCK_AFTER, CLIENT_DECAY_MS);
  }

  async recordSuccess(accountKey: string): Promise<void> {
    await this.db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.scope, 'account'), eq(loginAttempts.key, accountKey)));
  }
}
