/**
 * 'Restaurant Overview' in three statements (decision 044): the figures, the latest events, the servers. "Today"
 * starts at midnight in the restaurant's own time zone (`restaurants.time_zone`), computed by the database from the
 * caller's clock, so every figure of one answer shares the same day whatever the instance's zone. Every scan is an
 * index range over one restaurant (BENCHMARKS.md, "Dashboard at 1M requests").
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { isReminderSql } from '../requests/requests.repo';
import { restaurantDay } from '../restaurants/restaurants.repo';

/** Decision 097: the service timers' reminders are no guest's request, so no figure counts them. */
const NOT_REMINDER = sql.raw(`not ${isReminderSql('q')}`);

/** A staff_presence row (aliased `alias`) of an instance seen since `onlineSince` (decision 044, presence.ts). */
const liveInstance = (alias: string, onlineSince: number) =>
  sql`exists (select 1 from presence_instances i where i.instance_id = ${sql.raw(alias)}.instance_id
    and i.seen_at > ${onlineSince})`;

/** How many events Recent Activity shows. */
const RECENT_ACTIVITY_LIMIT = 20;

export interface DashboardFiguresRow {
  timeZone: string;
  dayStart: number;
  totalTables: number;
  activeServers: number;
  requestsToday: number;
  avgResponseMinutes: number | null;
  waitingNow: number;
  oldestWaitingAt: number | null;
}

/**
 * Active servers: servers with a console open now on any instance (a staff_presence row of a live instance). Average response:
 * completed requests made today, createdAt → updatedAt (SPEC §4), minutes to one decimal (SPEC §9), exact in
 * numeric. Waiting now: open requests (pending or taken, not yet completed or dismissed), and when the oldest of
 * them was made (decision 063) — both from requests_open_idx. Undefined: no such restaurant.
 */
export async function dashboardFigures(
  db: Executor,
  restaurantId: string,
  now: number,
  onlineSince: number,
): Promise<DashboardFiguresRow | undefined> {
  const [row] = await queryRows<{
    time_zone: string;
    day_start: string | number;
    total_tables: number;
    active_servers: number;
    requests_today: number;
    avg_response_minutes: number | null;
    waiting_now: number;
    oldest_waiting_at: string | number | null;
  }>(
    db,
    sql`
      with d as (${restaurantDay(restaurantId, now)})
      select d.time_zone, d.day_start,
        (select count(*) from tables t where t.restaurant_id = d.id)::int as total_tables,
        (select count(distinct p.user_id) from staff_presence p
          join users u on u.id = p.user_id and u.role = 'server'
          where p.restaurant_id = d.id and ${liveInstance('p', onlineSince)})::int as active_servers,
        (select count(*) from requests q
          where q.restaurant_id = d.id and ${NOT_REMINDER} and q.created_at >= d.day_start)::int as requests_today,
        (select round(avg(q.updated_at - q.created_at) / 60000.0, 1)::float8 from requests q
          where q.restaurant_id = d.id and ${NOT_REMINDER} and q.created_at >= d.day_start and q.status = 'completed'
        ) as avg_response_minutes,
        (select count(*) from requests q
          where q.restaurant_id = d.id and ${NOT_REMINDER} and q.status in ('pending', 'acknowledged'))::int as waiting_now,
        (select min(q.created_at) from requests q
          where q.restaurant_id = d.id and ${NOT_REMINDER} and q.status in ('pending', 'acknowledged')) as oldest_waiting_at
      from d`,
  );
  if (!row) return undefined;
  return {
    timeZone: row.time_zone,
    dayStart: Number(row.day_start),
    totalTables: row.total_tables,
    activeServers: row.active_servers,
    requestsToday: row.requests_today,
    avgResponseMinutes: row.avg_response_minutes === null ? null : Number(row.avg_response_minutes),
    waitingNow: row.waiting_now,
    oldestWaitingAt: row.oldest_waiting_at === null ? null : Number(row.oldest_waiting_at),
  };
}

export interface ActivityRow {
  kind: 'pressed' | 'taken' | 'completed' | 'dismissed' | 'escalated' | 'assigned' | 'unassigned';
  id: string;
  at: number;
  tableNumber: string;
  requestType: 'server' | 'order' | 'refill' | 'bill' | null;
  by: string | null;
}

/**
 * The restaurant's latest events, newest first. Presses, takes, completions/dismissals and escalations are read
 * from the request row's own timestamps (no second write per press, decision 018); assignments from
 * table_assignments. Each branch is a backward scan of its own index, stopped after `limit` rows; the merge sorts
 * at most 5 × limit rows. At the same millisecond the later step of a request's life comes first.
 */
