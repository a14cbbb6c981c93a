import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { requests, restaurants, tables } from '../../db/schema';

export type RequestRow = typeof requests.$inferSelect;
export type RequestWithContext = RequestRow & {
  tableNumber: string | null;
  escalateAfterMinutes: number;
};

const selection = {
  r: requests,
  tableNumber: tables.number,
  escalateAfterMinutes: restaurants.escalateAfterMinutes,
};

const flatten = (
  rows: { r: RequestRow; tableNumber: string | null; escalateAfterMinutes: number }[],
) =>
  rows.map((row) => ({
    ...row.r,
    tableNumber: row.tableNumber,
    escalateAfterMinutes: row.escalateAfterMinutes,
  }));

export async function insertRequest(
  db: Executor,
  row: typeof requests.$inferInsert,
): Promise<RequestRow> {
  const [inserted] = await db.insert(requests).values(row).returning();
  return inserted!;
}

/** A server sees requests for their own tables and for tables nobody was assigned to (docs/decisions/004). */
const visibleTo = (serverId: string | null): SQL | undefined =>
  serverId ? or(eq(requests.serverId, serverId), isNull(requests.serverId)) : undefined;

function query(db: Executor) {
  return db
    .select(selection)
    .from(requests)
    .leftJoin(tables, eq(tables.id, requests.tableId))
    .innerJoin(restaurants, eq(restaurants.id, requests.restaurantId));
}

export async function listPending(db: Executor, restaurantId: string, serverId: string | null) {
  const rows = await query(db)
    .where(
      and(
        eq(requests.restaurantId, restaurantId),
        eq(requests.status, 'pending'),
        visibleTo(serverId),
      ),
    )
    .orderBy(desc(requests.createdAt))
    .limit(500);
  return flatten(rows);
}

export async function listRecentlyCompleted(
  db: Executor,
  restaurantId: string,
  serverId: string | null,
  limit: number,
) {
  const rows = await query(db)
    .where(
      and(
        eq(requests.restaurantId, restaurantId),
        eq(requests.status, 'completed'),
        visibleTo(serverId),
      ),
    )
    .orderBy(desc(requests.updatedAt))
    .limit(limit);
  return flatten(rows);
}

export async function findRequest(
  db: Executor,
  id: string,
): Promise<RequestWithContext | undefined> {
  const [row] = await query(db).where(eq(requests.id, id));
  return row ? flatten([row])[0] : undefined;
}

/** pending → completed; there is no reverse transition (SPEC §4). Returns false when it was not pending. */
export async function completeRequest(db: Executor, id: string, now: number): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set({ status: 'completed', updatedAt: now })
    .where(and(eq(requests.id, id), eq(requests.status, 'pending')))
    .returning({ id: requests.id });
  return rows.length > 0;
}
