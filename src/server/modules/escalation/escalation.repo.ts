/** SQL for escalation: claiming overdue requests exactly once, whichever instance sweeps first. */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/** The smallest escalate_after_minutes the settings accept (shared/schemas). */
const MIN_ESCALATE_MS = 60_000;

/**
 * Marks every request that has been pending for longer than its restaurant's escalate_after_minutes as escalated
 * and returns their ids. One statement: concurrent sweeps (several instances) each claim disjoint rows, because a
 * row already claimed no longer has escalated_at IS NULL when the second UPDATE re-checks it after the row lock.
 * The same statement queues each escalation's push in push_outbox (docs/decisions/013): a crash between the claim
 * and the send cannot lose it. `queuedAt` is the wall clock of the outbox (the sweep's `now` may be simulated).
 */
export async function claimOverdueRequests(
  db: Executor,
  now: number,
  queuedAt: number = now,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    with claimed as (
      update requests set escalated_at = ${now}
      where status = 'pending' and escalated_at is null
        -- Every restaurant waits at least a minute: this bound lets the sweep use requests_escalation_idx.
        and created_at <= ${now - MIN_ESCALATE_MS}
        and created_at <= ${now}::bigint - 60000::bigint * (
          select escalate_after_minutes from restaurants where restaurants.id = requests.restaurant_id)
      returning id, restaurant_id
    ), outboxed as (
      insert into push_outbox (id, request_id, restaurant_id, kind, created_at, next_attempt_at)
      select 'overdue:' || c.id, c.id, c.restaurant_id, 'overdue', ${queuedAt}, ${queuedAt} from claimed c
      on conflict (id) do nothing
    )
    select id from claimed`,
  );
  return rows.map((r) => r.id);
}
