/**
 * Expired sessions are deleted in the background (issue 24, decision 062): a session row outlives its cookie by
 * nothing but disk. Every instance prunes on a timer, a bounded number of rows per run in short statements, so a
 * backlog (the first run after an upgrade) never holds the database for long; what is left waits for the next run.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { BackgroundJob, yieldToEventLoop } from '../../background-job';
import { deleteExpiredSessions } from './auth.repo';

/** How often each instance prunes: an expired row lingers this long at most (beyond a backlog). */
export const SESSION_PRUNE_MS = 15 * 60_000;
/** Rows per statement, and per run at most (decision 062). */
const SESSION_PRUNE_BATCH = 500;
export const SESSION_PRUNE_MAX_PER_RUN = 5_000;

export class SessionPruner {
  private readonly job: BackgroundJob;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
  ) {
    this.job = new BackgroundJob('session prune', log);
  }

  /** Starts the periodic prune (buildApp); 0 turns it off (tests call prune() themselves). */
  start(intervalMs: number = SESSION_PRUNE_MS): void {
    this.job.start(intervalMs, () => this.prune());
  }

  /** Stops the timer and waits for a run under way (it ends after its current statement). */
  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One run: deletes sessions expired at `now`, at most SESSION_PRUNE_MAX_PER_RUN; returns how many it deleted. */
  prune(now: number = this.clock()): Promise<number> {
    return this.job.track(this.deleteBatches(now));
  }

  private async deleteBatches(now: number): Promise<number> {
    let deleted = 0;
    while (deleted < SESSION_PRUNE_MAX_PER_RUN && !this.job.stopping) {
      const limit = Math.min(SESSION_PRUNE_BATCH, SESSION_PRUNE_MAX_PER_RUN - deleted);
      const n = await deleteExpiredSessions(this.db, now, limit);
      deleted += n;
      if (n < limit) break;
      await yieldToEventLoop();
    }
    if (deleted > 0) this.log.info({ deleted }, 'expired sessions pruned');
    return deleted;
  }
}
