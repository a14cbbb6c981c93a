/** A party's visit at a table (decisions 092, 093): seating, clearing and the sweep's closes. SQL only. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/client';
import type { ReminderKind } from '@shared/request-types';
import { isReminderSql } from '../requests/requests.repo';
import { routedServerIdsSql } from '../shifts/on-duty';

/**
 * Seat a table (decision 092): opens a visit when the table has none — one statement, so two staff seating at once
 * (or a press at the same moment) open one visit between them. Answers the new visit's id, or null when the table
 * (of this restaurant) already had a visit open or does not exist.
 */
export async function seatTable(
  db: Executor,
  input: { restaurantId: string; tableId: string; visitId: string; by: string; now: number },
): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    with seated as (
      update tables set visit_id = ${input.visitId}, seated_at = ${input.now}::bigint, updated_at = ${input.now}::bigint
      where id = ${input.tableId} and restaurant_id = ${input.restaurantId} and visit_id is null
      returning id, restaurant_id
    ), opened as (
      insert into visits (id, restaurant_id, table_id, opened_at, opened_by)
      select ${input.visitId}, s.restaurant_id, s.id, ${input.now}::bigint, ${input.by} from seated s
      returning id
    )
    select id from opened`,
  );
  return rows[0]?.id ?? null;
}

/** What clearing a table did: the visit it closed (null: none was open) and the open requests it dismissed. */
export interface ClearedTable {
  visitId: string | null;
  dismissedIds: string[];
}

/**
 * Clear a table (decision 093): the open visit closes, the table is free again (no visit, no cool-down) and every
 * open request of the table — the party's, and any older one left behind — is dismissed by the staff member who
 * cleared it, so the next party is neither shown it nor refused as "already in". Two statements in one transaction:
 * the first locks the table row (a press at the same moment waits, then opens the next visit), the second sees every
 * press committed before the lock. A table with no visit and nothing open is left as it is (nothing to clear).
 * Answers null when the table is not this restaurant's.
 */
export async function clearTable(
  db: Db,
  input: { restaurantId: string; tableId: string; by: string; now: number },
): Promise<ClearedTable | null> {
  return db.transaction(async (tx) => {
    const [table] = await queryRows<{ id: string; visit_id: string | null }>(
      tx,
      sql`select id, visit_id from tables
        where id = ${input.tableId} and restaurant_id = ${input.restaurantId} for update`,
    );
    if (!table) return null;
    const rows = await queryRows<{ visit_id: string | null; dismissed: string[] }>(
      tx,
      sql`
      with freed as (
        update tables t set visit_id = null, seated_at = null, last_request_at = null, updated_at = ${input.now}::bigint
        where t.id = ${table.id} and (t.visit_id is not null or exists (select 1 from requests o
          where o.table_id = t.id and o.restaurant_id = t.restaurant_id and o.status in ('pending', 'acknowledged')))
        returning id
      ), closed as (
        update visits set closed_at = ${input.now}::bigint, closed_by = ${input.by}, close_reason = 'cleared'
        where id = ${table.visit_id} and closed_at is null
        returning id
      ), dismissed as (
        update requests set status = 'dismissed', resolved_at = ${input.now}::bigint, resolved_by = ${input.by},
          updated_at = ${input.now}::bigint
        where table_id = ${table.id} and restaurant_id = ${input.restaurantId} and status in ('pending', 'acknowledged')
        returning id
      )
      -- json, not text[]: both drivers hand it back as an array.
      select (select id from closed) as visit_id,
        (select coalesce(json_agg(id), '[]'::json) from dismissed) as dismissed
      from freed`,
    );
    const row = rows[0];
    return { visitId: row?.visit_id ?? null, dismissedIds: row?.dismissed ?? [] };
  });
}

/** A visit the sweep closed: its table, to tell every console the table is free. */
export interface SweptVisit {
  id: string;
  tableId: string;
  reason: 'bill' | 'idle';
  /** Decision 097: the visit's open reminders, dismissed with it. */
  dismissedIds: string[];
}

/**
 * The visits sweep (decision 092), one bounded batch: closes the open visits with no open request whose bill was
 * completed at least the restaurant's visit_close_after_bill_minutes ago with nothing pressed since ('bill'), or in
 * which nothing happened for `idleMs` ('idle', closed as of that last activity), and frees their tables in the same
 * statement. The table is freed
 * first, on the condition that no press came after what this statement saw (a press sets last_request_at; the UPDATE
 * re-checks its condition on the newest row after waiting for a press's lock), and only a freed table's visit closes.
 * visits_open_idx serves the scan (at most one open visit per table).
 */
export async function closeDueVisits(
  db: Executor,
  now: number,
  idleMs: number,
  limit: number,
): Promise<SweptVisit[]> {
  const rows = await queryRows<{
    id: string;
    table_id: string;
    reason: 'bill' | 'idle';
    dismissed: string[];
  }>(
    db,
    sql`
    with activity as (
      select v.id, v.table_id, v.opened_at, rs.visit_close_after_bill_minutes as after_bill,
        (select max(b.resolved_at) from requests b where b.table_id = v.table_id and b.visit_id = v.id
          and b.type = 'bill' and b.status = 'completed') as bill_done_at,
        -- Decision 097: the service timers' reminders are not the party's activity, and do not hold a visit open.
        (select max(greatest(a.created_at, coalesce(a.resolved_at, 0))) from requests a
          where a.table_id = v.table_id and a.visit_id = v.id and not ${sql.raw(isReminderSql('a'))}) as last_at,
        (select max(a.created_at) from requests a where a.table_id = v.table_id and a.visit_id = v.id
          and not ${sql.raw(isReminderSql('a'))}) as last_press_at
      from visits v join restaurants rs on rs.id = v.restaurant_id
      where v.closed_at is null
        and not exists (select 1 from requests o where o.table_id = v.table_id and o.visit_id = v.id
          and o.status in ('pending', 'acknowledged') and not ${sql.raw(isReminderSql('o'))})
    ), due as (
      select a.id, a.table_id, greatest(a.opened_at, coalesce(a.last_press_at, 0)) as seen_press_at,
        case when a.after_bill is not null and a.bill_done_at is not null
            and a.bill_done_at <= ${now}::bigint - a.after_bill * 60000
            and a.last_press_at <= a.bill_done_at then 'bill'
          when greatest(a.opened_at, coalesce(a.last_at, 0)) <= ${now}::bigint - ${idleMs}::bigint then 'idle'
        end as reason,
        -- An idle party left some time after the last thing that happened: that is its time seated's end.
        greatest(a.opened_at, coalesce(a.last_at, 0)) as last_at
      from activity a
    ), picked as (
      select id, table_id, seen_press_at, reason,
        case when reason = 'idle' then last_at else ${now}::bigint end as close_at
      from due where reason is not null order by table_id limit ${limit}
    ), freed as (
      update tables t set visit_id = null, seated_at = null, updated_at = ${now}::bigint
      from picked p
      where t.id = p.table_id and t.visit_id = p.id
        and (t.last_request_at is null or t.last_request_at <= p.seen_press_at)
      returning t.id as table_id, p.id, p.reason, p.close_at
    ), closed as (
      update visits v set closed_at = f.close_at, close_reason = f.reason
      from freed f where v.id = f.id and v.closed_at is null
      returning v.id, f.table_id, f.reason
    ), dismissed as (
      -- Decision 097: a reminder about a party that has left is moot; it leaves the consoles with its visit.
      update requests r set status = 'dismissed', resolved_at = ${now}::bigint, updated_at = ${now}::bigint
      from closed c
      where r.table_id = c.table_id and r.visit_id = c.id and r.status in ('pending', 'acknowledged')
        and ${sql.raw(isReminderSql('r'))}
      returning r.id, r.visit_id
    )
    -- json, not text[]: both drivers hand it back as an array.
    select c.id, c.table_id, c.reason,
      (select coalesce(json_agg(d.id), '[]'::json) from dismissed d where d.visit_id = c.id) as dismissed
    from closed c`,
  );
  return rows.map((r) => ({
    id: r.id,
    tableId: r.table_id,
    reason: r.reason,
    dismissedIds: r.dismissed,
  }));
}

/** A reminder the sweep made (decision 097): the request's id and the visit it is about. */
export interface MadeReminder {
  id: string;
  visitId: string;
  type: ReminderKind;
  /** Its push was queued in the outbox (the restaurant has a device subscribed). */
  pushQueued: boolean;
}

/**
 * The service timers (decision 097), one bounded batch: for each open visit whose restaurant set the timer, a
 * reminder to the table's server — `reminder_order` when the party has sat order_reminder_minutes with no order
 * request in its visit (nor a bill request: a party asking for the bill is past ordering), `reminder_bill` when one
 * of its bill requests is still pending or taken bill_reminder_minutes after it was pressed (or reopened). At most one
 * of each kind per visit: the visit's order_reminded_at / bill_reminded_at is claimed by a conditional UPDATE (`… is
 * null`, re-checked on the newest row after a lock wait), so sweeps on two instances never remind twice, and the
 * reminder is inserted only from a claimed row. It is inserted with the press's routing (the table's server, else its
 * section's servers on duty, else everyone on duty: shifts/on-duty.ts) and its push queued in the same statement, as
 * a press does; it never touches the table's cool-down (tables.last_request_at). visits_open_idx serves the scan.
 */
export async function makeDueReminders(
  db: Executor,
  now: number,
  limit: number,
): Promise<MadeReminder[]> {
  const rows = await queryRows<{
    id: string;
    visit_id: string;
    type: ReminderKind;
    push_queued: boolean;
  }>(
    db,
    sql`
    with open_visits as (
      select v.id, v.restaurant_id, v.table_id, v.opened_at, v.order_reminded_at, v.bill_reminded_at,
        rs.order_reminder_minutes, rs.bill_reminder_minutes
      from visits v join restaurants rs on rs.id = v.restaurant_id
      where v.closed_at is null
        and (rs.order_reminder_minutes is not null or rs.bill_reminder_minutes is not null)
    ), due as (
      (select o.id, 'reminder_order'::text as type from open_visits o
        where o.order_reminder_minutes is not null and o.order_reminded_at is null
          and o.opened_at <= ${now}::bigint - o.order_reminder_minutes * 60000::bigint
          and not exists (select 1 from requests q where q.table_id = o.table_id and q.visit_id = o.id
            and q.type in ('order', 'bill') and q.status <> 'cancelled')
        order by o.opened_at limit ${limit})
      union all
      (select o.id, 'reminder_bill'::text from open_visits o
        where o.bill_reminder_minutes is not null and o.bill_reminded_at is null
          and exists (select 1 from requests q where q.table_id = o.table_id and q.visit_id = o.id
            and q.type = 'bill' and q.status in ('pending', 'acknowledged')
            and coalesce(q.reopened_at, q.created_at) <= ${now}::bigint - o.bill_reminder_minutes * 60000::bigint)
        order by o.opened_at limit ${limit})
    ), claimed as (
      -- The claim: of two sweeps at once, one sets the stamp; the other's WHERE fails on the newest row.
      update visits v set
        order_reminded_at = case when d.remind_order then ${now}::bigint else v.order_reminded_at end,
        bill_reminded_at = case when d.remind_bill then ${now}::bigint else v.bill_reminded_at end
      from (select id, bool_or(type = 'reminder_order') as remind_order,
          bool_or(type = 'reminder_bill') as remind_bill
        from due group by id) d
      where v.id = d.id and v.closed_at is null
        and (not d.remind_order or v.order_reminded_at is null)
        and (not d.remind_bill or v.bill_reminded_at is null)
      returning v.id, v.restaurant_id, v.table_id, d.remind_order, d.remind_bill
    ), made as (
      select c.id as visit_id, c.restaurant_id, c.table_id, k.type
      from claimed c
      cross join lateral (values ('reminder_order'), ('reminder_bill')) as k(type)
      where (k.type = 'reminder_order' and c.remind_order) or (k.type = 'reminder_bill' and c.remind_bill)
    ), inserted as (
      insert into requests (id, restaurant_id, table_id, server_id, type, status, created_at, updated_at,
        section_server_ids, visit_id)
      select m.type || ':' || m.visit_id, m.restaurant_id, m.table_id, t.server_id, m.type, 'pending',
        ${now}::bigint, ${now}::bigint,
        -- The press's routing (decisions 077, 094): a table with no server goes to its section's servers on duty.
        case when t.server_id is null then ${sql.raw(routedServerIdsSql('t.section_id', 't.restaurant_id'))}
          else '{}'::text[] end,
        m.visit_id
      from made m join tables t on t.id = m.table_id and t.restaurant_id = m.restaurant_id
      returning id, restaurant_id, created_at, visit_id, type
    ), outboxed as (
      -- Its push, durable with it (decision 013), as the press queues its own; skipped when no device is subscribed.
      insert into push_outbox (id, request_id, restaurant_id, kind, created_at, next_attempt_at)
      select 'new:' || i.id, i.id, i.restaurant_id, 'new', i.created_at, i.created_at from inserted i
      where exists (select 1 from push_subscriptions s where s.restaurant_id = i.restaurant_id)
      returning request_id
    )
    select i.id, i.visit_id, i.type, i.id in (select request_id from outboxed) as push_queued from inserted i`,
  );
  return rows.map((r) => ({
    id: r.id,
    visitId: r.visit_id,
    type: r.type,
    pushQueued: r.push_queued,
  }));
}
