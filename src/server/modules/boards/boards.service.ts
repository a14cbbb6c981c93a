/**
 * Floor boards (issue 28 item 4, decision 080). An admin makes a one-time pairing code (shown once; only its hash is
 * kept; good for BOARD_CODE_TTL_MS); a screen that types it gets a board credential of its own (a random token in a
 * cookie; only its hash is kept), which opens the board's snapshot and live channel and nothing else. Revoking
 * deletes the row and closes the board's live sockets on every instance at once.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  BOARD_SNAPSHOT_MAX,
  isBoardCodeShaped,
  normalizeBoardCode,
  type BoardSnapshot,
  type BoardSummary,
  type CreateBoardResponse,
  type PairBoardResponse,
} from '@shared/board';
import {
  BOARD_CODE_ALPHABET,
  BOARD_CODE_LENGTH,
  BOARD_CODE_TTL_MS,
  BOARDS_PER_RESTAURANT,
} from '@shared/constants';
import { MSG } from '@shared/messages';
import type { Executor } from '../../db/client';
import { floorBoards, restaurants } from '../../db/schema';
import { AppError, badRequest, isUniqueViolation, notFound, unauthorized } from '../../http/errors';
import type { LiveService } from '../../live/live.service';
import { assertRestaurantAccess, canAccessRestaurant, type SessionUser } from '../../policy/policy';
import { isGuestVisible, toApiRequest, toBoardRequest } from '../requests/requests.mapper';
import { countOpen, listPending } from '../requests/requests.repo';

/** Who a board's request is: the board, its restaurant and name (request.board, http/access.ts). */
export interface BoardPrincipal {
  id: string;
  restaurantId: string;
  name: string;
}

/** The longest board cookie looked up (a token is 43 characters); anything longer is no board. */
const BOARD_TOKEN_MAX = 100;
/** last_seen_at is written at most this often per board (a snapshot or a connect). */
const SEEN_EVERY_MS = 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A code from the unambiguous alphabet (31^8 ≈ 8.5 × 10^11 codes), from the CSPRNG. */
function newBoardCode(): string {
  let code = '';
  for (let i = 0; i < BOARD_CODE_LENGTH; i++)
    code += BOARD_CODE_ALPHABET[randomInt(BOARD_CODE_ALPHABET.length)];
  return code;
}

type BoardRow = typeof floorBoards.$inferSelect;

function summaryOf(row: BoardRow): BoardSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.tokenHash === null ? 'pending' : 'paired',
    createdAt: row.createdAt,
    codeExpiresAt: row.tokenHash === null ? row.codeExpiresAt : null,
    pairedAt: row.pairedAt,
    lastSeenAt: row.lastSeenAt,
  };
}

const boardNotFound = () => notFound(MSG.boardNotFound, 'board_not_found');

export class BoardsService {
  constructor(
    private readonly db: Executor,
    private readonly live: LiveService,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Pending codes past their time are deleted whenever the restaurant's boards are read or added to. */
  private async pruneExpired(restaurantId: string, now: number): Promise<void> {
    await this.db
      .delete(floorBoards)
      .where(
        and(
          eq(floorBoards.restaurantId, restaurantId),
          isNull(floorBoards.tokenHash),
          lt(floorBoards.codeExpiresAt, now),
        ),
      );
  }

  async list(user: SessionUser, restaurantId: string): Promise<BoardSummary[]> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    await this.pruneExpired(restaurantId, this.clock());
    const rows = await this.db
      .select()
      .from(floorBoards)
      .where(eq(floorBoards.restaurantId, restaurantId))
      .orderBy(asc(floorBoards.createdAt), asc(floorBoards.id));
    return rows.map(summaryOf);
  }

