/**
 * Single-use tokens sent by mail (email verification, decision 004's link; password reset, decision 069): one table
 * each with the same columns. The mail carries a random token and only its SHA-256 is stored; the rows of the last
 * hour also count the mails sent to an account, so a per-account limit holds across instances.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailVerificationTokens, passwordResetTokens, users } from '../../db/schema';

type TokenTable = typeof emailVerificationTokens | typeof passwordResetTokens;

/** Per account: at most one mail a minute and five an hour (a flood gets no mail storm). */
const MAIL_MIN_INTERVAL_MS = 60_000;
export const MAIL_MAX_PER_HOUR = 5;

/** What is stored of a token: its SHA-256, so a database leak opens no link. */
export const tokenIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Locks the user row: concurrent mails (on any instance) for one account are counted one after another. */
export async function lockUser(db: Executor, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export function mailTokens(table: TokenTable) {
  const tokens = {
    /** Mails sent to an account since a moment (every mail creates one token row). */
    async countSince(db: Executor, userId: string, since: number) {
      const [row] = await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.userId, userId), gt(table.createdAt, since)));
      return row?.n ?? 0;
    },

    async deleteExpired(db: Executor, userId: string, now: number) {
      await db.delete(table).where(and(eq(table.userId, userId), lte(table.expiresAt, now)));
    },

    async insert(db: Executor, row: typeof emailVerificationTokens.$inferInsert) {
      await db.insert(table).values(row);
    },

    /** Marks a live token used in one statement, so two concurrent clicks cannot both succeed. */
    async consume(db: Executor, id: string, now: number): Promise<string | undefined> {
      const [row] = await db
        .update(table)
        .set({ usedAt: now })
        .where(and(eq(table.id, id), isNull(table.usedAt), gt(table.expiresAt, now)))
        .returning({ userId: table.userId });
      return row?.userId;
    },

    /** After a token is used the account's other links are spent too. */
    async consumeAllOfUser(db: Executor, userId: string, now: number) {
      await db
        .update(table)
        .set({ usedAt: now })
        .where(and(eq(table.userId, userId), isNull(table.usedAt)));
    },
  };
  return {
    ...tokens,
    /**
     * In a transaction holding the user's row lock (lockUser): a fresh token valid for `ttlMs`, or null when the
     * account has had a mail within the last minute or five within the hour.
     */
    async issue(tx: Executor, userId: string, now: number, ttlMs: number): Promise<string | null> {
      const lastMinute = await tokens.countSince(tx, userId, now - MAIL_MIN_INTERVAL_MS);
      const lastHour = await tokens.countSince(tx, userId, now - 3_600_000);
      if (lastMinute > 0 || lastHour >= MAIL_MAX_PER_HOUR) return null;
      await tokens.deleteExpired(tx, userId, now);
      const token = randomBytes(32).toString('base64url');
      await tokens.insert(tx, {
        id: tokenIdOf(token),
        userId,
        expiresAt: now + ttlMs,
        createdAt: now,
      });
      return token;
    },
  };
}
