import { ESCALATE_MINUTES_MIN } from '@shared/constants';

export interface PendingTiming {
  /** What the card shows as the waiting time. */
  elapsedMs: number;
  /** Whether the card is emphasised as overdue. */
  overdue: boolean;
}

/**
 * A pending card's waiting time and overdue emphasis, made to agree (issue 12: cards showed 'Overdue' beside
 * 'just now'). Overdue when the server says so (escalation, decision 012) or when the waiting time on this clock
 * has reached the restaurant's threshold; an overdue card never shows less than the threshold (the phone's clock
 * may run behind the server's).
 */
export function pendingTiming(
  createdAt: number,
  now: number,
  serverSaysOverdue: boolean,
  escalateAfterMinutes: number | null,
): PendingTiming {
  const elapsed = Math.max(0, now - createdAt);
  const thresholdMs = (escalateAfterMinutes ?? ESCALATE_MINUTES_MIN) * 60_000;
  const overdue = serverSaysOverdue || (escalateAfterMinutes !== null && elapsed >= thresholdMs);
  return { elapsedMs: overdue ? Math.max(elapsed, thresholdMs) : elapsed, overdue };
}
