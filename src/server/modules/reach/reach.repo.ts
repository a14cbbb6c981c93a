/**
 * SQL for an alert's reach (decision 091): a device's receipt, and the sweep that widens a call no device confirmed
 * in time (to every server on duty, then to the admin) or repeats it (pager style), exactly once per step whichever
 * instance sweeps first.
 */
import { sql } from 'drizzle-orm';
import { queryPreparedText, queryRows, type Executor } from '../../db/client';
import { isReminderSql } from '../requests/requests.repo';

/** Decision 091: the last reach stage; 2 is "re-routed to the admin too" (it reached nobody). */
const LAST_REACH_STAGE = 2;

/**
 * Receipts, as one conditional UPDATE for every call in `requestIds` (the receipts that arrived together, group
 * commit): the first receipt marks a pending call as seen; a later one, or one for a call no longer pending, changes
 * nothing. Answers the calls this statement marked.
 */
export async function markReceipted(
  db: Executor,
  requestIds: readonly string[],
  now: number,
): Promise<Set<string>> {
  if (requestIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update requests set receipted_at = ${now}
      where id in (${sql.join(
        requestIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and status = 'pending' and receipted_at is null
      returning id`,
  );
  return new Set(rows.map((r) => r.id));
}

export interface ClaimedReach {
  id: string;
  /** The stage before the sweep (a repeat keeps it). */
  fromStage: number;
  stage: number;
}

/**
 * One batch of the reach sweep, as one statement. A pending call is due when its restaurant's
 * receipt_timeout_seconds have passed since it was pressed (or reopened, or last widened/repeated) and either no
 * device confirmed it and it can still widen, or the restaurant repeats alerts (pager style). Due rows are picked
 * oldest first with FOR UPDATE SKIP LOCKED, so sweeps on several instances claim disjoint rows, and each claimed
 * row's push is queued in push_outbox in the same statement (docs/decisions/013), so a crash cannot lose it.
 */
export async function claimReachBatch(
  db: Executor,
  now: number,
  limit: number,
  queuedAt: number = now,
): Promise<ClaimedReach[]> {
  const rows = await queryRows<{ id: string; from_stage: number | string; stage: number | string }>(
    db,
    sql`
    with due as (
      select q.id, q.reach_stage as from_stage from requests q
      join restaurants rs on rs.id = q.restaurant_id
      where q.status = 'pending'
        -- Decision 097: a service timer's reminder is not re-routed.
        and not ${sql.raw(isReminderSql('q'))}
        and greatest(coalesce(q.realerted_at, 0), coalesce(q.reopened_at, q.created_at))
          <= ${now}::bigint - 1000::bigint * rs.receipt_timeout_seconds
        and ((q.receipted_at is null and q.reach_stage < ${LAST_REACH_STAGE}) or rs.pager_repeat)
      order by q.created_at
      limit ${limit}
      for update of q skip locked
    ), claimed as (
      update requests r set
        reach_stage = case when r.receipted_at is null and r.reach_stage < ${LAST_REACH_STAGE}
          then r.reach_stage + 1 else r.reach_stage end,
        realerted_at = ${now}
      from due where r.id = due.id and r.status = 'pending'
      returning r.id, r.restaurant_id, r.reach_stage, due.from_stage
    ), outboxed as (
      insert into push_outbox (id, request_id, restaurant_id, kind, created_at, next_attempt_at)
      select 'reroute:' || c.id || ':' || ${now}::bigint, c.id, c.restaurant_id, 'reroute', ${queuedAt}::bigint,
        ${queuedAt}::bigint from claimed c
      -- As the press and the escalation: skipped when no device of the restaurant (or its owner) could get it.
      where exists (select 1 from push_subscriptions s where s.restaurant_id = c.restaurant_id)
        or exists (select 1 from push_subscriptions s join restaurants o on o.owner_id = s.user_id
          where o.id = c.restaurant_id)
      on conflict (id) do nothing
    )
    select id, from_stage, reach_stage as stage from claimed`,
  );
  return rows.map((r) => ({ id: r.id, fromStage: Number(r.from_stage), stage: Number(r.stage) }));
}

/** The dashboard (decision 091): a restaurant's open calls that reached nobody, oldest first, and today's count. */
export async function reachedNobody(
  db: Executor,
  restaurantId: string,
  since: number,
  limit: number,
): Promise<{ openIds: string[]; today: number }> {
  const [open, counted] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      sql`select id from requests
        where restaurant_id = ${restaurantId} and status = 'pending' and reach_stage >= ${LAST_REACH_STAGE}
        order by created_at limit ${limit}`,
    ),
    queryRows<{ n: number | string }>(
      db,
      sql`select count(*)::int as n from requests
        where restaurant_id = ${restaurantId} and created_at >= ${since}
          and reach_stage >= ${LAST_REACH_STAGE}`,
    ),
  ]);
  return { openIds: open.map((r) => r.id), today: Number(counted[0]?.n ?? 0) };
}

/** A handled call whose alert is to be replaced on the devices it reached (decision 090). */
export interface AlertClose {
  requestId: string;
  restaurantId: string;
  status: string;
}

const QUEUE_CLOSES_SQL = `
insert into push_outbox (id, request_id, restaurant_id, kind, created_at, next_attempt_at)
select 'close:' || i.request_id || ':' || i.status, i.request_id, i.restaurant_id, 'close', $4::bigint, $4::bigint
from unnest($1::text[], $2::text[], $3::text[]) as i(request_id, restaurant_id, status)
where exists (select 1 from push_subscriptions s where s.restaurant_id = i.restaurant_id)
  or exists (select 1 from push_subscriptions s join restaurants o on o.owner_id = s.user_id
    where o.id = i.restaurant_id)
on conflict (id) do nothing
returning id`;

/**
 * Queues the alert replacements of handled calls: one statement for the calls handled together (group commit), and
 * only for restaurants where some device can be pushed to (none: nothing is written). Answers how many it queued.
 */
export async function queueCloses(
  db: Executor,
  closes: readonly AlertClose[],
  now: number,
): Promise<number> {
  const rows = await queryPreparedText<{ id: string }>(db, 'reach_queue_closes', QUEUE_CLOSES_SQL, [
    closes.map((c) => c.requestId),
    closes.map((c) => c.restaurantId),
    closes.map((c) => c.status),
    now,
  ]);
  return rows.length;
}
