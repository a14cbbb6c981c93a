/** Service requests: the guest's press (SPEC §5 Guest requests, §9 cool-down) and the server's Complete (SPEC §4). */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { backendOf, type Db } from '../../db/client';
import {
  COMPLETED_LIST_CAP,
  COOLDOWN_SECONDS,
  FEEDBACK_WINDOW_MINUTES,
  ESCALATE_MINUTES_MAX,
  OPEN_PAGE_MAX,
} from '@shared/constants';
import { FLOOR_MSG } from '@shared/floor-messages';
import { MSG } from '@shared/messages';
import { cooldownRemainingSeconds, guestAgo } from '@shared/rules';
import { englishButtonLabel, isEnabledType, type RequestKind } from '@shared/request-types';
import type { RequestHistoryResponse, RequestsResponse, ServiceRequest } from '@shared/schemas';
import { z } from 'zod';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { LiveService } from '../../live/live.service';
import type { Metrics } from '../../metrics/metrics';
import {
  assertRestaurantAccess,
  canSeeRequest,
  requestScopeOf,
  worksAt,
  type SessionUser,
} from '../../policy/policy';
import { findRestaurantDayStart } from '../restaurants/restaurants.repo';
import { findTableInRestaurant } from '../tables/tables.repo';
import {
  commentProblem,
  normalizeNote,
  noteProblem,
  type CommentProblem,
  type NoteProblem,
} from '@shared/guest-note';
import type { BillMethod, GuestRatingResponse, GuestRequestState } from '@shared/schemas';
import { findRestaurant } from '../restaurants/restaurants.repo';
import { isGuestVisible, routingOf, toApiRequest, toGuestRequestState } from './requests.mapper';
import { GroupCommit, WriteShed } from '../../db/group-commit';
import { PressBatcher } from './press-batcher';
import {
  answerGuestOutcome,
  rateGuestBill,
  findRequest,
  findRequests,
  cancelGuestRequest,
  findRequestByPressKey,
  findTableRequestWithKey,
  setGuestBillMethod,
  type GuestOwnedRequest,
  listHistoryPage,
  listOpenForTable,
  countOpen,
  listPending,
  listRecentlyCompleted,
  transitionRequests,
  type TransitionInput,
  type PressInput,
  type RequestStatus,
  type RequestWithContext,
} from './requests.repo';

/** What each staff action moves a request from (docs/decisions/028). */
const TRANSITIONS = {
  acknowledged: ['pending'],
  completed: ['pending', 'acknowledged'],
  dismissed: ['pending', 'acknowledged'],
} as const satisfies Record<string, readonly RequestStatus[]>;
type Action = keyof typeof TRANSITIONS;

const cursorSchema = z.tuple([z.number().int().nonnegative(), z.string().min(1).max(200)]);

/**
 * A keyset cursor is opaque to clients: base64url of the last row's (time, id) — resolvedAt for the history
 * (decision 030), createdAt for the console's open list (decision 054).
 */
