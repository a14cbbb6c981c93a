import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryPreparedRows, type Executor } from '../../db/client';
import type { StatementNotify } from '../../live/bus';
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

/** What the guest's press needs back to announce the new request without reading it again. */
export interface ClaimedPress {
  serverId: string | null;
  tableNumber: string;
  escalateAfterMinutes: number;
  /** A push was queued in the outbox (the restaurant has a device subscribed). */
  pushQueued: boolean;
}

/**
 * The guest's press as one statement (one round trip, no explicit transaction): the table's cool-down is claimed by
 * a conditional UPDATE and the request inserted from it. PostgreSQL row-locks the table row for the UPDATE and
 * re-checks the WHERE on the newest version after waiting (READ COMMITTED), so of two simultaneous presses at one
 * table exactly one claims it. The same statement queues the request's push in push_outbox, so a crash after the 201
 * cannot lose the alert. Returns undefined when nothing was claimed: no such table, or still cooling down.
 */
export async function claimTableAndInsertRequest(
  db: Executor,
  press: {
    id: string;
    restaurantId: string;
    tableId: string;
    type: RequestRow['type'];
    now: number;
    cooldownMs: number;
  },
  /**
   * With PostgreSQL, the request.created event to NOTIFY from this statement (LiveService.requestCreatedInStatement):
   * its `event.request` is complete except serverId and tableNumber, which the statement fills in from the table it
   * claimed. Saves a round trip and a transaction per press, and the event is sent only if the press committed.
   */
  notify: StatementNotify | null = null,
): Promise<ClaimedPress | undefined> {
  const { id, restaurantId, tableId, type, now, cooldownMs } = press;
  const notified = notify
    ? sql`, notified as (
      -- jsonb_set is strict: a null server must become JSON null, not a null payload.
      select pg_notify(${notify.channel}, jsonb_set(
        jsonb_set(${notify.payload}::jsonb, '{event,request,serverId}', coalesce(to_jsonb(c.server_id), 'null'::jsonb)),
        '{event,request,tableNumber}', to_jsonb(c.number))::text)
      from claimed c
    )`
    : sql``;
  const [row] = await queryPreparedRows<{
    server_id: string | null;
    number: string;
    escalate_after_minutes: number;
    push_queued: boolean;
  }>(
    db,
    notify ? 'guest_press_notify' : 'guest_press',
    sql`
    with claimed as (
      update tables set last_request_at = ${now}
      where id = ${tableId} and restaurant_id = ${restaurantId}
        and (last_request_at is null or last_request_at <= ${now - cooldownMs})
      returning id, restaurant_id, server_id, number
    ), inserted as (
      insert into requests (id, restaurant_id, table_id, server_id, type, status, created_at, updated_at)
      select ${id}, restaurant_id, id, server_id, ${type}, 'pending', ${now}, ${now} from claimed
      returning id, restaurant_id
    ), outboxed as (
      -- The push it owes, durable with it (docs/decisions/013); skipped when the restaurant has no device at all.
      insert into push_outbox (id, request_id, restaurant_id, kind, created_at, next_attempt_at)
      select 'new:' || i.id, i.id, i.restaurant_id, 'new', ${now}, ${now} from inserted i
      where exists (select 1 from push_subscriptions s where s.restaurant_id = i.restaurant_id)
      returning 1
    )${notified}
    select c.server_id, c.number, r.escalate_after_minutes,
      exists (select 1 from outboxed) as push_queued
    from claimed c
    join inserted i on true
    join restaurants r on r.id = c.restaurant_id${
      notify
        ? sql`
    join notified on true`
        : sql``
    }`,
  );
  if (!row) return undefined;
  return {
    serverId: row.server_id,
    tableNumber: row.number,
    escalateAfterMinutes: Number(row.escalate_after_minutes),
    pushQueued: row.push_queued,
  };
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
