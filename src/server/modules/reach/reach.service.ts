/**
 * An alert's reach (issue 28 item 3, decision 091). Each device confirms when it has shown a call's alert (the open
 * console when it renders a live call, the service worker when a push arrives): a receipt. A periodic sweep on every
 * instance re-routes the calls no device confirmed within the restaurant's receipt_timeout_seconds — first to every
 * server on duty, then, as long again later, to the admin too — and, for a restaurant that wants it (pager style),
 * repeats an open call's alert every receipt_timeout_seconds until someone takes it. The state lives on the request
 * row (reach_stage, receipted_at, realerted_at), so every instance sees the same and a restart loses nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { MSG } from '@shared/messages';
import type { ServiceRequest } from '@shared/schemas';
import type { LiveService } from '../../live/live.service';
import { notFound } from '../../http/errors';
import { canSeeRequest, assertRestaurantAccess, type SessionUser } from '../../policy/policy';
import type { PushService } from '../push/push.service';
import { findRequest, findRequests } from '../requests/requests.repo';
import { routingOf, toApiRequest } from '../requests/requests.mapper';
import { BackgroundJob, yieldToEventLoop } from '../../background-job';
import { claimReachBatch, markReceipted } from './reach.repo';

/** How often each instance sweeps: a re-route is at most this late after its timeout (issue 28: within N + 2 s). */
export const REACH_SWEEP_MS = 1_000;
const REACH_BATCH = 100;
const REACH_MAX_PER_TICK = 1_000;

export class ReachService {
  private readonly job: BackgroundJob;

  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
    private readonly push: PushService,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
  ) {
    this.job = new BackgroundJob('reach sweep', log);
  }

  /** Starts the periodic sweep; 0 turns it off (tests call sweep() themselves). */
  start(intervalMs: number = REACH_SWEEP_MS): void {
    this.job.start(intervalMs, () => this.sweep());
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /**
   * POST /api/requests/:requestId/receipt: this device showed the call's alert. Only someone the call reaches now
   * may confirm it: a server it is routed to (or every server on duty once re-routed), the owning admin once it
   * reached the admin; anyone else, and another restaurant's call, is 404 as if it did not exist. A receipt for a
   * call that is no longer pending, or already confirmed, changes nothing.
   */
  async receipt(user: SessionUser, requestId: string): Promise<void> {
    const row = await findRequest(this.db, requestId);
    const missing = () => notFound(MSG.requestNotFound, 'request_not_found');
    if (!row) throw missing();
    const { reach } = routingOf(row);
    if (user.role === 'admin') {
      await assertRestaurantAccess(this.db, user, row.restaurantId).catch(() => {
        throw missing();
      });
      // An admin's device is alerted only once the call reached the admin; an earlier receipt would hide a call
      // that never reached its servers.
      if (reach !== 'admin') return;
    } else if (!canSeeRequest(user, routingOf(row))) {
      throw missing();
    }
    await markReceipted(this.db, requestId, this.clock());
  }

  /**
   * One tick: widens or repeats due calls, oldest first, in batches; returns the calls this call changed (with their
   * new reach), published live so every console and dashboard follows.
   */
  sweep(now: number = this.clock()): Promise<ServiceRequest[]> {
    return this.job.track(this.run(now));
  }

  private async run(now: number): Promise<ServiceRequest[]> {
    const changed: ServiceRequest[] = [];
    let claimedCount = 0;
    while (claimedCount < REACH_MAX_PER_TICK) {
      const limit = Math.min(REACH_BATCH, REACH_MAX_PER_TICK - claimedCount);
      const claimed = await claimReachBatch(this.db, now, limit, this.clock());
      claimedCount += claimed.length;
      if (claimed.length > 0) this.push.kick();
      // Only a widened call changes what anyone sees; a repeat is only a push.
      const widened = claimed.filter((c) => c.stage !== c.fromStage).map((c) => c.id);
      for (const row of await findRequests(this.db, widened)) {
        const request = toApiRequest(row, now);
        this.live.requestUpdated(request, row.showServerNames ?? false);
        changed.push(request);
      }
      if (claimed.length < limit || this.job.stopping) break;
      await yieldToEventLoop();
    }
    if (changed.length > 0) this.log.info({ count: changed.length }, 'calls re-routed');
    return changed;
  }

  /**
   * Decision 090: a call was taken or handled; the devices its alerts reached get a quiet replacement of the table's
   * notification. Queued in the push outbox after the action's commit (not in its statement: the action path is
   * batched), only when the restaurant has a device at all; a crash in between leaves a stale notification, never a
   * lost call.
   */
  async queueClose(request: ServiceRequest): Promise<void> {
    const now = this.clock();
    const result = await this.db.execute(sql`
      insert into push_outbox (id, request_id, restaurant_id, kind, created_at, next_attempt_at)
      select ${`close:${request.id}:${request.status}`}, ${request.id}, ${request.restaurantId}, 'close', ${now}::bigint,
        ${now}::bigint
      where exists (select 1 from push_subscriptions s where s.restaurant_id = ${request.restaurantId})
        or exists (select 1 from push_subscriptions s join restaurants o on o.owner_id = s.user_id
          where o.id = ${request.restaurantId})
      on conflict (id) do nothing`);
    const inserted = result as { affectedRows?: number; rowCount?: number | null };
    if ((inserted.affectedRows ?? inserted.rowCount ?? 1) > 0) this.push.kick();
  }
}
