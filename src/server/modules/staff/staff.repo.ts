import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/** The server accounts of one restaurant, oldest first. */
export async function listServersOfRestaurant(db: Executor, restaurantId: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'server'), eq(users.restaurantId, restaurantId)))
    .orderBy(asc(users.createdAt), asc(users.id));
}
