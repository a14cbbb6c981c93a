import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { isReminderSql } from '../requests/requests.repo';
import type { AnalyticsPeriod } from '@shared/analytics';
import type { RequestType } from '@shared/rules';

export interface PeriodBounds {
  timeZone: string;
  /** First and last day of the period (YYYY-MM-DD, inclusive) in the restaurant's zone. */
  start: string;
  end: string;
  /** [from, to) in ms. */
  from: number;
  to: number;
}

/**
 * The period around `date` (or the restaurant's today at `now`) in the restaurant's own zone, computed by the
 * database so DST is PostgreSQL's tz data's business: a local midnight `AT TIME ZONE` the zone is the instant. A
 * week is ISO (Monday first, date_trunc('week')), a month the calendar month. Undefined: no such restaurant.
 */
export async function periodBounds(
  db: Executor,
  restaurantId: string,
  period: AnalyticsPeriod,
  date: string | undefined,
  now: number,
): Promise<PeriodBounds | undefined> {
  const [row] = await queryRows<{
    time_zone: string;
    start: string;
    end: string;
    from_ms: string | number;
    to_ms: string | number;
  }>(
    db,
    sql`
      with d as (
        select r.time_zone,
          date_trunc(${period}::text,
            coalesce(${date ?? null}::date, (to_timestamp(${now}::float8 / 1000) at time zone r.time_zone)::date)::timestamp
          ) as s
        from restaurants r where r.id = ${restaurantId}
      ), p as (select time_zone, s, s + ('1 ' || ${period}::text)::interval as e from d)
      select time_zone,
        to_char(s, 'YYYY-MM-DD') as start,
        to_char(e - interval '1 day', 'YYYY-MM-DD') as "end",
        (extract(epoch from s at time zone time_zone) * 1000)::bigint as from_ms,
        (extract(epoch from e at time zone time_zone) * 1000)::bigint as to_ms
      from p`,
  );
  if (!row) return undefined;
  return {
    timeZone: row.time_zone,
    start: row.start,
    end: row.end,
    from: Number(row.from_ms),
    to: Number(row.to_ms),
  };
}

export interface FiguresRow {
  kind: 'total' | 'hour' | 'server' | 'type' | 'table' | 'day';
  day: string | null;
  hour: number | null;
  server_id: string | null;
  server_name: string | null;
  type: RequestType | null;
  table_id: string | null;
  table_number: string | null;
  count: number;
  completed: number;
  dismissed: number;
  escalated: number;
  ack_median: number | null;
  ack_p90: number | null;
  complete_median: number | null;
  complete_p90: number | null;
  not_resolved: number;
  ratings: number;
  rating_avg: number | null;
}

/**
 * Every figure of the analytics page in one scan of the period's requests (requests_restaurant_created_idx):
 * GROUPING SETS gives the totals and the groups by local hour, by who took the request, by type and by table
 * together; percentile_cont ignores the nulls of requests that do not count for a time (decision 046).
 */
export async function periodFigures(
  db: Executor,
  restaurantId: string,
  timeZone: string,
  from: number,
  to: number,
): Promise<FiguresRow[]> {
  const rows = await queryRows<FiguresRow>(
    db,
    sql`
      with q as (
        select r.table_id, r.type, r.status, r.escalated_at, r.outcome, r.rating,
          extract(hour from to_timestamp(r.created_at::float8 / 1000) at time zone ${timeZone})::int as hour,
          to_char(to_timestamp(r.created_at::float8 / 1000) at time zone ${timeZone}, 'YYYY-MM-DD') as day,
          coalesce(r.acknowledged_by, r.resolved_by) as handler,
          (case
            when r.acknowledged_at is not null then r.acknowledged_at - r.created_at
            when r.status = 'completed' then r.resolved_at - r.created_at
          end)::float8 as ack_ms,
          (case when r.status = 'completed' then r.resolved_at - r.created_at end)::float8 as complete_ms
        from requests r
        where r.restaurant_id = ${restaurantId} and r.created_at >= ${from} and r.created_at < ${to}
          -- A call its guest took back before anyone took it was a mistake, not a request (decision 071).
          and r.status <> 'cancelled'
          -- Decision 097: the service timers' reminders are the staff's, not the guests' requests.
          and not ${sql.raw(isReminderSql('r'))}
      ), g as (
        select
          case
            when grouping(hour) = 0 then 'hour'
            when grouping(handler) = 0 then 'server'
            when grouping(type) = 0 then 'type'
            when grouping(table_id) = 0 then 'table'
            when grouping(day) = 0 then 'day'
            else 'total'
          end as kind,
          hour, handler, type, table_id, day,
          count(*)::int as count,
          (count(*) filter (where status = 'completed'))::int as completed,
          (count(*) filter (where status = 'dismissed'))::int as dismissed,
          count(escalated_at)::int as escalated,
          percentile_cont(0.5) within group (order by ack_ms) as ack_median,
          percentile_cont(0.9) within group (order by ack_ms) as ack_p90,
          percentile_cont(0.5) within group (order by complete_ms) as complete_median,
          percentile_cont(0.9) within group (order by complete_ms) as complete_p90,
          (count(*) filter (where outcome = 'not_resolved'))::int as not_resolved,
          count(rating)::int as ratings,
          avg(rating)::float8 as rating_avg
        from q
        group by grouping sets ((hour), (handler), (type), (table_id), (day), ())
      )
      select g.kind, g.hour, g.day, g.handler as server_id, u.name as server_name, g.type, g.table_id,
        t.number as table_number, g.count, g.completed, g.dismissed, g.escalated,
        g.ack_median, g.ack_p90, g.complete_median, g.complete_p90, g.not_resolved, g.ratings, g.rating_avg
      from g
      left join users u on u.id = g.handler
      left join tables t on t.id = g.table_id`,
  );
  return rows;
}