  async create(
    user: SessionUser,
    restaurantId: string,
    name: string,
  ): Promise<CreateBoardResponse> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const now = this.clock();
    await this.pruneExpired(restaurantId, now);
    const [held] = await this.db
      .select({ n: count() })
      .from(floorBoards)
      .where(eq(floorBoards.restaurantId, restaurantId));
    if (Number(held?.n ?? 0) >= BOARDS_PER_RESTAURANT)
      throw new AppError(409, 'board_limit', MSG.boardLimit(BOARDS_PER_RESTAURANT), {
        values: { max: BOARDS_PER_RESTAURANT },
      });
    // A clash with a live code is astronomically rare; a new code is drawn then.
    for (let attempt = 0; ; attempt++) {
      const code = newBoardCode();
      try {
        const [row] = await this.db
          .insert(floorBoards)
          .values({
            id: randomUUID(),
            restaurantId,
            name,
            codeHash: sha256(code),
            codeExpiresAt: now + BOARD_CODE_TTL_MS,
            createdAt: now,
          })
          .returning();
        return { board: summaryOf(row!), code };
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 3) throw err;
      }
    }
  }

  /** Another tenant's board answers exactly like a missing one. */
  async revoke(user: SessionUser, boardId: string): Promise<void> {
    const [row] = await this.db
      .select({ restaurantId: floorBoards.restaurantId })
      .from(floorBoards)
      .where(eq(floorBoards.id, boardId));
    if (!row || !(await canAccessRestaurant(this.db, user, row.restaurantId)))
      throw boardNotFound();
    await this.db.delete(floorBoards).where(eq(floorBoards.id, boardId));
    this.live.boardRevoked(boardId);
  }

  /**
   * Pairs the screen: the code is consumed in the same statement that checks it (single use, even with two screens
   * typing it at once), and the board's credential is returned to be set as its cookie.
   */
  async pair(typed: string): Promise<PairBoardResponse & { token: string }> {
    const code = normalizeBoardCode(typed);
    if (!isBoardCodeShaped(code)) throw badRequest(MSG.boardCodeInvalid, 'board_code_invalid');
    const now = this.clock();
    const token = randomBytes(32).toString('base64url');
    const [row] = await this.db
      .update(floorBoards)
      .set({
        codeHash: null,
        codeExpiresAt: null,
        tokenHash: sha256(token),
        pairedAt: now,
        lastSeenAt: now,
      })
      .where(
        and(
          eq(floorBoards.codeHash, sha256(code)),
          isNull(floorBoards.tokenHash),
          sql`${floorBoards.codeExpiresAt} > ${now}`,
        ),
      )
      .returning();
    if (!row) throw badRequest(MSG.boardCodeInvalid, 'board_code_invalid');
    const [restaurant] = await this.db
      .select({ id: restaurants.id, name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, row.restaurantId));
    if (!restaurant) throw badRequest(MSG.boardCodeInvalid, 'board_code_invalid');
    return { token, board: { id: row.id, name: row.name }, restaurant };
  }

  /** The board a cookie stands for, or null (unknown, revoked, or not a token at all). */
  async resolve(token: string | undefined): Promise<BoardPrincipal | null> {
    if (!token || token.length > BOARD_TOKEN_MAX) return null;
    const [row] = await this.db
      .select({
        id: floorBoards.id,
        restaurantId: floorBoards.restaurantId,
        name: floorBoards.name,
      })
      .from(floorBoards)
      .where(eq(floorBoards.tokenHash, sha256(token)));
    return row ?? null;
  }

  /** The board was just seen (a snapshot, a connect): written at most once a minute. */
  async seen(boardId: string): Promise<void> {
    const now = this.clock();
    await this.db
      .update(floorBoards)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(floorBoards.id, boardId),
          or(isNull(floorBoards.lastSeenAt), lt(floorBoards.lastSeenAt, now - SEEN_EVERY_MS)),
        ),
      );
  }

  /** Everything the board draws: its restaurant's open requests, oldest first, in the board's view. */
  async snapshot(board: BoardPrincipal): Promise<BoardSnapshot> {
    const [restaurant] = await this.db
      .select({
        id: restaurants.id,
        name: restaurants.name,
        escalateAfterMinutes: restaurants.escalateAfterMinutes,
        guestLanguage: restaurants.guestLanguage,
        requestTypes: restaurants.requestTypes,
      })
      .from(restaurants)
      .where(eq(restaurants.id, board.restaurantId));
    if (!restaurant) throw unauthorized(MSG.boardNotPaired);
    const now = this.clock();
    const [rows, openTotal] = await Promise.all([
      // Decision 097: a wall screen is seen by guests, so the staff's reminders are left out.
      listPending(
        this.db,
        board.restaurantId,
        null,
        { after: null, limit: BOARD_SNAPSHOT_MAX },
        { reminders: false },
      ),
      countOpen(this.db, board.restaurantId, null, { reminders: false }),
    ]);
    await this.seen(board.id);
    return {
      board: { id: board.id, name: board.name },
      restaurant,
      requests: rows
        .map((row) => toApiRequest(row, now))
        .filter(isGuestVisible)
        .map(toBoardRequest),
      openTotal,
      now,
    };
  }
}
