/**
 * 'Restaurant Overview' (SPEC §2 /admin/dashboard, §9; decision 044): figures, Recent Activity and Server Status,
 * computed by the database for the owning admin only.
 */
import type { Db } from '../../db/client';
import { MSG } from '@shared/messages';
import type { DashboardResponse, Restaurant, RestaurantsOverviewResponse } from '@shared/schemas';
import { notFound } from '../../http/errors';
import { PRESENCE_TTL_MS } from '../../live/presence';
import { assertRestaurantAccess, type SessionUser } from '../../policy/policy';
import { sortTables } from '@shared/table-label';
import { isReminderType } from '@shared/request-types';
import { findRequests } from '../requests/requests.repo';
import { reachedNobody } from '../reach/reach.repo';
import { dashboardFigures, recentActivity, serverStatus, uncoveredTables } from './dashboard.repo';

/** Decision 091: the open calls that reached nobody the dashboard lists at most. */
const REACHED_NOBODY_LISTED = 20;

export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  async overview(user: SessionUser, restaurantId: string): Promise<DashboardResponse> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const now = this.clock();
    const onlineSince = now - PRESENCE_TTL_MS;
    // The figures first: they fix the restaurant's "today", which Server Status then reads as a value.
    const figures = await dashboardFigures(this.db, restaurantId, now, onlineSince);
    if (!figures) throw notFound(MSG.restaurantNotFound, 'restaurant_not_found');
    const [activity, servers, uncovered, nobody] = await Promise.all([
      recentActivity(this.db, restaurantId),
      serverStatus(this.db, restaurantId, figures.dayStart, onlineSince),
      uncoveredTables(this.db, restaurantId),
      reachedNobody(this.db, restaurantId, figures.dayStart, REACHED_NOBODY_LISTED),
    ]);
    const unreached = await findRequests(this.db, nobody.openIds);
    return {
      totalTables: figures.totalTables,
      activeServers: figures.activeServers,
      requestsToday: figures.requestsToday,
      avgResponseMinutes: figures.avgResponseMinutes,
      waitingNow: figures.waitingNow,
      longestWaitSeconds:
        figures.oldestWaitingAt === null
          ? null
          : Math.max(0, Math.floor((now - figures.oldestWaitingAt) / 1000)),
      timeZone: figures.timeZone,
      dayStart: figures.dayStart,
      recentActivity: activity.map((a) => ({
        id: `${a.kind}:${a.id}`,
        kind: a.kind,
        at: a.at,
        tableNumber: a.tableNumber,
        requestType: a.requestType,
        by: a.by,
      })),
      servers: servers.map((s) => ({
        id: s.id,
        name: s.name,
        online: s.online,
        tablesAssigned: s.tablesAssigned,
        openRequests: s.openRequests,
        medianAckSecondsToday: s.medianAckSecondsToday,
      })),
      uncoveredTables: sortTables(uncovered),
      reachedNobody: {
        today: nobody.today,
        // A reminder (decision 097) is never re-routed, so never here; the flatMap only narrows the type.
        open: unreached
          .sort((a, b) => a.createdAt - b.createdAt)
          .flatMap(({ id, tableId, tableNumber, type, createdAt }) =>
            isReminderType(type) ? [] : [{ id, tableId, tableNumber, type, createdAt }],
          ),
      },
    };
  }

  /**
   * Every restaurant of an owner at a glance (issue 26 item 6, decision 085): the dashboard's live figures of each,
   * in the owner's order. `restaurants` are the caller's own (RestaurantAdminService.list), so nothing of another
   * owner can be asked for; each figure is one index-range statement, and an owner has at most
   * MAX_RESTAURANTS_PER_ADMIN restaurants.
   */
  async restaurantsAtAGlance(restaurants: Restaurant[]): Promise<RestaurantsOverviewResponse> {
    const now = this.clock();
    const onlineSince = now - PRESENCE_TTL_MS;
    const glances = await Promise.all(
      restaurants.map(async (r) => {
        const figures = await dashboardFigures(this.db, r.id, now, onlineSince);
        // Deleted between the list and its figures: left out.
        if (!figures) return null;
        return {
          id: r.id,
          name: r.name,
          primaryColor: r.primaryColor,
          secondaryColor: r.secondaryColor,
          logoUrl: r.logoUrl,
          timeZone: figures.timeZone,
          waitingNow: figures.waitingNow,
          longestWaitSeconds:
            figures.oldestWaitingAt === null
              ? null
              : Math.max(0, Math.floor((now - figures.oldestWaitingAt) / 1000)),
          activeServers: figures.activeServers,
          requestsToday: figures.requestsToday,
        };
      }),
    );
    return { restaurants: glances.filter((g) => g !== null) };
  }
}
