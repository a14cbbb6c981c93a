/**
 * GET /api/live: the WebSocket that carries a staff member's restaurant events. The session cookie is checked on
 * connect, and again for every subscription the client asks for.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '@shared/schemas';
import { staffLive } from '@shared/api/live';
import { forbidden } from '../http/errors';
import { addressKey } from '../http/client-address';
import { isSameOrigin } from '../http/origin';
import type { Services } from '../services';
import { accessibleRestaurantIds, assertRestaurantAccess } from '../policy/policy';
import type { Connection } from './hub';
import {
  SOCKET_LIMIT_CLOSE_CODE,
  SocketCounter,
  STAFF_LIVE_CONNECT_LIMIT,
  STAFF_SOCKET_CAPS,
  type StaffSocketCaps,
} from './socket-caps';

const clientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), restaurantId: idParamSchema }),
  z.strictObject({ type: z.literal('ping') }),
]);

export function registerLiveRoutes(
  app: FastifyInstance,
  services: Services,
  publicUrl: string,
  caps: StaffSocketCaps = STAFF_SOCKET_CAPS,
): void {
  const { live, db, auth } = services;
  const sockets = new SocketCounter(caps);
  const options = {
    websocket: true,
    // The connect limit runs on onRequest, before the session is looked up (decision 026).
    config: { access: staffLive.access, rateLimit: STAFF_LIVE_CONNECT_LIMIT },
    // Cross-site WebSocket hijacking: a browser sends the cookie with any site's handshake, so the handshake must
    // come from our own origin (browsers always send Origin on it). Refused before the upgrade, with 403; runs
    // after the access rule, so a visitor without a session still gets 401.
    preHandler: (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      if (!isSameOrigin(request.headers.origin, publicUrl, request.headers.host, request.protocol))
        return done(forbidden('Cross-site connection refused.', 'csrf'));
      done();
    },
  } as const;
  app.get(staffLive.path, options, async (socket, request) => {
    const user = request.user!;
    // Decision 026: open sockets are capped per session, user and address; over a cap the socket is closed at once.
    const slot = sockets.take({
      sessionId: request.sessionId!,
      userId: user.id,
      address: addressKey(request.ip),
    });
    if ('refused' in slot) return socket.close(SOCKET_LIMIT_CLOSE_CODE, slot.reason);
    socket.on('close', slot.release);
    const conn: Connection = {
      socket,
      user,
      sessionId: request.sessionId!,
      rooms: new Set(),
      alive: true,
      expiresAt: request.sessionExpiresAt ?? undefined,
    };
    live.hub.add(conn);
    for (const r of await accessibleRestaurantIds(db, user)) live.hub.join(conn, r);
    socket.on('message', (data, isBinary) => {
      void (async () => {
        if (isBinary || (data as Buffer).length > 1024) return socket.close(1003, 'unsupported');
        let parsed: z.infer<typeof clientMessage>;
        try {
          parsed = clientMessage.parse(JSON.parse((data as Buffer).toString('utf8')));
        } catch {
          return socket.close(1007, 'invalid message');
        }
        if (parsed.type === 'ping') return socket.send(JSON.stringify({ type: 'pong' }));
        // Re-check the session for each subscription: it may have been revoked since connect.
        const current = await auth.resolveSessionId(conn.sessionId);
        if (!current) return socket.close(4001, 'session ended');
        try {
          await assertRestaurantAccess(db, current, parsed.restaurantId);
          live.hub.join(conn, parsed.restaurantId);
        } catch {
          socket.send(JSON.stringify({ type: 'error', message: 'subscription refused' }));
        }
      })().catch(() => socket.close(1011, 'error'));
    });
    socket.send(JSON.stringify({ type: 'hello', userId: user.id }));
  });
}
