/** 'Restaurant Overview' (SPEC §2 /admin/dashboard, §9): figures computed by the database, for the owner only. */
import type { Db } from '../../db/client';
import { MSG } from '../../../shared/messages';
import type { DashboardResponse } from '../../../shared/schemas';
import { badRequest, notFound } from '../../http/errors';
import type { SessionUser } from '../auth/auth.service';
import { assertRestaurantAccess } from '../../policy/policy';
import { dashboardFigures } from './dashboard.repo';

/**
 * SPEC §9 counts today's requests from the viewer's local midnight, which the client sends. Local midnight is at
 * most ~25 hours back (DST); 48 hours leaves room for a client clock that is off, and an hour ahead likewise.
 */
export const SINCE_MAX_AGE_MS = 48 * 3_600_000;
export const SINCE_MAX_AHEAD_MS = 3_600_000;

export class DashboardService {
  constructor(private readonly db: Db) {}

  async figures(
    user: SessionUser,
    restaurantId: string,
    since: number,
  ): Promise<DashboardResponse> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const now = Date.now();
    if (since < now - SINCE_MAX_AGE_MS || since > now + SINCE_MAX_AHEAD_MS) {
      throw badRequest(MSG.dashboardSinceInvalid, 'invalid_since');
    }
    const figures = await dashboardFigures(this.db, restaurantId, since, now);
    if (!figures) throw notFound(MSG.restaurantNotFound, 'restaurant_not_found');
    return figures;
  }
}
