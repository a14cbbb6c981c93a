import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/** Verified once, at the first moment (a later link changes nothing). */
export async function markEmailVerified(db: Executor, userId: string, now: number) {
  await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now}::bigint)`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
