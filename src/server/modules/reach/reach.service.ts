/**
 * An alert's reach (issue 28 item 3, decision 091). Each device confirms when it has shown a call's alert (the open
 * console when it renders a live call, the service worker when a push arrives): a receipt. A periodic sweep on every
 * instance re-routes the calls no device confirmed within the restaurant's receipt_timeout_seconds — first to every
 * server on duty, then, as long again later, to the admin too — and, for a restaurant that wants it (pager style),
 * repeats an open call's alert every receipt_timeout_seconds until someone takes it. The state lives on the request
 * row (reach_stage, receipted_at, realerted_at), so every instance sees the same and a restart loses nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { MSG } from '@shared/messages';
import type { ServiceRequest } from '@shared/schemas';
import type { LiveService } from '../../live/live.service';
import { notFound } from '../../http/errors';
import { canSeeRequest, assertRestaurantAccess, type SessionUser } from '../../policy/policy';
import type { PushService } from '../push/push.service';
import { findRequest, findRequests } from '../requests/requests.repo';
import { GroupCommit } from '../../db/group-commit';
import { withDbPriority } from '../../db/priority';
import { routingOf, toApiRequest } from '../requests/requests.mapper';
import { BackgroundJob, yieldToEventLoop } from '../../background-job';
import { claimReachBatch, markReceipted, queueCloses, type AlertClose } from './reach.repo';

/** How often each instance sweeps: a re-route is at most this late after its timeout (issue 28: within N + 2 s). */
export const REACH_SWEEP_MS = 1_000;
const REACH_BATCH = 100;
const REACH_MAX_PER_TICK = 1_000;
/**
 * Receipts group-committed like presses and staff actions (db/group-commit.ts): a busy floor sends one per call per
 * device — 200 a second at 200 presses a second with two servers per section — and one read and one UPDATE each took
 * PostgreSQL connections the presses were waiting for (routing bench: press-to-screen p99 530 ms). The receipts that
 * arrive while one batch is in the database share the next read and the next UPDATE. Unbounded like staff actions (a
 * shed receipt would only widen a call someone saw): the per-user write budget (http/user-limits.ts) bounds them.
 */
const RECEIPT_BATCHING = { concurrency: 1, maxBatch: 200 };
/**
 * A handled call's alert replacements, group-committed the same way and at report priority (decision 072): one
 * statement and commit of their own per staff action held every acknowledgement on the embedded database behind them
 * (ack bench: guest page p99 0.3–3.8 s). Up to 1,000 to a statement: at report priority a statement may wait 2 s.
 */
const CLOSE_BATCHING = { concurrency: 1, maxBatch: 1_000 };

interface ReceiptInput {
  user: SessionUser;
  requestId: string;
}

export class ReachService {
  private readonly job: BackgroundJob;
  private readonly receipts: GroupCommit<ReceiptInput, boolean>;
  private readonly closes: GroupCommit<AlertClose, void>;

  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
    private readonly push: PushService,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
  ) {
    this.job = new BackgroundJob('reach sweep', log);
    this.receipts = new GroupCommit(
      RECEIPT_BATCHING,
      // Receipts never wait for each other: two devices confirming one call may share the statement.
      null,
      (batch) => this.confirm(batch),
    );
    this.closes = new GroupCommit(CLOSE_BATCHING, null, async (batch) => {
      if ((await queueCloses(this.db, batch, this.clock())) > 0) this.push.kick();
      return batch.map(() => undefined);
    });
  }

  /** Statements the receipts took, and receipts they carried (tests; a metric to watch under load). */
  get receiptStats(): Readonly<{ statements: number; items: number }> {
    return this.receipts.stats;
  }

  /** Statements the alert replacements took, and replacements they carried (tests). */
  get closeStats(): Readonly<{ statements: number; items: number }> {
    return this.closes.stats;
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
    const missing = () => notFound(MSG.requestNotFound, 'request_not_found');
    if (user.role !== 'admin') {
      // A server's receipt: looked up, checked and written with the others that arrived meanwhile.
      if (!(await this.receipts.submit({ user, requestId }))) throw missing();
      return;
    }
    const row = await findRequest(this.db, requestId);
    if (!row) throw missing();
    await assertRestaurantAccess(this.db, user, row.restaurantId).catch(() => {
      throw missing();
    });
    // An admin's device is alerted only once the call reached the admin; an earlier receipt would hide a call that
    // never reached its servers.
    if (routingOf(row).reach !== 'admin') return;
    await markReceipted(this.db, [requestId], this.clock());
  }

  /**
   * A batch of servers' receipts: one read of their calls, the policy per receipt (a call the sender may not see now,
   * or another restaurant's, answers false: 404 as if it did not exist), one UPDATE for the rest.
   */
  private async confirm(batch: readonly ReceiptInput[]): Promise<boolean[]> {
    const rows = new Map(
      (await findRequests(this.db, [...new Set(batch.map((r) => r.requestId))])).map((row) => [
        row.id,
        row,
      ]),
    );
    const allowed = batch.map((r) => {
      const row = rows.get(r.requestId);
      return row !== undefined && canSeeRequest(r.user, routingOf(row));
    });
    await markReceipted(
      this.db,
      [...new Set(batch.filter((_, i) => allowed[i]).map((r) => r.requestId))],
      this.clock(),
    );
    return allowed;
  }

  /**
   * One tick: widens or repeats due calls, oldest first, in batches; returns the calls this call changed (with their
   * new reach), published live so every console and dashboard follows.
   */
  sweep(now: number = this.clock()): Promise<ServiceRequest[]> {
    // A call nobody confirmed is a guest's press still looking for a person: on the embedded database its statements
    // go with the presses, not behind them (decision 072; the routing bench re-routed seconds late otherwise).
    return this.job.track(withDbPriority('press', () => this.run(now)));
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
  queueClose(request: ServiceRequest): Promise<void> {
    const { id: requestId, restaurantId, status } = request;
    // Nobody waits for it: behind the presses and the actions people are waiting on (decision 072).
    return withDbPriority('report', () => this.closes.submit({ requestId, restaurantId, status }));
  }
}
