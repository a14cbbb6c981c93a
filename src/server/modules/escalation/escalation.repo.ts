/** SQL for escalation: claiming overdue requests exactly once, whichever instance sweeps first. */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { onDutyIdsSql } from '../shifts/on-duty';
import {
  isReminderSql,
  textArray,
  type RequestRow,
  type RequestWithContext,
} from '../requests/requests.repo';

/** The smallest escalate_after_minutes the settings accept (shared/schemas). */
const MIN_ESCALATE_MS = 60_000;

/**
 * Marks at most `limit` requests that have been pending for longer than their restaurant's escalate_after_minutes
 * as escalated, oldest first, and returns them as the API needs them (table number, restaurant minutes) in the same
 * result. One statement: the rows are picked with FOR UPDATE SKIP LOCKED, so concurrent sweeps (several instances)
 * claim disjoint rows without waiting for each other, and a row another sweep claimed meanwhile fails the re-checked
 * `escalated_at IS NULL`. The same statement queues each escalation's push in push_outbox (docs/decisions/013): a
 * crash between the claim and the send cannot lose it. `queuedAt` is the wall clock of the outbox (the sweep's `now`
 * may be simulated). The limit keeps one statement short (decision 027): on PGlite it runs on the main thread.
 */
export async function claimOverdueBatch(
  db: Executor,
  now: number,
  limit: number,
  queuedAt: number = now,
): Promise<RequestWithContext[]> {
  const rows = await queryRows<{
    id: string;
    restaurant_id: string;
    table_id: string;
    server_id: string | null;
    section_server_ids: string[] | null;
    type: RequestRow['type'];
    status: RequestRow['status'];
    escalated_at: string | number | null;
    created_at: string | number;
    updated_at: string | number;
    table_number: string | null;
    escalate_after_minutes: string | number;
    note: string | null;
    urgent: boolean;
    bill_method: RequestRow['billMethod'];
    reopened_at: string | number | null;
    reach_stage: string | number;
    receipted_at: string | number | null;
    realerted_at: string | number | null;
    on_duty_server_ids: string[] | string | null;
  }>(
    db,
    sql`
    with due as (
      select q.id from requests q
      where q.status = 'pending' and q.escalated_at is null
        -- Decision 097: a service timer's reminder is never escalated.
        and not ${sql.raw(isReminderSql('q'))}
        -- Every restaurant waits at least a minute: this bound lets the sweep use requests_escalation_idx.
        and q.created_at <= ${now - MIN_ESCALATE_MS}
        -- A request its guest reopened (decision 082) waits again from its reopening.
        and coalesce(q.reopened_at, q.created_at) <= ${now}::bigint - 60000::bigint * (
          select escalate_after_minutes from restaurants where restaurants.id = q.restaurant_id)
      order by q.created_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update requests r set escalated_at = ${now}
      from due where r.id = due.id and r.status = 'pending' and r.escalated_at is null
      returning r.*
    ), outboxed as (
      insert into push_outbox (id, request_id, restaurant_id, kind, created_at, next_attempt_at)
      select 'overdue:' || c.id, c.id, c.restaurant_id, 'overdue', ${queuedAt}, ${queuedAt} from claimed c
      -- Skipped when no device could get it (as the press does): a server's device of the restaurant, or one of its
      -- owner's (admins' subscriptions carry no restaurant). A backlog then costs the push sender no work at all.
      where exists (select 1 from push_subscriptions s where s.restaurant_id = c.restaurant_id)
        or exists (select 1 from push_subscriptions s join restaurants o on o.owner_id = s.user_id
          where o.id = c.restaurant_id)
      on conflict (id) do nothing
    )
    select c.id, c.restaurant_id, c.table_id, c.server_id, c.section_server_ids, c.type, c.status, c.escalated_at, c.created_at,
      c.updated_at, t.number as table_number, rs.escalate_after_minutes, c.note, c.urgent, c.bill_method,
      c.reopened_at, c.reach_stage, c.receipted_at, c.realerted_at,
      ${sql.raw(onDutyIdsSql('c.restaurant_id'))} as on_duty_server_ids
    from claimed c
    join restaurants rs on rs.id = c.restaurant_id
    left join tables t on t.id = c.table_id
    order by c.created_at, c.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    restaurantId: r.restaurant_id,
    tableId: r.table_id,
    serverId: r.server_id,
    sectionServerIds: r.section_server_ids ?? [],
    type: r.type,
    status: r.status,
    escalatedAt: r.escalated_at === null ? null : Number(r.escalated_at),
    // Only pending requests are claimed: nobody has taken or resolved them yet.
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    resolvedBy: null,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    tableNumber: r.table_number,
    escalateAfterMinutes: Number(r.escalate_after_minutes),
    note: r.note,
    urgent: r.urgent,
    billMethod: r.bill_method,
    // Not read by what these rows feed (toApiRequest): only reopened_at matters to a pending request (decision 082).
    outcome: null,
    outcomeAt: null,
    reopenedAt: r.reopened_at === null ? null : Number(r.reopened_at),
    reachStage: Number(r.reach_stage),
    receiptedAt: r.receipted_at === null ? null : Number(r.receipted_at),
    realertedAt: r.realerted_at === null ? null : Number(r.realerted_at),
    onDutyServerIds: r.on_duty_server_ids === null ? null : textArray(r.on_duty_server_ids),
    rating: null,
    ratingComment: null,
    ratedAt: null,
  }));
}

/** Claims one batch (claimOverdueBatch) and returns only the ids. */
export async function claimOverdueRequests(
  db: Executor,
  now: number,
  queuedAt: number = now,
  limit = 100,
): Promise<string[]> {
  return (await claimOverdueBatch(db, now, limit, queuedAt)).map((r) => r.id);
}
