/**
 * The floor board's contract (issue 28 item 4, decision 080): what an admin sees of the boards they paired, what a
 * pairing takes and answers, and the only things a paired board is ever told — its restaurant's open requests
 * reduced to what a wall screen in the dining room may show (no guest note text, no staff ids, no bill method).
 */
import { z } from 'zod';
import { BOARD_CODE_ALPHABET, BOARD_CODE_LENGTH, BOARD_NAME_MAX } from './constants';
import { MSG } from './messages';
import { plainText, requestStatusSchema, requestTypeSchema, requestTypesSchema } from './schemas';

/** How a typed code is read: case, spaces and dashes do not matter ('abcd-efgh' is 'ABCDEFGH'). */
export const normalizeBoardCode = (typed: string): string =>
  typed.toUpperCase().replace(/[\s-]+/g, '');

/** A code as it is shown: two groups of four, easy to read across a room and to type on a TV remote. */
export const formatBoardCode = (code: string): string =>
  code.length === BOARD_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;

export const isBoardCodeShaped = (code: string): boolean =>
  code.length === BOARD_CODE_LENGTH && [...code].every((c) => BOARD_CODE_ALPHABET.includes(c));

const boardNameSchema = plainText().trim().min(1, MSG.boardNameRequired).max(BOARD_NAME_MAX);

export const createBoardBodySchema = z.strictObject({ name: boardNameSchema });

/** A board as its restaurant's admin lists it: a pending code until a screen pairs with it. */
const boardSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(['pending', 'paired']),
    createdAt: z.number(),
    /** Pending: when the code stops working. */
    codeExpiresAt: z.number().nullable(),
    pairedAt: z.number().nullable(),
    /** When the board last loaded or connected (to the minute). */
    lastSeenAt: z.number().nullable(),
  })
  .meta({ id: 'FloorBoard' });
export type BoardSummary = z.infer<typeof boardSummarySchema>;

export const boardsResponseSchema = z.object({ boards: z.array(boardSummarySchema) });

/** The code is shown once, here; only its hash is kept. */
export const createBoardResponseSchema = z.object({
  board: boardSummarySchema,
  code: z.string(),
});
export type CreateBoardResponse = z.infer<typeof createBoardResponseSchema>;

export const pairBoardBodySchema = z.strictObject({
  code: plainText(MSG.boardCodeInvalid).min(1).max(32),
});

const boardIdentitySchema = z.object({ id: z.string(), name: z.string() });

export const pairBoardResponseSchema = z.object({
  board: boardIdentitySchema,
  restaurant: z.object({ id: z.string(), name: z.string() }),
});
export type PairBoardResponse = z.infer<typeof pairBoardResponseSchema>;

/**
 * One open request as the wall screen shows it. No note text: a guest's note (an allergy, a name) is theirs and a
 * wall screen is seen by every guest walking past; `hasNote` tells staff to look on their phone.
 */
const boardRequestSchema = z
  .object({
    id: z.string(),
    tableId: z.string(),
    tableNumber: z.string().nullable(),
    type: requestTypeSchema,
    status: requestStatusSchema,
    createdAt: z.number(),
    acknowledgedAt: z.number().nullable(),
    /** The first name of whoever took it (staff-facing); null: nobody yet. */
    takenBy: z.string().nullable(),
    overdue: z.boolean(),
    urgent: z.boolean(),
    hasNote: z.boolean(),
  })
  .meta({ id: 'BoardRequest' });
export type BoardRequest = z.infer<typeof boardRequestSchema>;

/** GET /api/board: everything the board draws, with the server's clock (a TV's own clock is often wrong). */
export const boardSnapshotSchema = z.object({
  board: boardIdentitySchema,
  restaurant: z.object({
    id: z.string(),
    name: z.string(),
    escalateAfterMinutes: z.number(),
    /** The restaurant's own buttons and their fallback language, which name a custom type (decision 087). */
    guestLanguage: z.string(),
    requestTypes: requestTypesSchema,
  }),
  /** Open requests, oldest first (at most BOARD_SNAPSHOT_MAX). */
  requests: z.array(boardRequestSchema),
  /** How many requests are open in all. */
  openTotal: z.number().int().nonnegative(),
  now: z.number(),
});
export type BoardSnapshot = z.infer<typeof boardSnapshotSchema>;
export const BOARD_SNAPSHOT_MAX = 200;

/** What the board's live socket carries: one request changed, or "fetch the snapshot again". */
export const boardLiveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('board.request'), request: boardRequestSchema }),
  z.object({ type: z.literal('resync') }),
]);
export type BoardLiveEvent = z.infer<typeof boardLiveEventSchema>;
