/**
 * Floor boards (issue 28 item 4, decision 080): an admin makes a one-time pairing code, a wall screen pairs with it
 * and then holds a read-only board credential of its own (a cookie on the board's routes only). The admin lists and
 * revokes the boards; a board reads its restaurant's open requests and nothing else.
 */
import {
  boardSnapshotSchema,
  boardsResponseSchema,
  createBoardBodySchema,
  createBoardResponseSchema,
  pairBoardBodySchema,
  pairBoardResponseSchema,
} from '../board';
import { ADMIN, BOARD, PUBLIC } from './access';
import { endpoint } from './endpoint';
import { boardParams, noContent, restaurantParams } from './params';

export const listBoards = endpoint('listBoards', {
  tag: 'boards',
  summary: 'The restaurant’s floor boards and unexpired pairing codes',
  access: ADMIN,
  params: restaurantParams,
  responses: { 200: boardsResponseSchema },
  errors: ['restaurant_not_found'],
});

export const createBoard = endpoint('createBoard', {
  tag: 'boards',
  summary: 'Make a one-time pairing code for a new floor board (shown once, good for 10 minutes)',
  access: ADMIN,
  params: restaurantParams,
  body: createBoardBodySchema,
  responses: { 201: createBoardResponseSchema },
  errors: ['restaurant_not_found', 'board_limit', 'ctp_body_too_large'],
});

export const revokeBoard = endpoint('revokeBoard', {
  tag: 'boards',
  summary: 'Revoke a floor board or its pairing code (an open board closes at once)',
  access: ADMIN,
  params: boardParams,
  responses: { 204: noContent },
  errors: ['board_not_found'],
});

export const pairBoard = endpoint('pairBoard', {
  tag: 'boards',
  summary:
    'Pair this screen with a one-time code: sets the board’s own read-only credential (a cookie)',
  access: PUBLIC,
  body: pairBoardBodySchema,
  responses: { 200: pairBoardResponseSchema },
  errors: ['board_code_invalid', 'rate_limited', 'ctp_body_too_large'],
});

export const getBoard = endpoint('getBoard', {
  tag: 'boards',
  summary:
    'What a paired board shows: its restaurant’s open requests, oldest first (board credential only)',
  access: BOARD,
  responses: { 200: boardSnapshotSchema },
  errors: ['rate_limited'],
});
