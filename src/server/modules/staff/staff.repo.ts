import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { restaurants, tables, users } from '../../db/schema';

/**
 * A staff member with how many tables they have and when they last signed in (their newest session; null once every
 * session has expired and been swept) — issue 13's staff table.
 */
const staffSelection = {
  user: users,
  // Qualified by hand: drizzle renders a column of the outer table unqualified, which the subquery would read as
  // its own table's column of the same name.
  tablesAssigned: sql<number>`(select count(*) from "tables" t where t."server_id" = "users"."id")::int`,
  lastSignInAt: sql<
    number | null
  >`(select max(s."created_at") from "sessions" s where s."user_id" = "users"."id")::float8`,
};

/** The server accounts of one restaurant, oldest first, with their figures. */
export async function listServersOfRestaurant(db: Executor, restaurantId: string) {
  return db
    .select(staffSelection)
    .from(users)
    .where(and(eq(users.role, 'server'), eq(users.restaurantId, restaurantId)))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** One server account with its figures. */
export async function findServerWithStats(db: Executor, userId: string) {
  const [row] = await db
    .select(staffSelection)
    .from(users)
    .where(and(eq(users.role, 'server'), eq(users.id, userId)));
  return row;
}

export async function updateStaffRow(
  db: Executor,
  userId: string,
  values: Partial<
    Pick<typeof users.$inferInsert, 'name' | 'loginId' | 'language' | 'pinHash' | 'deactivatedAt'>
  >,
  now: number,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return row !== undefined;
}

/** The ids of the tables a server has now (to republish them with a new name). */
export async function tableIdsOfServer(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ id: tables.id }).from(tables).where(eq(tables.serverId, userId));
  return rows.map((r) => r.id);
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
