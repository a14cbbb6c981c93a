/** SQL for API tokens (decision 075). */
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiTokens, restaurants, users } from '../../db/schema';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export async function insertApiToken(db: Executor, row: ApiTokenRow): Promise<void> {
  await db.insert(apiTokens).values(row);
}

export function listApiTokensOf(db: Executor, restaurantId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.restaurantId, restaurantId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function countApiTokensOf(db: Executor, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(eq(apiTokens.restaurantId, restaurantId));
  return Number(row?.n ?? 0);
}

export async function findApiToken(db: Executor, id: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
  return row;
}

export async function deleteApiToken(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(apiTokens)
    .where(eq(apiTokens.id, id))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/**
 * The token by its hash, with its owner, if the owner still owns its restaurant (a restaurant's tokens go with it;
 * the join keeps an owner change from handing the new owner's restaurant to an old token).
 */
export async function findTokenWithOwner(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ token: apiTokens, owner: { id: users.id, name: users.name, role: users.role } })
    .from(apiTokens)
    .innerJoin(restaurants, eq(restaurants.id, apiTokens.restaurantId))
    .innerJoin(users, and(eq(users.id, apiTokens.createdBy), eq(users.id, restaurants.ownerId)))
    .where(eq(apiTokens.tokenHash, tokenHash));
  return row;
}

/** Last used, at most once per `everyMs`: a token used again within that time costs no write. */
export async function touchApiToken(
  db: Executor,
  id: string,
  now: number,
  everyMs: number,
): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, now - everyMs)),
      ),
    );
}
