import { and, count, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailVerificationTokens, users } from '../../db/schema';

/** Locks the user row: concurrent resends (on any instance) for one account are counted one after another. */
export async function lockUser(db: Executor, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Verification mails sent to an account since a moment (every mail creates one token row). */
export async function countTokensSince(db: Executor, userId: string, since: number) {
  const [row] = await db
    .select({ n: count() })
    .from(emailVerificationTokens)
    .where(
      and(eq(emailVerificationTokens.userId, userId), gt(emailVerificationTokens.createdAt, since)),
    );
  return row?.n ?? 0;
}

export async function deleteExpiredTokens(db: Executor, userId: string, now: number) {
  await db
    .delete(emailVerificationTokens)
    .where(
      and(eq(emailVerificationTokens.userId, userId), lte(emailVerificationTokens.expiresAt, now)),
    );
}

export async function insertToken(db: Executor, row: typeof emailVerificationTokens.$inferInsert) {
  await db.insert(emailVerificationTokens).values(row);
}

/** Marks a live token used in one statement, so two concurrent clicks cannot both succeed. */
export async function consumeToken(
  db: Executor,
  id: string,
  now: number,
): Promise<string | undefined> {
  const [row] = await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.id, id),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailVerificationTokens.userId });
  return row?.userId;
}

/** After a successful verification the account's other links are spent too. */
export async function consumeAllTokensOfUser(db: Executor, userId: string, now: number) {
  await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
}

export async function markEmailVerified(db: Executor, userId: string, now: number) {
  await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now}::bigint)`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
