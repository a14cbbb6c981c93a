/** Service requests: the guest's press (SPEC §5 Guest requests, §9 cool-down) and the server's Complete (SPEC §4). */
import { randomUUID } from 'node:crypto';
import { backendOf, type Db } from '../../db/client';
import {
  COMPLETED_LIST_CAP,
  COOLDOWN_SECONDS,
  ESCALATE_MINUTES_MAX,
} from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { cooldownRemainingSeconds, type RequestType } from '../../../shared/rules';
import type { RequestsResponse, ServiceRequest } from '../../../shared/schemas';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { LiveService } from '../../live/live.service';
import type { SessionUser } from '../auth/auth.service';
import { assertRestaurantAccess } from '../restaurants/restaurants.service';
import { findTableInRestaurant } from '../tables/tables.repo';
import { toApiRequest } from './requests.mapper';
import { PressBatcher } from './press-batcher';
import { completeRequest, findRequest, listPending, listRecentlyCompleted } from './requests.repo';

/** What the press statement adds to the NOTIFY payload: a server id, a table number (≤ 20 characters, escaped), spaces. */
const NOTIFY_SLACK_BYTES = 400;

/**
 * Press statements in the database at once, and presses in one statement at most (press-batcher.ts). PostgreSQL
 * runs statements side by side, so two in flight keep one press from waiting behind a slow one. PGlite runs one
 * statement at a time on the server's own thread: a second in flight would only queue inside PGlite, where the
 * presses arriving meanwhile could no longer join it.
 */
const PRESS_BATCHING = {
  postgres: { concurrency: 2, maxBatch: 64 },
  pglite: { concurrency: 1, maxBatch: 64 },
};

/** `pushQueued`: the press's statement queued a push in the outbox (the restaurant has a device subscribed). */
export type RequestCreatedListener = (request: ServiceRequest, pushQueued: boolean) => void;

export class RequestsService {
  private readonly createdListeners: RequestCreatedListener[] = [];
  private readonly presses: PressBatcher;

  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
  ) {
    this.presses = new PressBatcher(db, PRESS_BATCHING[backendOf(db)]);
  }

  /** Statements the guest presses took, and presses they carried (press-batcher.ts). */
  get pressStats(): Readonly<PressBatcher['stats']> {
    return this.presses.stats;
  }

  /** Push notifications hook in here without this module knowing about them. */
  onCreated(listener: RequestCreatedListener): void {
    this.createdListeners.push(listener);
  }

  /**
   * The server enforces the 60 s cool-down for every client: claiming the table's cool-down and writing the request
   * are one statement (requests.repo claimTablesAndInsertRequests), so concurrent presses cannot slip through
   * together and a press costs one round trip, shared with the presses that arrived meanwhile (press-batcher.ts).
   * When nothing was claimed, the table is read to tell 404 from 429.
   */
  async createFromGuest(restaurantId: string, tableId: string, type: RequestType) {
    const now = Date.now();
    const id = randomUUID();
    const announce = (serverId: string | null, tableNumber: string, escalateAfterMinutes: number) =>
      toApiRequest(
        {
          id,
          restaurantId,
          tableId,
          serverId,
          type,
          status: 'pending',
          escalatedAt: null,
          createdAt: now,
          updatedAt: now,
          tableNumber,
          escalateAfterMinutes,
        },
        now,
      );
    // With PostgreSQL the statement sends request.created itself, filling in the server and table number it read
    // (a fresh request is never overdue: escalation needs at least a minute).
    const notify = this.live.requestCreatedInStatement(
      announce(null, '', ESCALATE_MINUTES_MAX),
      NOTIFY_SLACK_BYTES,
    );
    const claimed = await this.presses.claim({
      id,
      restaurantId,
      tableId,
      type,
      now,
      cooldownMs: COOLDOWN_SECONDS * 1000,
      notify,
    });
    if (!claimed) {
      const table = await findTableInRestaurant(this.db, restaurantId, tableId);
      if (!table) throw notFound(MSG.tableNotFoundBody, 'table_not_found');
      // At least 1: the claim was refused, so the cool-down was running when the statement ran.
      const remaining = Math.max(1, cooldownRemainingSeconds(table.lastRequestAt, Date.now()));
      throw new AppError(429, 'cooldown', MSG.cooldownActive(remaining), {
        retryAfterSeconds: remaining,
      });
    }
    const request = announce(claimed.serverId, claimed.tableNumber, claimed.escalateAfterMinutes);
    if (!notify) this.live.requestCreated(request);
    for (const listener of this.createdListeners) listener(request, claimed.pushQueued);
    return {
      request: { id, type, createdAt: now },
      cooldownRemainingSeconds: cooldownRemainingSeconds(now, Date.now()),
    };
  }

  async list(user: SessionUser, restaurantId: string): Promise<RequestsResponse> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const serverFilter = user.role === 'server' ? user.id : null;
    const now = Date.now();
    const [pending, completed] = await Promise.all([
      listPending(this.db, restaurantId, serverFilter),
      listRecentlyCompleted(this.db, restaurantId, serverFilter, COMPLETED_LIST_CAP),
    ]);
    return {
      pending: pending.map((r) => toApiRequest(r, now)),
      completed: completed.map((r) => toApiRequest(r, now)),
    };
  }

  /** SPEC §4: a server presses Complete; completing twice is harmless and returns the completed request. */
  async complete(user: SessionUser, requestId: string): Promise<ServiceRequest> {
    const row = await findRequest(this.db, requestId);
    if (!row || row.restaurantId !== user.restaurantId)
      throw notFound(MSG.requestNotFound, 'request_not_found');
    if (user.role !== 'server') throw forbidden();
    const changed = await completeRequest(this.db, requestId, Date.now());
    const updated = await findRequest(this.db, requestId);
    if (!updated) throw notFound(MSG.requestNotFound, 'request_not_found');
    const request = toApiRequest(updated);
    if (changed) this.live.requestUpdated(request);
    return request;
  }
}
