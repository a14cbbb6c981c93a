import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { restaurants, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function findUserByLoginId(
  db: Executor,
  loginId: string,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.loginId, loginId));
  return row;
}

/** Inserts unless the email or login ID is taken (then returns undefined): safe against concurrent inserts. */
export async function insertUser(db: Executor, row: NewUserRow): Promise<UserRow | undefined> {
  const [inserted] = await db.insert(users).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function ownedRestaurantIds(db: Executor, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.ownerId, ownerId))
    .orderBy(asc(restaurants.createdAt), asc(restaurants.id));
  return rows.map((r) => r.id);
}

export async function existingLoginIds(db: Executor, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .select({ loginId: users.loginId })
    .from(users)
    .where(inArray(users.loginId, candidates));
  return new Set(rows.map((r) => r.loginId ?? ''));
}

export async function serverIdsOfRestaurants(
  db: Executor,
  restaurantIds: string[],
): Promise<string[]> {
  if (restaurantIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'server'), inArray(users.restaurantId, restaurantIds)));
  return rows.map((r) => r.id);
}

export async function deleteUserRow(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