function encodeKeyCursor(at: number, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

function decodeKeyCursor(cursor: string): { at: number; id: string } {
  try {
    const [at, id] = cursorSchema.parse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    return { at, id };
  } catch {
    throw badRequest(MSG.badRequest, 'invalid_cursor');
  }
}

/** Why a transition was refused: the request is no longer where the action starts (decision 028). */
function refusal(row: RequestWithContext): AppError {
  switch (row.status) {
    case 'acknowledged':
      return row.acknowledgedByName
        ? conflict(FLOOR_MSG.requestTakenBy(row.acknowledgedByName), 'request_taken', {
            values: { name: row.acknowledgedByName },
          })
        : conflict(FLOOR_MSG.requestTakenBySomeone, 'request_taken');
    case 'completed':
      return conflict(FLOOR_MSG.requestAlreadyCompleted, 'request_completed');
    case 'dismissed':
      return conflict(FLOOR_MSG.requestAlreadyDismissed, 'request_dismissed');
    case 'cancelled':
      return conflict(FLOOR_MSG.requestCancelledByGuest, 'request_cancelled');
    case 'pending':
      // Not reachable: every action starts from pending. Kept so the switch stays exhaustive.
      return conflict(MSG.badRequest);
  }
}

/** The unique index on (table, press key) refused an insert (decision 056). */
function isPressKeyConflict(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  const index = 'requests_table_press_key_unique';
  return (
    code === '23505' &&
    (constraint === index || (typeof message === 'string' && message.includes(index)))
  );
}

/** A refused note's message, by code (decision 070; the guest page words it in the guest's language). */
const NOTE_REFUSALS: Record<NoteProblem, string> = {
  note_too_long: MSG.noteTooLong,
  note_invalid: MSG.noteInvalid,
};

/** A refused comment's message, by code (decision 083). */
const COMMENT_REFUSALS: Record<CommentProblem, string> = {
  comment_too_long: MSG.commentTooLong,
  comment_invalid: MSG.commentInvalid,
};

/**
 * A guest's own request as its page sees it. A reminder (decision 097) has no press key, so no guest change reaches
 * one; were it asked for, it is not there.
 */
function guestStateOf(request: ServiceRequest, showServerNames: boolean): GuestRequestState {
  if (!isGuestVisible(request)) throw notFound(MSG.requestNotFound, 'request_not_found');
  return toGuestRequestState(request, showServerNames);
}

/** How long after Done a guest may still answer or rate (decisions 082, 083). */
const FEEDBACK_WINDOW_MS = FEEDBACK_WINDOW_MINUTES * 60_000;

/** What the press statement adds to the NOTIFY payload: a server id, a table number (≤ 20 characters, escaped), spaces. */
const NOTIFY_SLACK_BYTES = 400;

/**
 * Statements in the database at once, and writes in one statement at most, for presses and for staff actions
 * (db/group-commit.ts). PostgreSQL runs statements side by side, so two in flight keep one write from waiting behind
 * a slow one. PGlite runs one statement at a time on the server's own thread: a second in flight would only queue
 * inside PGlite, where the writes arriving meanwhile could no longer join it.
 */
const WRITE_BATCHING = {
  postgres: { concurrency: 2, maxBatch: 64 },
  pglite: { concurrency: 1, maxBatch: 64 },
};

/**
 * Shed work early (issue 25): presses waiting at most, past which one more is answered 503 at once; and how long
 * after its arrival a press may still be started — the guest page gives up on a press after 10 s
 * (features/guest/api/guest-api.ts) and retries it with the same key, so a press still waiting at 8 s is refused
 * unwritten (503, Retry-After) instead of committed behind its guest's back.
 */
const PRESSES_WAITING_MAX = 5_000;
export const PRESS_DEADLINE_MS = 8_000;
/** Retry-After of a shed press: soon, the guest page retries by itself (decision 056). */
const SHED_RETRY_AFTER_SECONDS = 2;

/** A guest's private rating of a completed bill (decision 083), as the owner's webhooks receive it. */
export interface GuestRating {
  requestId: string;
  restaurantId: string;
  tableId: string;
  stars: number;
  /** The guest's comment (untrusted text, the note's rules); null when none. */
  comment: string | null;
  ratedAt: number;
}

/** `pushQueued`: the press's statement queued a push in the outbox (the restaurant has a device subscribed). */
export type RequestCreatedListener = (request: ServiceRequest, pushQueued: boolean) => void;

export class RequestsService {
  private readonly createdListeners: RequestCreatedListener[] = [];
  private readonly updatedListeners: ((request: ServiceRequest) => void)[] = [];
  private readonly ratedListeners: ((rating: GuestRating) => void)[] = [];
  private readonly presses: PressBatcher;
  /**
   * Staff actions (take, complete, dismiss) group-committed like presses: on a busy floor, actions that arrive while
   * one is in the database share the next UPDATE and its commit (on the embedded database each commit is an fsync,
   * about 73 a second one at a time: BENCHMARKS.md, durability and acknowledgement). Two actions on one request never
   * share a statement: the second meets what the first did (409, or a harmless repeat).
   */
  private readonly transitions: GroupCommit<TransitionInput, boolean>;

  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
    private readonly metrics: Metrics,
    private readonly clock: () => number = Date.now,
  ) {
    const batching = WRITE_BATCHING[backendOf(db)];
    this.presses = new PressBatcher(db, { ...batching, maxWaiting: PRESSES_WAITING_MAX });
    this.transitions = new GroupCommit(
      batching,
      (action) => action.id,
      (actions) => transitionRequests(db, actions),
    );
  }

  /** Statements the guest presses took, and presses they carried (press-batcher.ts). */
  get pressStats(): Readonly<PressBatcher['stats']> {
    return this.presses.stats;
  }

  /** Statements the staff actions took, and actions they carried (db/group-commit.ts). */
  get transitionStats(): Readonly<GroupCommit<TransitionInput, boolean>['stats']> {
    return this.transitions.stats;
  }

  /** A staff action changed a request (taken, completed, dismissed): webhooks hook in here (decision 076). */
  onUpdated(listener: (request: ServiceRequest) => void): void {
    this.updatedListeners.push(listener);
  }

  /** A guest rated a completed bill (decision 083): webhooks hook in here ('rating.received', decision 076). */
  onRated(listener: (rating: GuestRating) => void): void {
    this.ratedListeners.push(listener);
  }

  /**
   * Requests another module changed in its own statement (decision 093: dismissed by clearing their table): announced
   * like a staff action's result, to every console, the table's page and the webhooks.
   */
  async announceUpdated(ids: readonly string[]): Promise<void> {
    for (const row of await findRequests(this.db, ids)) {
      const request = toApiRequest(row);
      this.live.requestUpdated(request, row.showServerNames ?? false);
      for (const listener of this.updatedListeners) listener(request);
    }
  }

  /**
   * Requests another module inserted in its own statement (decision 097: the service timers' reminders), announced
   * like a press: to the consoles they are routed to, and to the push sender when their statement queued a push.
   */
  async announceCreated(ids: readonly string[], pushQueued: boolean): Promise<void> {
    for (const row of await findRequests(this.db, ids)) {
      const request = toApiRequest(row);
      this.live.requestCreated(request);
      for (const listener of this.createdListeners) listener(request, pushQueued);
    }
  }

  /** Push notifications hook in here without this module knowing about them. */
  onCreated(listener: RequestCreatedListener): void {
    this.createdListeners.push(listener);
  }

  /**
   * The server enforces the 60 s cool-down for every client: claiming the table's cool-down and writing the request
   * are one statement (requests.repo claimTablesAndInsertRequests), so concurrent presses cannot slip through
   * together and a press costs one round trip, shared with the presses that arrived meanwhile (press-batcher.ts).
   * When nothing was claimed, the table is read to tell 404 from 429 — and from a retry: a press whose key
   * (decision 056) already made a request at this table is answered with that request, as the first time.
   */
  async createFromGuest(
    restaurantId: string,
    tableId: string,
    type: RequestKind,
    pressKey: string | null = null,
    extras: {
      note?: string | undefined;
      urgent?: boolean | undefined;
      /** Date.now() past which the press is not started (PRESS_DEADLINE_MS after it arrived). */
      deadline?: number | undefined;
      /** Where it came from (decision 089), stored with the press. */
      origin?: PressInput['origin'] | undefined;
    } = {},
  ) {
    const receivedAt = performance.now();
    // Decision 070: the note is untrusted; its rules are checked before any database work.
    const note = normalizeNote(extras.note);
    const problem = note === null ? null : noteProblem(note);
    if (problem) throw badRequest(NOTE_REFUSALS[problem], problem);
    const urgent = extras.urgent ?? false;
    const now = Date.now();
    const id = randomUUID();
    const announce = (
      serverId: string | null,
      sectionServerIds: string[],
      tableNumber: string,
      escalateAfterMinutes: number,
    ) =>
      toApiRequest(
        {
          id,
          restaurantId,
          tableId,
          serverId,
          sectionServerIds,
          type,
          status: 'pending',
          escalatedAt: null,
          createdAt: now,
          updatedAt: now,
          acknowledgedAt: null,
          acknowledgedBy: null,
          resolvedAt: null,
          resolvedBy: null,
          tableNumber,
          escalateAfterMinutes,
          note,
          urgent,
          billMethod: null,
          outcome: null,
          outcomeAt: null,
          reopenedAt: null,
          rating: null,
          ratingComment: null,
          ratedAt: null,
          reachStage: 0,
          receiptedAt: null,
          realertedAt: null,
        },
        now,
      );
    // With PostgreSQL the statement sends request.created itself, filling in the server and table number it read
    // (a fresh request is never overdue: escalation needs at least a minute).
    const notify = this.live.requestCreatedInStatement(
      announce(null, [], '', ESCALATE_MINUTES_MAX),
      NOTIFY_SLACK_BYTES,
    );
    const claimed = await this.presses
      .claim(
        {
          id,
          restaurantId,
          tableId,
          type,
          now,
          cooldownMs: COOLDOWN_SECONDS * 1000,
          pressKey,
          note,
          urgent,
          notify,
          origin: extras.origin ?? null,
        },
        extras.deadline,
      )
      // Two presses with one key that got past the statement's own check at once (two instances): the unique index
      // refused the second, which is then a retry like any other.
      .catch((error: unknown) => {
        if (isPressKeyConflict(error)) return undefined;
        // Shed unwritten (issue 25): nothing was stored, so the guest page's retry with the same key is safe.
        if (error instanceof WriteShed)
          throw new AppError(503, 'unavailable', MSG.serviceUnavailable, {
            retryAfterSeconds: SHED_RETRY_AFTER_SECONDS,
          });
        throw error;
      });
    if (!claimed) {
      const table = await findTableInRestaurant(this.db, restaurantId, tableId);
      if (!table) throw notFound(MSG.tableNotFoundBody, 'table_not_found');
      const earlier = pressKey
        ? await findRequestByPressKey(this.db, tableId, pressKey)
        : undefined;
      if (earlier) {
        if (earlier.type !== type) throw new AppError(422, 'press_key_reused', MSG.pressKeyReused);
        return {
          request: { id: earlier.id, type: earlier.type, createdAt: earlier.createdAt },
          cooldownRemainingSeconds: cooldownRemainingSeconds(table.lastRequestAt, Date.now()),
        };
      }
      // Decision 087: a button the restaurant hid or deleted (the statement claimed nothing for it).
      const restaurant = await findRestaurant(this.db, restaurantId);
      if (restaurant && !isEnabledType(restaurant.requestTypes, type))
        throw new AppError(422, 'request_type_unavailable', MSG.requestTypeUnavailable);
      // At least 1: the claim was refused, so the cool-down was running when the statement ran.
      const remaining = Math.max(1, cooldownRemainingSeconds(table.lastRequestAt, Date.now()));
      // Issue 12: a second phone at the table is told that the table's request is already in, which one, and the
      // wait; when it is handled already, only the wait.
      const [open] = await listOpenForTable(this.db, restaurantId, tableId);
      const message = open
        ? MSG.guestAlreadyIn(
            englishButtonLabel(open.type, restaurant?.requestTypes),
            guestAgo(Date.now() - open.createdAt),
            remaining,
          )
        : MSG.cooldownActive(remaining);
      throw new AppError(429, 'cooldown', message, { retryAfterSeconds: remaining });
    }
    this.metrics.pressCommitted(id, receivedAt);
    const request = announce(
      claimed.serverId,
      claimed.sectionServerIds,
      claimed.tableNumber,
      claimed.escalateAfterMinutes,
    );
    // With PostgreSQL the statement's NOTIFY reaches the other instances; this one delivers without waiting for it.
    if (notify) this.live.requestCreatedCommitted(request);
    else this.live.requestCreated(request);
    for (const listener of this.createdListeners) listener(request, claimed.pushQueued);
    return {
      request: { id, type, createdAt: now },
      cooldownRemainingSeconds: cooldownRemainingSeconds(now, Date.now()),
    };
  }

  /**
   * Cancel my call (decision 071): the guest device that pressed takes its request back while nobody has taken it.
   * It leaves every console (request.updated, now closed), the table's page hears it, the cool-down ends with it
   * (decision 057), and it never counts as answered.
   */
  cancelFromGuest(target: GuestOwnedRequest): Promise<GuestRequestState> {
    return this.changeFromGuest(
      target,
      (now) => cancelGuestRequest(this.db, target, now),
      'cancel',
    );
  }

  /** The bill's payment method (decision 071), from the device that pressed Get Bill, while the bill is open. */
  setBillMethodFromGuest(
    target: GuestOwnedRequest,
    method: BillMethod,
  ): Promise<GuestRequestState> {
    return this.changeFromGuest(
      target,
      (now) => setGuestBillMethod(this.db, target, method, now),
      'billMethod',
    );
  }

  /**
   * "Did you get what you needed?" (decision 082): the device that pressed answers once, soon after Done. Yes is
   * only counted; no sends the request back to pending and announces it like a new request — to the same staff
   * (its server is the one it was pressed for), with the new-request alert and a push — and to the table's page.
   * Repeating the same answer answers as the first time; a different second answer, a request not done, or an
   * answer after the window is refused (409).
   */
  async answerOutcomeFromGuest(
    target: GuestOwnedRequest,
    resolved: boolean,
  ): Promise<GuestRequestState> {
    const { changed, pushQueued } = await answerGuestOutcome(
      this.db,
      target,
      resolved,
      Date.now(),
      FEEDBACK_WINDOW_MS,
    );
    if (!changed) {
      const row = await this.ownedOrRefused(target);
      const answer = resolved ? 'resolved' : 'not_resolved';
      if (row.outcome !== null) {
        if (row.outcome !== answer) throw conflict(MSG.feedbackGiven, 'feedback_given');
      } else if (row.status !== 'completed') {
        throw conflict(MSG.requestNotDone, 'request_not_done');
      } else {
        throw conflict(MSG.feedbackExpired, 'feedback_expired');
      }
    }
    const updated = await findRequest(this.db, target.id);
    if (!updated) throw notFound(MSG.requestNotFound, 'request_not_found');
    const request = toApiRequest(updated);
    if (changed && !resolved) {
      this.live.requestCreated(request);
      for (const listener of this.createdListeners) listener(request, pushQueued);
    }
    return guestStateOf(request, updated.showServerNames ?? false);
  }

  /**
   * The private rating after the bill (decision 083): 1–5 and an optional comment, once per completed bill, from
   * the device that pressed Get Bill, soon after it was completed. The comment is untrusted text (the note's rules,
   * checked before any database work). The answer says whether to offer the public review link: only after a good
   * rating (4–5), and only when the restaurant has one.
   */
  async rateBillFromGuest(
    target: GuestOwnedRequest,
    stars: number,
    rawComment: string | undefined,
  ): Promise<GuestRatingResponse> {
    const comment = normalizeNote(rawComment);
    const problem = comment === null ? null : commentProblem(comment);
    if (problem) throw badRequest(COMMENT_REFUSALS[problem], problem);
    const stored = await rateGuestBill(
      this.db,
      target,
      { stars, comment },
      Date.now(),
      FEEDBACK_WINDOW_MS,
    );
    if (!stored) {
      const row = await this.ownedOrRefused(target);
      if (row.type !== 'bill') throw new AppError(422, 'not_a_bill', MSG.notABillRating);
      if (row.rating !== null) {
        if (row.rating !== stars || row.ratingComment !== comment)
          throw conflict(MSG.feedbackGiven, 'feedback_given');
      } else if (row.status !== 'completed') {
        throw conflict(MSG.requestNotDone, 'request_not_done');
      } else {
        throw conflict(MSG.feedbackExpired, 'feedback_expired');
      }
    }
    // Told once, when it is stored (a repeat of the same answer is not a new rating).
    if (stored) {
      const rating: GuestRating = {
        requestId: target.id,
        restaurantId: target.restaurantId,
        tableId: target.tableId,
        stars,
        comment,
        ratedAt: Date.now(),
      };
      for (const listener of this.ratedListeners) listener(rating);
    }
    const restaurant = await findRestaurant(this.db, target.restaurantId);
    return { stars, offerReview: stars >= 4 && Boolean(restaurant?.reviewUrl) };
  }

  /** The guest's own request at its table, or why not: 404 (another table's, unknown), 403 (another device's). */
  private async ownedOrRefused(target: GuestOwnedRequest) {
    const row = await findTableRequestWithKey(
      this.db,
      target.restaurantId,
      target.tableId,
      target.id,
    );
    if (!row) throw notFound(MSG.requestNotFound, 'request_not_found');
    if (row.pressKey !== target.pressKey) throw forbidden(MSG.notYourRequest, 'not_your_request');
    return row;
  }

  /**
   * A guest's change to its own request: one conditional statement; when it changes nothing, the request is read to
   * say why — another table's or unknown (404), not this device's press (403), no longer open or already taken
   * (409), not a bill (422). Repeating a change that already happened answers as the first time.
   */
  private async changeFromGuest(
    target: GuestOwnedRequest,
    change: (now: number) => Promise<boolean>,
    kind: 'cancel' | 'billMethod',
  ): Promise<GuestRequestState> {
    const changed = await change(Date.now());
    if (!changed) {
      const row = await findTableRequestWithKey(
        this.db,
        target.restaurantId,
        target.tableId,
        target.id,
      );
      if (!row) throw notFound(MSG.requestNotFound, 'request_not_found');
      if (row.pressKey !== target.pressKey) throw forbidden(MSG.notYourRequest, 'not_your_request');
      const repeat = kind === 'cancel' && row.status === 'cancelled';
      if (!repeat) {
        if (kind === 'billMethod' && row.type !== 'bill')
          throw new AppError(422, 'not_a_bill', MSG.notABill);
        if (kind === 'cancel' && row.status === 'acknowledged')
          throw conflict(MSG.cancelTooLate, 'request_taken');
        throw conflict(MSG.requestClosed, 'request_closed');
      }
    }
    const updated = await findRequest(this.db, target.id);
    if (!updated) throw notFound(MSG.requestNotFound, 'request_not_found');
    const request = toApiRequest(updated);
    if (changed) this.live.requestUpdated(request, updated.showServerNames ?? false);
    return guestStateOf(request, updated.showServerNames ?? false);
  }

  /**
   * The console's list (decision 054): open requests oldest first (the longest wait on top, issue 28), a page at a
   * time after the keyset cursor, with how many are open in all — a console never silently shows part of the list
   * (issue 25). The recently completed ones (SPEC §2) come with every page.
   */
  async list(
    user: SessionUser,
    restaurantId: string,
    query: { cursor?: string | undefined; limit: number } = { limit: OPEN_PAGE_MAX },
  ): Promise<RequestsResponse> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const serverFilter = requestScopeOf(user);
    const now = Date.now();
    const cursor = query.cursor ? decodeKeyCursor(query.cursor) : null;
    const after = cursor ? { createdAt: cursor.at, id: cursor.id } : null;
    const [rows, pendingTotal, completed] = await Promise.all([
      // One row more than asked tells whether another page exists.
      listPending(this.db, restaurantId, serverFilter, { after, limit: query.limit + 1 }),
      countOpen(this.db, restaurantId, serverFilter),
      listRecentlyCompleted(this.db, restaurantId, serverFilter, COMPLETED_LIST_CAP),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      pending: page.map((r) => toApiRequest(r, now)),
      pendingTotal,
      nextCursor:
        rows.length > query.limit && last ? encodeKeyCursor(last.createdAt, last.id) : null,
      completed: completed.map((r) => toApiRequest(r, now)),
    };
  }

  /** Issue 12 "On my way": pending → acknowledged, with who and when. Escalation stops counting here. */
  acknowledge(user: SessionUser, requestId: string): Promise<ServiceRequest> {
    return this.transition(user, requestId, 'acknowledged');
  }

  /** SPEC §4 Complete, from pending (one tap, as before) or acknowledged. */
  complete(user: SessionUser, requestId: string): Promise<ServiceRequest> {
    return this.transition(user, requestId, 'completed');
  }

  /** Issue 12: an accidental or duplicate request is dismissed; it never counts in response times. */
  dismiss(user: SessionUser, requestId: string): Promise<ServiceRequest> {
    return this.transition(user, requestId, 'dismissed');
  }

  /**
   * Today's handled requests, most recently handled first, a page at a time (decision 030). A server sees what
   * the visibility rule lets them see (decision 004), an admin everything of their restaurant.
   */
  async history(
    user: SessionUser,
    restaurantId: string,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<RequestHistoryResponse> {
    const now = this.clock();
    await assertRestaurantAccess(this.db, user, restaurantId);
    const cursor = query.cursor ? decodeKeyCursor(query.cursor) : null;
    const after = cursor ? { resolvedAt: cursor.at, id: cursor.id } : null;
    // "Today" is the restaurant's, midnight in its own time zone (decision 045), as on the dashboard: two instances
    // in different zones give the same answer.
    const since = await findRestaurantDayStart(this.db, restaurantId, now);
    if (since === undefined) throw notFound(MSG.restaurantNotFound, 'restaurant_not_found');
    // One row more than asked tells whether another page exists.
    const rows = await listHistoryPage(this.db, {
      restaurantId,
      serverId: requestScopeOf(user),
      since,
      after,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      requests: page.map((r) => toApiRequest(r, now)),
      nextCursor:
        rows.length > query.limit && last?.resolvedAt != null
          ? encodeKeyCursor(last.resolvedAt, last.id)
          : null,
      since,
    };
  }

  /**
   * The request if `user` may act on it (docs/decisions/028): a server of its restaurant who may see it
   * (decision 004), or an admin who owns its restaurant. Anything else is 404, as if it did not exist.
   */
  private async findActionable(user: SessionUser, requestId: string): Promise<RequestWithContext> {
    const row = await findRequest(this.db, requestId);
    const missing = () => notFound(MSG.requestNotFound, 'request_not_found');
    if (!row) throw missing();
    if (user.role === 'server') {
      if (!worksAt(user, row.restaurantId) || !canSeeRequest(user, routingOf(row))) throw missing();
    } else if (user.role === 'admin') {
      try {
        await assertRestaurantAccess(this.db, user, row.restaurantId);
      } catch {
        throw missing();
      }
    } else {
      throw forbidden();
    }
    return row;
  }

  /**
   * One staff action as one conditional UPDATE (requests.repo transitionRequests, shared with the actions that arrive
   * meanwhile): two servers taking at once, one wins and the other gets 409 naming who took it. Repeating what
   * already happened is harmless (a double tap): completing or dismissing twice, or taking a request one already
   * took, returns it unchanged, with no event.
   */
  private async transition(
    user: SessionUser,
    requestId: string,
    to: Action,
  ): Promise<ServiceRequest> {
    const row = await this.findActionable(user, requestId);
    const changed = await this.transitions.submit({
      id: requestId,
      restaurantId: row.restaurantId,
      from: TRANSITIONS[to],
      to,
      by: user.id,
      now: Date.now(),
    });
    const updated = await findRequest(this.db, requestId);
    if (!updated) throw notFound(MSG.requestNotFound, 'request_not_found');
    if (!changed) {
      const repeat =
        updated.status === to && (to !== 'acknowledged' || updated.acknowledgedBy === user.id);
      if (!repeat) throw refusal(updated);
      return toApiRequest(updated);
    }
    const request = toApiRequest(updated);
    this.live.requestUpdated(request, updated.showServerNames ?? false);
    for (const listener of this.updatedListeners) listener(request);
    return request;
  }
}
