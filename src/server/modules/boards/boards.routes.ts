/**
 * Floor boards (issue 28 item 4, decision 080): the owner's codes and boards, the pairing, and what a paired board
 * reads (its snapshot and its live channel). The board's credential is a cookie of its own, scoped to the board's
 * paths, so it is never sent to (and opens) any other route.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createBoard, getBoard, listBoards, pairBoard, revokeBoard } from '@shared/api/boards';
import { boardLive } from '@shared/api/live';
import { BOARD_COOKIE, BOARD_COOKIE_PATH } from '@shared/constants';
import { forbidden } from '../../http/errors';
import { isSameOrigin } from '../../http/origin';
import { route } from '../../http/route';
import type { Services } from '../../services';

/** Code guesses per address: a few typos at a TV, never a search of the code space (decision 080). */
const BOARD_PAIR_LIMIT = { max: 10, timeWindow: '1 minute' };
/** Snapshot reads and live connects per address: a few boards reconnecting after an outage. */
const BOARD_READ_LIMIT = { max: 120, timeWindow: '1 minute' };
/** The board cookie lives as long as a browser keeps one (400 days); the credential ends only when revoked. */
const BOARD_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

export function registerBoardRoutes(
  app: FastifyInstance,
  services: Services,
  publicUrl: string,
  secure: boolean,
): void {
  const { boards, live } = services;

  route(app, listBoards, async (request) => ({
    boards: await boards.list(request.user!, request.params.restaurantId),
  }));

  route(
    app,
    createBoard,
    async (request, reply) =>
      reply
        .status(201)
        .send(await boards.create(request.user!, request.params.restaurantId, request.body.name)),
    { bodyLimit: 1024 },
  );

  route(app, revokeBoard, async (request, reply) => {
    await boards.revoke(request.user!, request.params.boardId);
    return reply.status(204).send();
  });

  // The limit runs on onRequest, before the body is read: a guesser is stopped before any lookup.
  route(
    app,
    pairBoard,
    async (request, reply) => {
      const { token, ...paired } = await boards.pair(request.body.code);
      void reply.setCookie(BOARD_COOKIE, token, {
        path: BOARD_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: BOARD_COOKIE_MAX_AGE_S,
      });
      return paired;
    },
    { config: { rateLimit: BOARD_PAIR_LIMIT }, bodyLimit: 1024 },
  );

  route(app, getBoard, async (request) => boards.snapshot(request.board!), {
    config: { rateLimit: BOARD_READ_LIMIT },
  });

  app.get(
    boardLive.path,
    {
      websocket: true,
      config: { access: boardLive.access, rateLimit: BOARD_READ_LIMIT },
      // As the staff channel: a browser sends the cookie with any site's handshake, so it must come from ours.
      preHandler: (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
        if (
          !isSameOrigin(request.headers.origin, publicUrl, request.headers.host, request.protocol)
        )
          return done(forbidden('Cross-site connection refused.', 'csrf'));
        done();
      },
    },
    (socket, request) => {
      const board = request.board!;
      // Read-only: a board never sends anything, so any frame closes it.
      socket.on('message', () => socket.close(1008, 'read-only'));
      live.hub.addBoard({
        socket,
        boardId: board.id,
        restaurantId: board.restaurantId,
        alive: true,
      });
      void boards.seen(board.id).catch(() => undefined);
    },
  );
}
