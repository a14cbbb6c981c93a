import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { restaurantIds, restaurantLogos, restaurants, tables, users } from '../../db/schema';

export type RestaurantRow = typeof restaurants.$inferSelect;
export type RestaurantWithLogo = RestaurantRow & { logoEtag: string | null };

export async function findRestaurant(
  db: Executor,
  id: string,
): Promise<RestaurantWithLogo | undefined> {
  const [row] = await db
    .select({ r: restaurants, logoEtag: restaurantLogos.etag })
    .from(restaurants)
    .leftJoin(restaurantLogos, eq(restaurantLogos.restaurantId, restaurants.id))
    .where(eq(restaurants.id, id));
  return row ? { ...row.r, logoEtag: row.logoEtag } : undefined;
}

export async function findRestaurantsOfOwner(
  db: Executor,
  ownerId: string,
): Promise<RestaurantWithLogo[]> {
  const rows = await db
    .select({ r: restaurants, logoEtag: restaurantLogos.etag })
    .from(restaurants)
    .leftJoin(restaurantLogos, eq(restaurantLogos.restaurantId, restaurants.id))
    .where(eq(restaurants.ownerId, ownerId))
    .orderBy(asc(restaurants.createdAt), asc(restaurants.id));
  return rows.map((row) => ({ ...row.r, logoEtag: row.logoEtag }));
}

/**
 * The restaurant's id, zone and the ms at which its day containing `now` began: midnight in `restaurants.time_zone`
 * (decision 045), computed by the database from the caller's clock, so it never depends on the instance's zone.
 */
export function restaurantDay(restaurantId: string, now: number): SQL {
  return sql`
    select r.id, r.time_zone,
      (extract(epoch from (
        date_trunc('day', to_timestamp(${now}::float8 / 1000) at time zone r.time_zone) at time zone r.time_zone
      )) * 1000)::bigint as day_start
    from restaurants r where r.id = ${restaurantId}`;
}

/** When the restaurant's "today" began at `now`, in ms; undefined: no such restaurant. */
export async function findRestaurantDayStart(
  db: Executor,
  restaurantId: string,
  now: number,
): Promise<number | undefined> {
  const [row] = await queryRows<{ day_start: string | number }>(
    db,
    restaurantDay(restaurantId, now),
  );
  return row ? Number(row.day_start) : undefined;
}

export async function isOwner(
  db: Executor,
  restaurantId: string,
  ownerId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(eq(restaurants.id, restaurantId), eq(restaurants.ownerId, ownerId)));
  return Boolean(row);
}

/**
 * Inserts with the given id unless it was ever issued; returns undefined when it was (concurrency-safe). The id is
 * claimed in restaurant_ids first, where it stays after the restaurant is deleted: ids are never reused
 * (docs/decisions/024).
 */
export async function insertRestaurantIfFree(
  db: Executor,
  row: typeof restaurants.$inferInsert,
): Promise<RestaurantRow | undefined> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(restaurantIds)
      .values({ id: row.id, issuedAt: row.createdAt })
      .onConflictDoNothing()
      .returning({ id: restaurantIds.id });
    if (!claimed) return undefined;
    const [inserted] = await tx.insert(restaurants).values(row).onConflictDoNothing().returning();
    return inserted;
  });
}

/**
 * Locks the owner's user row, then counts their restaurants: one owner's creates run one at a time, so a cap
 * checked under this lock holds (the count is read after the lock is granted, seeing every committed create).
 */
export async function lockOwnerAndCountRestaurants(db: Executor, ownerId: string): Promise<number> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  const [row] = await db
    .select({ n: count() })
    .from(restaurants)
    .where(eq(restaurants.ownerId, ownerId));
  return row?.n ?? 0;
}

/**
 * Locks a restaurant's row and counts its tables or its servers (restaurant-caps.ts). A restaurant that no longer
 * exists counts 0: the insert that follows then fails on its foreign key, as before.
 */
export async function lockRestaurantAndCount(
  db: Executor,
  restaurantId: string,
  what: 'tables' | 'staff',
): Promise<number> {
  await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .for('update');
  const [row] =
    what === 'tables'
      ? await db.select({ n: count() }).from(tables).where(eq(tables.restaurantId, restaurantId))
      : await db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.restaurantId, restaurantId), eq(users.role, 'server')));
  return row?.n ?? 0;
}

export async function findLogo(db: Executor, restaurantId: string) {
  const [row] = await db
    .select()
    .from(restaurantLogos)
    .where(eq(restaurantLogos.restaurantId, restaurantId));
  return row;
}

// ---------- admin: settings, deletion, logo (issue 3) ----------

export type RestaurantPatch = Partial<
  Pick<
    RestaurantRow,
    | 'name'
    | 'reviewUrl'
    | 'primaryColor'
    | 'secondaryColor'
    | 'escalateAfterMinutes'
    | 'receiptTimeoutSeconds'
    | 'pagerRepeat'
    | 'showServerNames'
    | 'timeZone'
    | 'guestLanguage'
    | 'requestTypes'
    | 'openingHours'
    | 'pressBudgetPerMinute'
    | 'orderReminderMinutes'
    | 'visitCloseAfterBillMinutes'
    | 'billReminderMinutes'
  >
>;

/**
 * Locks every restaurant of the owner (oldest first, one order for every caller, so no deadlock) and returns their
 * ids: a last-restaurant check made under this lock cannot be raced by a concurrent delete.
 */
export async function lockRestaurantIdsOfOwner(db: Executor, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.ownerId, ownerId))
    .orderBy(asc(restaurants.createdAt), asc(restaurants.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Locks one restaurant if this owner owns it; undefined otherwise (missing or another owner's). */
export async function lockOwnedRestaurant(
  db: Executor,
  restaurantId: string,
  ownerId: string,
): Promise<RestaurantRow | undefined> {
  const [row] = await db
    .select()
    .from(restaurants)
    .where(and(eq(restaurants.id, restaurantId), eq(restaurants.ownerId, ownerId)))
    .for('update');
  return row;
}

export async function updateRestaurantRow(
  db: Executor,
  restaurantId: string,
  patch: RestaurantPatch,
  now: number,
): Promise<void> {
  await db
    .update(restaurants)
    .set({ ...patch, updatedAt: now })
    .where(eq(restaurants.id, restaurantId));
}

/** The FK cascades remove the restaurant's tables, requests, server accounts (and their sessions) and logo. */
export async function deleteRestaurantRow(db: Executor, restaurantId: string): Promise<void> {
  await db.delete(restaurants).where(eq(restaurants.id, restaurantId));
}

export async function upsertLogo(
  db: Executor,
  row: typeof restaurantLogos.$inferInsert,
): Promise<void> {
  await db
    .insert(restaurantLogos)
    .values(row)
    .onConflictDoUpdate({
      target: restaurantLogos.restaurantId,
      set: {
        contentType: row.contentType,
        bytes: row.bytes,
        etag: row.etag,
        uploadedBy: row.uploadedBy,
        updatedAt: row.updatedAt,
      },
    });
}

/** Returns whether a logo was there to delete. */
export async function deleteLogoRow(db: Executor, restaurantId: string): Promise<boolean> {
  const rows = await db
    .delete(restaurantLogos)
    .where(eq(restaurantLogos.restaurantId, restaurantId))
    .returning({ id: restaurantLogos.restaurantId });
  return rows.length > 0;
}
