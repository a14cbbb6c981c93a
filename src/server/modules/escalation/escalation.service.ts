/**
 * Escalation (issue 5): a request still pending after its restaurant's escalate_after_minutes (default 3) is
 * marked overdue once — every console re-sorts it to the top — and pushed again to its server and to the
 * restaurant's admin. A periodic sweep on every instance claims rows in the database, so it survives restarts and
 * several instances never escalate a request twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ServiceRequest } from '@shared/schemas';
import type { LiveService } from '../../live/live.service';
import type { Metrics } from '../../metrics/metrics';
import type { PushService } from '../push/push.service';
import { toApiRequest } from '../requests/requests.mapper';
import { BackgroundJob, yieldToEventLoop } from '../../background-job';
import { claimOverdueBatch } from './escalation.repo';

/** How often each instance looks for overdue requests: an escalation is at most this late (unless a backlog). */
export const ESCALATION_SWEEP_MS = 10_000;
/**
 * Decision 027: requests claimed per statement, and per tick at most. On PGlite every statement runs on the main
 * thread, so one claim of 1,000 rows (read back one by one) held every guest press for seconds; a batch is short,
 * the sweep yields to the event loop between batches, and a backlog beyond one tick's bound waits for the next tick.
 */
export const ESCALATION_BATCH = 100;
export const ESCALATION_MAX_PER_TICK = 500;

export class EscalationService {
  private readonly job: BackgroundJob;

  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
    private readonly push: PushService,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: Metrics,
    private readonly clock: () => number = Date.now,
  ) {
    this.job = new BackgroundJob('escalation sweep', log);
  }

  /** Starts the periodic sweep (buildApp); 0 turns it off (tests call sweep() themselves). */
  start(intervalMs: number = ESCALATION_SWEEP_MS): void {
    this.job.start(intervalMs, () => this.sweep());
  }

  /** Stops the timer and waits for a sweep under way (it ends after its current batch), so the database can close. */
  stop(): Promise<void> {
    return this.job.stop();
  }

  /**
   * One tick: claims and escalates overdue requests, oldest first, in batches of ESCALATION_BATCH and at most
   * ESCALATION_MAX_PER_TICK of them; the rest are left to the next tick. Returns the ones this call escalated.
   */
  sweep(now: number = this.clock()): Promise<ServiceRequest[]> {
    return this.job.track(this.escalate(now));
  }

  private async escalate(now: number): Promise<ServiceRequest[]> {
    const escalated: ServiceRequest[] = [];
    while (escalated.length < ESCALATION_MAX_PER_TICK) {
      const limit = Math.min(ESCALATION_BATCH, ESCALATION_MAX_PER_TICK - escalated.length);
      // The claim queues the pushes in the outbox; the push sender delivers them (with retries, after a crash too).
      const rows = await claimOverdueBatch(this.db, now, limit, this.clock());
      for (const row of rows) {
        const request = toApiRequest(row, now);
        this.live.requestUpdated(request);
        escalated.push(request);
      }
      if (rows.length > 0) this.push.kick();
      if (rows.length < limit || this.job.stopping) break;
      await yieldToEventLoop();
    }
    this.metrics.escalated(escalated.length);
    if (escalated.length > 0) this.log.info({ count: escalated.length }, 'requests escalated');
    return escalated;
  }
}
