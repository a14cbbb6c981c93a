/** SQL for escalation: claiming overdue requests exactly once, whichever instance sweeps first. */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { requests, restaurants } from '../../db/schema';

/** The smallest escalate_after_minutes the settings accept (shared/schemas). */
const MIN_ESCALATE_MS = 60_000;

/**
 * Marks every request that has been pending for longer than its restaurant's escalate_after_minutes as escalated
 * and returns their ids. One UPDATE: concurrent sweeps (several instances) each claim disjoint rows, because a
 * row already claimed no longer has escalated_at IS NULL when the second UPDATE re-checks it after the row lock.
 */
export async function claimOverdueRequests(db: Executor, now: number): Promise<string[]> {
  const rows = await db
    .update(requests)
    .set({ escalatedAt: now })
    .where(
      and(
        eq(requests.status, 'pending'),
        isNull(requests.escalatedAt),
        // Every restaurant waits at least a minute: this bound lets the sweep use requests_escalation_idx.
        lte(requests.createdAt, now - MIN_ESCALATE_MS),
        lte(
          requests.createdAt,
          sql`${now}::bigint - 60000::bigint * (select ${restaurants.escalateAfterMinutes} from ${restaurants} where ${restaurants.id} = ${requests.restaurantId})`,
        ),
      ),
    )
    .returning({ id: requests.id });
  return rows.map((r) => r.id);
}