export interface RatingRow {
  id: string;
  rated_at: string | number;
  rating: number;
  rating_comment: string | null;
  table_number: string | null;
  server_name: string | null;
}

/**
 * The period's private ratings (decision 083), newest first: the bills pressed in the period that their guest rated
 * (the same range of requests_restaurant_created_idx as the figures), with who took or completed the bill.
 */
export async function periodRatings(
  db: Executor,
  restaurantId: string,
  from: number,
  to: number,
  limit: number,
): Promise<RatingRow[]> {
  return queryRows<RatingRow>(
    db,
    sql`
      select r.id, r.rated_at, r.rating, r.rating_comment, t.number as table_number, u.name as server_name
      from requests r
      left join tables t on t.id = r.table_id
      left join users u on u.id = coalesce(r.acknowledged_by, r.resolved_by)
      where r.restaurant_id = ${restaurantId} and r.created_at >= ${from} and r.created_at < ${to}
        and r.rating is not null
      order by r.rated_at desc, r.id
      limit ${limit}`,
  );
}

/** A party's visits (decision 092) opened on one local day of the period (day null: the whole period). */
export interface VisitFiguresRow {
  day: string | null;
  count: number;
  closed: number;
  seated_median: number | string | null;
  calls_avg: number | string | null;
  bill_median: number | string | null;
}

/**
 * The period's visits (decision 092), per local day they opened and for the whole period: how many, how many closed,
 * the median time seated (closed ones), the average calls per visit (cancelled presses do not count) and the median
 * time from sitting down to the first bill request. visits_restaurant_opened_idx serves the range; the calls are read
 * from the restaurant's requests since the period's start (requests_restaurant_created_idx).
 */
export async function periodVisits(
  db: Executor,
  restaurantId: string,
  timeZone: string,
  from: number,
  to: number,
): Promise<VisitFiguresRow[]> {
  const rows = await queryRows<VisitFiguresRow>(
    db,
    sql`
      with v as (
        select id, opened_at, closed_at,
          to_char(to_timestamp(opened_at::float8 / 1000) at time zone ${timeZone}, 'YYYY-MM-DD') as day
        from visits where restaurant_id = ${restaurantId} and opened_at >= ${from} and opened_at < ${to}
      ), c as (
        select r.visit_id, count(*) filter (where r.status <> 'cancelled') as calls,
          min(r.created_at) filter (where r.type = 'bill' and r.status <> 'cancelled') as first_bill_at
        from requests r
        where r.restaurant_id = ${restaurantId} and r.created_at >= ${from}
          and r.visit_id in (select id from v)
          and not ${sql.raw(isReminderSql('r'))}
        group by r.visit_id
      )
      select v.day, count(*)::int as count, count(v.closed_at)::int as closed,
        percentile_cont(0.5) within group (order by (v.closed_at - v.opened_at)::float8) as seated_median,
        avg(coalesce(c.calls, 0))::float8 as calls_avg,
        percentile_cont(0.5) within group (order by (c.first_bill_at - v.opened_at)::float8) as bill_median
      from v left join c on c.visit_id = v.id
      group by grouping sets ((v.day), ())`,
  );
  return rows;
}

export interface DutyRow {
  server_id: string;
  name: string;
  shifts: number;
  on_duty_ms: number | string;
}

/**
 * Who was on duty in [from, to) (decision 096): per server, the shifts overlapping the period and their time inside
 * it; a shift still open counts until `now`. shifts_restaurant_started_idx serves the range (a shift starts before it
 * ends, so one that overlaps the period started before `to`).
 */
export async function periodDuty(
  db: Executor,
  restaurantId: string,
  from: number,
  to: number,
  now: number,
): Promise<DutyRow[]> {
  return queryRows<DutyRow>(
    db,
    sql`
      select s.server_id, u.name, count(*)::int as shifts,
        sum(greatest(0, least(coalesce(s.ended_at, ${now}::bigint), ${to}::bigint)
          - greatest(s.started_at, ${from}::bigint)))::float8 as on_duty_ms
      from shifts s join users u on u.id = s.server_id
      where s.restaurant_id = ${restaurantId} and s.started_at < ${to}::bigint
        and coalesce(s.ended_at, ${now}::bigint) > ${from}::bigint
      group by s.server_id, u.name`,
  );
}
