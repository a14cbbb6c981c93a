/**
 * The honest wait (issue 29 item 5, decision 071): "Usually answered in about N min at this hour", from the
 * restaurant's own answered requests of the last 28 days pressed in the same hour of the day, in its own time zone.
 * A type with fewer than USUAL_WAIT_MIN_ANSWERED answered requests says nothing: a median of a handful is not
 * honest. Cheap: one range scan per restaurant (requests.repo usualWaitsAt), kept for USUAL_WAIT_CACHE_MS in this
 * instance, so every guest page's load and 15 s re-check reads memory.
 */
import type { Db } from '../../db/client';
import type { UsualWaits } from '@shared/schemas';
import { usualWaitsAt } from '../requests/requests.repo';

/** The days the medians look back over. */
const USUAL_WAIT_DAYS = 28;
/** Answered requests of a type at this hour, at least, before its median is shown. */
export const USUAL_WAIT_MIN_ANSWERED = 10;
/** How long one restaurant's medians are kept; at most this late at the turn of an hour. */
const USUAL_WAIT_CACHE_MS = 10 * 60_000;
/** Restaurants kept at once; the oldest entry goes first. */
const CACHE_MAX = 10_000;

export class UsualWaitsCache {
  private readonly cache = new Map<string, { until: number; waits: Promise<UsualWaits> }>();

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The restaurant's usual waits now; types without enough answered requests are left out. */
  get(restaurantId: string): Promise<UsualWaits> {
    const now = this.clock();
    const kept = this.cache.get(restaurantId);
    if (kept && kept.until > now) return kept.waits;
    const waits = this.read(restaurantId, now);
    this.cache.delete(restaurantId);
    if (this.cache.size >= CACHE_MAX) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(restaurantId, { until: now + USUAL_WAIT_CACHE_MS, waits });
    // A failed read is not kept: the next load tries again.
    waits.catch(() => this.cache.delete(restaurantId)).catch(() => undefined);
    return waits;
  }

  private async read(restaurantId: string, now: number): Promise<UsualWaits> {
    const rows = await usualWaitsAt(this.db, restaurantId, now, USUAL_WAIT_DAYS);
    const waits: UsualWaits = {};
    for (const row of rows)
      if (row.answered >= USUAL_WAIT_MIN_ANSWERED && row.median_ms !== null)
        waits[row.type] = Math.max(1, Math.round(row.median_ms / 60_000));
    return waits;
  }
}
