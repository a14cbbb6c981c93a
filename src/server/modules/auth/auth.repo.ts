import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteBatch } from '../../db/delete-batch';
import { preparedPerDatabase } from '../../db/prepared';
import { sessions, users } from '../../db/schema';

export async function insertSession(
  db: Executor,
  row: typeof sessions.$inferInsert,
): Promise<void> {
  await db.insert(sessions).values(row);
}

/**
 * Every signed-in request resolves its session: prepared (db/prepared.ts). A deactivated user's session resolves to
 * nothing (decision 068), so they are refused everywhere even if a session outlived the deactivation.
 */
const liveSessionStatement = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.deactivatedAt),
      ),
    )
    .prepare('live_session'),
);

export async function findLiveSessionWithUser(db: Executor, id: string, now: number) {
  const [row] = await liveSessionStatement(db).execute({ id, now });
  return row;
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * A credential change (decision 068): every session of the user but `keep` (the one making the change, if it is
 * theirs) ends. Returns the ended sessions' ids, whose live sockets the caller closes once this has committed.
 */
export async function deleteOtherSessionsOfUser(
  db: Executor,
  userId: string,
  keep: string | null,
): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(
      keep === null
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keep)),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/**
 * Deletes up to `limit` sessions expired at `now` (decision 062): a range on sessions_expires_idx; rows another
 * instance is deleting at the same moment are skipped, not waited for. Returns how many it deleted.
 */
export function deleteExpiredSessions(db: Executor, now: number, limit: number): Promise<number> {
  return deleteBatch(db, sessions, sessions.id, lte(sessions.expiresAt, now), limit);
}