export async function recentActivity(
  db: Executor,
  restaurantId: string,
  limit = RECENT_ACTIVITY_LIMIT,
): Promise<ActivityRow[]> {
  const rows = await queryRows<{
    kind: ActivityRow['kind'];
    id: string;
    at: string | number;
    table_number: string;
    request_type: ActivityRow['requestType'];
    by_name: string | null;
  }>(
    db,
    sql`
      select e.kind, e.id, e.at, t.number as table_number, e.request_type, u.name as by_name
      from (
        (select 'pressed' as kind, 0 as step, q.id, q.created_at as at, q.table_id, q.type as request_type,
            null::text as by_id
          from requests q where q.restaurant_id = ${restaurantId} and ${NOT_REMINDER}
          order by q.created_at desc limit ${limit})
        union all
        (select 'escalated', 1, q.id, q.escalated_at, q.table_id, q.type, null
          from requests q where q.restaurant_id = ${restaurantId} and ${NOT_REMINDER} and q.escalated_at is not null
          order by q.escalated_at desc limit ${limit})
        union all
        (select 'taken', 2, q.id, q.acknowledged_at, q.table_id, q.type, q.acknowledged_by
          from requests q where q.restaurant_id = ${restaurantId} and ${NOT_REMINDER} and q.acknowledged_at is not null
          order by q.acknowledged_at desc limit ${limit})
        union all
        (select q.status, 3, q.id, q.resolved_at, q.table_id, q.type, q.resolved_by
          from requests q where q.restaurant_id = ${restaurantId} and ${NOT_REMINDER} and q.resolved_at is not null
          order by q.resolved_at desc limit ${limit})
        union all
        (select a.kind, 4, a.id, a.at, a.table_id, null, a.server_id
          from table_assignments a where a.restaurant_id = ${restaurantId}
          order by a.at desc limit ${limit})
      ) e
      join tables t on t.id = e.table_id
      left join users u on u.id = e.by_id
      order by e.at desc, e.step desc, e.id
      limit ${limit}`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    at: Number(r.at),
    tableNumber: r.table_number,
    requestType: r.request_type,
    by: r.by_name,
  }));
}

export interface ServerStatusRow {
  id: string;
  name: string;
  online: boolean;
  tablesAssigned: number;
  openRequests: number;
  medianAckSecondsToday: number | null;
}

/**
 * Every server of the restaurant: online now (a fresh presence row on any instance), tables assigned now, open
 * requests they answer for — still pending for them (decision 004), or taken by them at any table (decision 063) —
 * and the median time from press to their first response today — taking the
 * request, or completing it directly when nobody took it first (decision 028) — in whole seconds. `dayStart` is
 * the figures' own (dashboardFigures), passed as a value: read from a CTE the planner cannot see the bound and, with
 * a million requests in one restaurant, scanned them all (300 ms); as a value both response scans are index ranges
 * (12 ms, BENCHMARKS.md).
 */
export async function serverStatus(
  db: Executor,
  restaurantId: string,
  dayStart: number,
  onlineSince: number,
): Promise<ServerStatusRow[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    online: boolean;
    tables_assigned: number;
    open_requests: number;
    median_ack_seconds: number | null;
  }>(
    db,
    sql`
      with responses as (
        select q.acknowledged_by as user_id, q.acknowledged_at - q.created_at as wait
          from requests q
          where q.restaurant_id = ${restaurantId} and ${NOT_REMINDER} and q.acknowledged_at >= ${dayStart}::bigint
        union all
        select q.resolved_by, q.resolved_at - q.created_at
          from requests q
          where q.restaurant_id = ${restaurantId} and ${NOT_REMINDER} and q.resolved_at >= ${dayStart}::bigint
            and q.acknowledged_at is null and q.status = 'completed'
      ),
      medians as (
        select user_id, round(percentile_cont(0.5) within group (order by wait) / 1000)::int as seconds
          from responses where user_id is not null group by user_id
      ),
      open_counts as (
        select case when q.status = 'acknowledged' then q.acknowledged_by else q.server_id end as user_id,
            count(*)::int as n
          from requests q
          where q.restaurant_id = ${restaurantId} and ${NOT_REMINDER} and q.status in ('pending', 'acknowledged')
          group by 1
      )
      select u.id, u.name,
        exists (select 1 from staff_presence p where p.user_id = u.id and ${liveInstance('p', onlineSince)})
          as online,
        -- Their own tables and, decision 078, their sections' tables with no server of their own.
        (select count(*) from tables t where t.server_id = u.id or (t.server_id is null and exists (
          select 1 from section_servers ss where ss.section_id = t.section_id and ss.server_id = u.id)))::int
          as tables_assigned,
        coalesce(o.n, 0) as open_requests,
        m.seconds as median_ack_seconds
      from users u
      left join open_counts o on o.user_id = u.id
      left join medians m on m.user_id = u.id
      where u.restaurant_id = ${restaurantId} and u.role = 'server'
      order by lower(u.name), u.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    online: r.online,
    tablesAssigned: r.tables_assigned,
    openRequests: r.open_requests,
    medianAckSecondsToday: r.median_ack_seconds === null ? null : Number(r.median_ack_seconds),
  }));
}

/** Decision 077: the restaurant's tables with no server of their own and none through their section. */
export async function uncoveredTables(
  db: Executor,
  restaurantId: string,
): Promise<{ id: string; number: string }[]> {
  return queryRows<{ id: string; number: string }>(
    db,
    sql`
      select t.id, t.number from tables t
      where t.restaurant_id = ${restaurantId} and t.server_id is null
        and not exists (select 1 from section_servers ss where ss.section_id = t.section_id)`,
  );
}
