/**
 * A party's visit at a table (issue 27 item 4, decisions 092, 093): staff seat a table (or its first press does) and
 * clear it when the party leaves; a sweep on every instance closes the visits whose bill was completed a while ago,
 * and the long idle ones. The guest page shows only the current visit (requests.repo listOpenForTable).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { MSG } from '@shared/messages';
import type { Table } from '@shared/schemas';
import { conflict, forbidden, notFound } from '../../http/errors';
import { BackgroundJob, yieldToEventLoop } from '../../background-job';
import { canAccessRestaurant, canSeeTable, worksAt, type SessionUser } from '../../policy/policy';
import { findTable } from '../tables/tables.repo';
import {
  clearTable,
  closeDueVisits,
  makeDueReminders,
  seatTable,
  type MadeReminder,
  type SweptVisit,
} from './visits.repo';

/** What one sweep did: the visits it closed, and the reminders it made (decision 097). */
export interface SweepResult {
  closed: SweptVisit[];
  reminders: MadeReminder[];
}

/** How often each instance sweeps the open visits: a visit closes at most this late. */
export const VISITS_SWEEP_MS = 30_000;
/** Decision 092: a visit in which nothing happened for this long is closed (a party that left unnoticed). */
export const VISIT_IDLE_MS = 4 * 60 * 60_000;
const SWEEP_BATCH = 200;
const SWEEP_MAX_PER_TICK = 2_000;

const tableNotFound = () => notFound(MSG.tableNotFound, 'table_not_found');

export class VisitsService {
  private readonly job: BackgroundJob;

  constructor(
    private readonly db: Db,
    /** Reads a table as the API shows it, and tells every console a table changed. */
    private readonly tables: {
      get: (tableId: string) => Promise<Table>;
      publish: (tableIds: string[]) => Promise<void>;
    },
    /**
     * Announces requests this module dismissed (requests.service announceUpdated), and the reminders it made
     * (announceCreated, decision 097).
     */
    private readonly announce: {
      updated: (requestIds: readonly string[]) => Promise<void>;
      created: (requestIds: readonly string[], pushQueued: boolean) => Promise<void>;
    },
    log: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
  ) {
    this.job = new BackgroundJob('visits sweep', log);
  }

  /**
   * Who may seat or clear a table (decision 093): the owning admin, any table of the restaurant; a server, the tables
   * they see (their own, their section's, uncovered ones) — a colleague's table is theirs to clear (403). Another
   * restaurant's table answers as a missing one.
   */
  private async tableFor(user: SessionUser, tableId: string) {
    const row = await findTable(this.db, tableId);
    if (!row) throw tableNotFound();
    if (user.role === 'admin') {
      if (!(await canAccessRestaurant(this.db, user, row.restaurantId))) throw tableNotFound();
    } else {
      if (!worksAt(user, row.restaurantId)) throw tableNotFound();
      if (!canSeeTable(user, row)) throw forbidden(MSG.notYourTable, 'not_your_table');
    }
    return row;
  }

  /** Seat: a party sat down before anyone pressed; its visit (and time seated) starts now. */
  async seat(user: SessionUser, tableId: string): Promise<Table> {
    const row = await this.tableFor(user, tableId);
    const opened = await seatTable(this.db, {
      restaurantId: row.restaurantId,
      tableId,
      visitId: randomUUID(),
      by: user.id,
      now: this.clock(),
    });
    if (!opened) throw conflict(MSG.tableAlreadySeated, 'table_seated');
    await this.tables.publish([tableId]);
    return this.tables.get(tableId);
  }

  /**
   * Clear table: the party left. Its visit closes, its open requests are dismissed (decision 093) and the table is
   * free for the next party at once. Refused (409) when there is nothing to clear: no visit and no open request.
   */
  async clear(user: SessionUser, tableId: string): Promise<Table> {
    const row = await this.tableFor(user, tableId);
    const cleared = await clearTable(this.db, {
      restaurantId: row.restaurantId,
      tableId,
      by: user.id,
      now: this.clock(),
    });
    if (!cleared) throw tableNotFound();
    if (cleared.visitId === null && cleared.dismissedIds.length === 0)
      throw conflict(MSG.tableAlreadyClear, 'table_clear');
    await this.announce.updated(cleared.dismissedIds);
    await this.tables.publish([tableId]);
    return this.tables.get(tableId);
  }

  /** Starts the periodic sweep; 0 turns it off (tests call sweep() themselves). */
  start(intervalMs: number = VISITS_SWEEP_MS): void {
    this.job.start(intervalMs, () => this.sweep());
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /**
   * One tick: closes due visits in bounded batches and tells every console their tables are free (with the open
   * reminders of those visits dismissed), then makes the service timers' due reminders (decision 097). `now` is the
   * sweep's clock (tests pass it).
   */
  sweep(now: number = this.clock()): Promise<SweepResult> {
    return this.job.track(this.run(now));
  }

  private async run(now: number): Promise<SweepResult> {
    const closed: SweptVisit[] = [];
    while (closed.length < SWEEP_MAX_PER_TICK) {
      const batch = await closeDueVisits(this.db, now, VISIT_IDLE_MS, SWEEP_BATCH);
      closed.push(...batch);
      if (batch.length > 0) {
        await this.announce.updated(batch.flatMap((v) => v.dismissedIds));
        await this.tables.publish(batch.map((v) => v.tableId));
      }
      if (batch.length < SWEEP_BATCH || this.job.stopping) break;
      await yieldToEventLoop();
    }
    const reminders: MadeReminder[] = [];
    while (!this.job.stopping && reminders.length < SWEEP_MAX_PER_TICK) {
      const batch = await makeDueReminders(this.db, now, SWEEP_BATCH);
      reminders.push(...batch);
      const queued = batch.filter((r) => r.pushQueued).map((r) => r.id);
      const quiet = batch.filter((r) => !r.pushQueued).map((r) => r.id);
      if (queued.length > 0) await this.announce.created(queued, true);
      if (quiet.length > 0) await this.announce.created(quiet, false);
      // Each kind is limited to a batch per statement: a full batch of either may leave more.
      if (batch.length < SWEEP_BATCH) break;
      await yieldToEventLoop();
    }
    return { closed, reminders };
  }
}
