/** A party's visit at a table (decisions 092, 093): seating, clearing and the sweep's closes. SQL only. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/client';

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
  const rows = await queryRows<{ id: string; table_id: string; reason: 'bill' | 'idle' }>(
    db,
    sql`
    with activity as (
      select v.id, v.table_id, v.opened_at, rs.visit_close_after_bill_minutes as after_bill,
        (select max(b.resolved_at) from requests b where b.table_id = v.table_id and b.visit_id = v.id
          and b.type = 'bill' and b.status = 'completed') as bill_done_at,
        (select max(greatest(a.created_at, coalesce(a.resolved_at, 0))) from requests a
          where a.table_id = v.table_id and a.visit_id = v.id) as last_at,
        (select max(a.created_at) from requests a where a.table_id = v.table_id and a.visit_id = v.id)
          as last_press_at
      from visits v join restaurants rs on rs.id = v.restaurant_id
      where v.closed_at is null
        and not exists (select 1 from requests o where o.table_id = v.table_id and o.visit_id = v.id
          and o.status in ('pending', 'acknowledged'))
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
    )
    select id, table_id, reason from closed`,
  );
  return rows.map((r) => ({ id: r.id, tableId: r.table_id, reason: r.reason }));
}
