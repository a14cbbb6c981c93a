/**
 * Expired sessions are deleted in the background (issue 24, decision 062): a session row outlives its cookie by
 * nothing but disk. The same run deletes press blocks that ended more than a day ago and press origins older than 30
 * days (decision 089): each holds a guest's address key, and nothing needs them after that. Every instance prunes on a timer, a bounded number of rows per run in short statements, so a
 * backlog (the first run after an upgrade) never holds the database for long; what is left waits for the next run.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { BackgroundJob, yieldToEventLoop } from '../../background-job';
import { deleteExpiredSessions } from './auth.repo';
import { deleteEndedBlocks, deleteOldOrigins } from '../pranks/pranks.repo';

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
    return this.job.track(
      (async () => {
        const sessions = await this.deleteBatches((limit) =>
          deleteExpiredSessions(this.db, now, limit),
        );
        if (sessions > 0) this.log.info({ deleted: sessions }, 'expired sessions pruned');
        const blocks = await this.deleteBatches((limit) => deleteEndedBlocks(this.db, now, limit));
        if (blocks > 0) this.log.info({ deleted: blocks }, 'ended press blocks pruned');
        const origins = await this.deleteBatches((limit) => deleteOldOrigins(this.db, now, limit));
        if (origins > 0) this.log.info({ deleted: origins }, 'old press origins pruned');
        return sessions;
      })(),
    );
  }

  /** Short statements of at most SESSION_PRUNE_BATCH rows, SESSION_PRUNE_MAX_PER_RUN in all. */
  private async deleteBatches(deleteUpTo: (limit: number) => Promise<number>): Promise<number> {
    let deleted = 0;
    while (deleted < SESSION_PRUNE_MAX_PER_RUN && !this.job.stopping) {
      const limit = Math.min(SESSION_PRUNE_BATCH, SESSION_PRUNE_MAX_PER_RUN - deleted);
      const n = await deleteUpTo(limit);
      deleted += n;
      if (n < limit) break;
      await yieldToEventLoop();
    }
    return deleted;
  }
}
