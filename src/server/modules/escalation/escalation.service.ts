/**
 * Escalation (issue 5): a request still pending after its restaurant's escalate_after_minutes (default 3) is
 * marked overdue once — every console re-sorts it to the top — and pushed again to its server and to the
 * restaurant's admin. A periodic sweep on every instance claims rows in the database, so it survives restarts and
 * several instances never escalate a request twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ServiceRequest } from '../../../shared/schemas';
import type { LiveService } from '../../live/live.service';
import type { PushService } from '../push/push.service';
import { toApiRequest } from '../requests/requests.mapper';
import { findRequest } from '../requests/requests.repo';
import { claimOverdueRequests } from './escalation.repo';

/** How often each instance looks for overdue requests: an escalation is at most this late. */
export const ESCALATION_SWEEP_MS = 10_000;

export class EscalationService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
    private readonly push: PushService,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts the periodic sweep (buildApp); 0 turns it off (tests call sweep() themselves). */
  start(intervalMs: number = ESCALATION_SWEEP_MS): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.sweep().catch((err: unknown) => this.log.error({ err }, 'escalation sweep failed'));
    }, intervalMs);
    // A sweep never keeps the process alive on its own.
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep under way, so the database can close after it. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Claims and escalates every overdue request; returns the ones this call escalated. */
  async sweep(now: number = this.clock()): Promise<ServiceRequest[]> {
    const work = this.escalate(now);
    this.running = work;
    try {
      return await work;
    } finally {
      if (this.running === work) this.running = undefined;
    }
  }

  private async escalate(now: number): Promise<ServiceRequest[]> {
    // The claim queues the pushes in the outbox; the push sender delivers them (with retries, after a crash too).
    const ids = await claimOverdueRequests(this.db, now, this.clock());
    const escalated: ServiceRequest[] = [];
    for (const id of ids) {
      const row = await findRequest(this.db, id);
      if (!row) continue;
      const request = toApiRequest(row, now);
      this.live.requestUpdated(request);
      escalated.push(request);
    }
    if (ids.length > 0) this.push.kick();
    if (escalated.length > 0) this.log.info({ count: escalated.length }, 'requests escalated');
    return escalated;
  }
}
