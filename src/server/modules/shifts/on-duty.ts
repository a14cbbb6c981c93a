/**
 * Who is on duty (decision 094), in ONE place: a server is on duty while they have an open shift (shifts.ended_at is
 * null) at the restaurant. A restaurant where nobody is on duty right now routes as before shifts existed (every
 * server counts); once anyone is on duty, "the section's servers" and "everyone" narrow to the servers on duty
 * (decision 078, "On duty"). The SQL fragments below are what the press statement embeds (no extra round trip);
 * `serversOnDuty` is the same rule for code that routes outside the press.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { shifts } from '../../db/schema';

/**
 * SQL: `server` (an expression) is on duty at `restaurant` (an expression). Served by the partial unique index
 * shifts_open_unique (restaurant_id, server_id) where ended_at is null.
 */
export const onDutySql = (server: string, restaurant: string) =>
  `exists (select 1 from shifts od where od.restaurant_id = ${restaurant} and od.server_id = ${server} and od.ended_at is null)`;

/** SQL: anyone is on duty at `restaurant`: shifts are in use there right now. */
const shiftsInUseSql = (restaurant: string) =>
  `exists (select 1 from shifts od where od.restaurant_id = ${restaurant} and od.ended_at is null)`;

/**
 * SQL: the servers on duty at `restaurant`, as an ordered text[]; null when nobody is (every server counts). Also what
 * a re-routed call reaches (decision 091): requests are read with it (requests.repo, escalation.repo).
 */
export const onDutyIdsSql = (restaurant: string) =>
  `(select array_agg(od.server_id order by od.server_id) from shifts od where od.restaurant_id = ${restaurant} and od.ended_at is null)`;

/**
 * SQL for a table with no server of its own (decision 078 with decision 094): the servers its work is routed to, as
 * the press stores them in requests.section_server_ids. With nobody on duty: the section's assigned servers (empty:
 * everyone), as before. With someone on duty: the section's assigned servers who are on duty; none of them: every
 * server on duty. `section` and `restaurant` are the table's columns.
 */
export const routedServerIdsSql = (section: string, restaurant: string) =>
  `coalesce((select array_agg(ss.server_id order by ss.server_id) from section_servers ss
      where ss.section_id = ${section}
        and (not ${shiftsInUseSql(restaurant)} or ${onDutySql('ss.server_id', restaurant)})),
    ${onDutyIdsSql(restaurant)}, '{}'::text[])`;

/**
 * The servers on duty at a restaurant, by id; null when nobody is on duty, which means every active server (shifts
 * not in use right now). For routing outside the press (e.g. re-routing an unanswered call).
 */
export async function serversOnDuty(db: Executor, restaurantId: string): Promise<string[] | null> {
  const rows = await db
    .select({ serverId: shifts.serverId })
    .from(shifts)
    .where(and(eq(shifts.restaurantId, restaurantId), isNull(shifts.endedAt)))
    .orderBy(asc(shifts.serverId));
  return rows.length === 0 ? null : rows.map((r) => r.serverId);
}
