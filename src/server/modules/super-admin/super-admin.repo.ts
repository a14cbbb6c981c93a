import { and, asc, count, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { restaurants, tables, users } from '../../db/schema';

/** Real totals, each one COUNT in SQL (docs/decisions/007-super-admin-real-totals.md). */
export async function countTotals(db: Executor) {
  const [u] = await db.select({ n: count() }).from(users);
  const [r] = await db.select({ n: count() }).from(restaurants);
  const [t] = await db.select({ n: count() }).from(tables).where(isNotNull(tables.serverId));
  return { users: u?.n ?? 0, restaurants: r?.n ?? 0, activeTables: t?.n ?? 0 };
}

export interface UserListRow {
  id: string;
  name: string;
  email: string | null;
  role: 'super_admin' | 'admin' | 'server';
  restaurantName: string | null;
  createdAt: number;
  deactivatedAt: number | null;
}

/** LIKE pattern for a literal substring: %, _ and \ in the search text match themselves. */
const containsPattern = (text: string) => '%' + text.replace(/[\\%_]/g, (c) => '\\' + c) + '%';

/**
 * One page of users in (created_at, id) order, after the given key. The row comparison walks the
 * users_created_idx index, so page 200 costs what page 1 costs.
 */
export async function listUsersPage(
  db: Executor,
  options: {
    after: { createdAt: number; id: string } | null;
    limit: number;
    search: string | null;
  },
): Promise<UserListRow[]> {
  const own = alias(restaurants, 'own_restaurant');
  const where: SQL[] = [];
  if (options.after) {
    where.push(
      sql`(${users.createdAt}, ${users.id}) > (${options.after.createdAt}::bigint, ${options.after.id})`,
    );
  }
  if (options.search) {
    const pattern = containsPattern(options.search);
    where.push(
      or(
        sql`${users.name} ilike ${pattern}`,
        sql`${users.email} ilike ${pattern}`,
        sql`${users.loginId} ilike ${pattern}`,
      )!,
    );
  }
  // A server shows their restaurant; an admin their first (oldest) restaurant, as the admin screens default to it.
  const firstOwned = sql<string | null>`(
    select ${restaurants.name} from ${restaurants}
    where ${restaurants.ownerId} = ${users.id}
    order by ${restaurants.createdAt}, ${restaurants.id} limit 1)`;
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      restaurantName: sql<
        string | null
      >`case when ${users.role} = 'server' then ${own.name} when ${users.role} = 'admin' then ${firstOwned} else null end`,
      createdAt: users.createdAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .leftJoin(own, sql`${own.id} = ${users.restaurantId}`)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(options.limit);
}
