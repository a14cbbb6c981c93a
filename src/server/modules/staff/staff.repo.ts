import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { restaurants, users } from '../../db/schema';

/**
 * The server accounts of one restaurant, oldest first, each with how many tables it has and when it last signed
 * in (its newest session; null once every session has expired and been swept) — issue 13's staff table.
 */
export async function listServersOfRestaurant(db: Executor, restaurantId: string) {
  return db
    .select({
      user: users,
      // Qualified by hand: drizzle renders a column of the outer table unqualified, which the subquery would read
      // as its own table's column of the same name.
      tablesAssigned: sql<number>`(select count(*) from "tables" t where t."server_id" = "users"."id")::int`,
      lastSignInAt: sql<
        number | null
      >`(select max(s."created_at") from "sessions" s where s."user_id" = "users"."id")::float8`,
    })
    .from(users)
    .where(and(eq(users.role, 'server'), eq(users.restaurantId, restaurantId)))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * Whether an address is already the email (or claimed email, decision 058) of the admin or of a staff member of a
 * restaurant the admin owns: the accounts the admin can already see, so saying so reveals nothing.
 */
export async function emailKnownToAdmin(
  db: Executor,
  email: string,
  adminId: string,
): Promise<boolean> {
  const owned = db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.ownerId, adminId));
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        or(eq(users.email, email), eq(users.claimedEmail, email)),
        or(eq(users.id, adminId), inArray(users.restaurantId, owned)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
