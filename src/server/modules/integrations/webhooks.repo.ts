/** SQL for webhook endpoints and their outbox / delivery log (decision 076). */
import { and, desc, eq, sql } from 'drizzle-orm';
import { queryPreparedText, queryRows, type Executor } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How many deliveries the log shows per endpoint. */
const DELIVERY_LOG_SIZE = 50;

export async function insertEndpoint(db: Executor, row: WebhookEndpointRow): Promise<void> {
  await db.insert(webhookEndpoints).values(row);
}

export function listEndpointsOf(db: Executor, restaurantId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.restaurantId, restaurantId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function countEndpointsOf(db: Executor, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.restaurantId, restaurantId));
  return Number(row?.n ?? 0);
}

export async function findEndpoint(db: Executor, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function setEndpointEnabled(db: Executor, id: string, enabled: boolean, now: number) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(enabled ? { enabled, failuresInARow: 0, disabledAt: null } : { enabled, disabledAt: now })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Executor, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

export interface QueuedEvent {
  restaurantId: string;
  event: string;
  payload: string;
  now: number;
}

const ENQUEUE_SQL = `
insert into webhook_deliveries (id, endpoint_id, restaurant_id, event, payload, status, attempts, created_at, next_attempt_at)
select gen_random_uuid()::text, e.id, e.restaurant_id, i.event, i.payload, 'pending', 0, i.at, i.at
from unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) as i(restaurant_id, event, payload, at)
join webhook_endpoints e on e.restaurant_id = i.restaurant_id and e.enabled and i.event = any(e.events)
returning id`;

/**
 * Queues events for every enabled endpoint of their restaurants that subscribed to them: one statement for several
 * events (those raised together, group commit), which inserts nothing (and costs an index probe per event) when the
 * restaurants have no endpoint. Returns how many deliveries were queued.
 */
export async function enqueueEvents(db: Executor, events: readonly QueuedEvent[]): Promise<number> {
  const rows = await queryPreparedText<{ id: string }>(db, 'webhook_enqueue', ENQUEUE_SQL, [
    events.map((e) => e.restaurantId),
    events.map((e) => e.event),
    events.map((e) => e.payload),
    events.map((e) => e.now),
  ]);
  return rows.length;
}

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  payload: string;
  attempts: number;
  createdAt: number;
  url: string;
  secret: string;
}

/**
 * Due deliveries of enabled endpoints, claimed for `leaseMs`: next_attempt_at moves past the lease in the same
 * statement, over rows locked with SKIP LOCKED, so instances draining at once take disjoint rows, and a row whose
 * sender died is taken again after the lease.
 */
export async function claimDueDeliveries(
  db: Executor,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<{
    id: string;
    endpoint_id: string;
    payload: string;
    attempts: number;
    created_at: string | number;
    url: string;
    secret: string;
  }>(
    db,
    sql`
    update webhook_deliveries d set next_attempt_at = ${now + leaseMs}
    from webhook_endpoints e
    where e.id = d.endpoint_id and d.id in (
      select d2.id from webhook_deliveries d2
      join webhook_endpoints e2 on e2.id = d2.endpoint_id and e2.enabled
      where d2.next_attempt_at <= ${now} and d2.status = 'pending'
      order by d2.next_attempt_at limit ${limit}
      for update of d2 skip locked
    )
    returning d.id, d.endpoint_id, d.payload, d.attempts, d.created_at, e.url, e.secret`,
  );
  return rows.map((r) => ({
    id: r.id,
    endpointId: r.endpoint_id,
    payload: r.payload,
    attempts: Number(r.attempts),
    createdAt: Number(r.created_at),
    url: r.url,
    secret: r.secret,
  }));
}

export async function recordAttempt(
  db: Executor,
  id: string,
  outcome: {
    status: 'pending' | 'delivered' | 'failed';
    attempts: number;
    responseCode: number | null;
    lastError: string | null;
    at: number;
    nextAttemptAt: number | null;
  },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      responseCode: outcome.responseCode,
      lastError: outcome.lastError,
      lastAttemptAt: outcome.at,
      nextAttemptAt: outcome.nextAttemptAt,
    })
    .where(eq(webhookDeliveries.id, id));
}

/** A success clears the endpoint's run of failures. */
export async function endpointSucceeded(db: Executor, id: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failuresInARow: 0 })
    .where(and(eq(webhookEndpoints.id, id), sql`failures_in_a_row > 0`));
}

/**
 * A failure counts on the endpoint; at `limit` in a row it is disabled. Returns true when this failure disabled it
 * (exactly one sender sees true, so the owner is mailed once).
 */
export async function endpointFailed(
  db: Executor,
  id: string,
  limit: number,
  now: number,
): Promise<boolean> {
  const rows = await queryRows<{ disabled: boolean }>(
    db,
    sql`
    update webhook_endpoints set
      failures_in_a_row = failures_in_a_row + 1,
      enabled = enabled and failures_in_a_row + 1 < ${limit},
      disabled_at = case when enabled and failures_in_a_row + 1 >= ${limit} then ${now} else disabled_at end
    where id = ${id}
    returning (disabled_at = ${now} and not enabled) as disabled`,
  );
  return rows[0]?.disabled === true;
}

export function listDeliveriesOf(db: Executor, endpointId: string) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
}

export async function findDelivery(db: Executor, id: string) {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

/** Redelivery: the same message, due now, its attempts counted afresh. */
export async function requeueDelivery(db: Executor, id: string, now: number) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row;
}
