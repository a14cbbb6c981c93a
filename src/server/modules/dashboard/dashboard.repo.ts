import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { restaurants } from '../../db/schema';

export interface DashboardFigures {
  totalTables: number;
  activeServers: number;
  requestsToday: number;
  avgResponseMinutes: number | null;
}

/**
 * The four figures of 'Restaurant Overview' in one statement of aggregates; no row is fetched.
 * Active servers: docs/decisions/006-active-servers.md. Average response: completed requests, createdAt →
 * updatedAt (SPEC §4), in minutes rounded to one decimal (SPEC §9), exact in numeric.
 */
export async function dashboardFigures(
  db: Executor,
  restaurantId: string,
  since: number,
  now: number,
): Promise<DashboardFigures | undefined> {
  // Written as plain SQL with aliases: inside select fields drizzle renders columns unqualified, which would be
  // ambiguous in the join.
  const [row] = await db
    .select({
      totalTables: sql<number>`(
        select count(*) from tables t where t.restaurant_id = ${restaurantId}
      )::int`.mapWith(Number),
      activeServers: sql<number>`(
        select count(*) from users u
        where u.restaurant_id = ${restaurantId} and u.role = 'server'
          and exists (select 1 from sessions s where s.user_id = u.id and s.expires_at > ${now})
      )::int`.mapWith(Number),
      requestsToday: sql<number>`(
        select count(*) from requests q
        where q.restaurant_id = ${restaurantId} and q.created_at >= ${since}
      )::int`.mapWith(Number),
      avgResponseMinutes: sql<number | null>`(
        select round(avg(q.updated_at - q.created_at) / 60000.0, 1)::float8 from requests q
        where q.restaurant_id = ${restaurantId} and q.status = 'completed'
      )`.mapWith(Number),
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row;
}
