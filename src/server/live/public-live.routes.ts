/**
 * GET /api/public/restaurants/:restaurantId/live: the WebSocket an open guest page listens on (issue 3: branding
 * changes show live). Public and read-only: it carries only the restaurant's public face (hub.publicEventOf), the
 * same fields the guest table endpoint returns; a frame from the client closes it. Events reach it through the
 * bus like the staff channel's, so a change saved on any instance reaches guest pages on every instance.
 *
 * Abuse (docs/decisions/015-public-live-channel.md): connects are rate-limited per address, and each address may
 * hold a bounded number of open sockets per instance (a restaurant's guests often share one Wi-Fi address).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@shared/messages';
import { restaurantLive, tableLive } from '@shared/api/live';
import { addressKey } from '../http/client-address';
import { AppError, notFound } from '../http/errors';
import { findRestaurant } from '../modules/restaurants/restaurants.repo';
import type { Services } from '../services';
import type { WebSocket } from 'ws';
import { findTableInRestaurant } from '../modules/tables/tables.repo';
import type { GuestConnection } from './hub';

/** New connections per address and minute: page loads and reconnects of a busy dining room, not a flood. */
export const GUEST_LIVE_CONNECT_LIMIT = { max: 60, timeWindow: '1 minute' };
/** Open guest sockets per address on one instance. */
const GUEST_LIVE_SOCKETS_PER_ADDRESS = 100;

const tooManySockets = () =>
  new AppError(429, 'rate_limited', MSG.tooManyRequests, { retryAfterSeconds: 30 });

export function registerPublicLiveRoutes(fastify: FastifyInstance, services: Services): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { live, db } = services;
  const openPerAddress = new Map<string, number>();

  /** Counts the socket against its address, makes it read-only and hands it to the hub. */
  function accept(
    socket: WebSocket,
    address: string,
    restaurantId: string,
    tableId: string | null,
  ) {
    const open = openPerAddress.get(address) ?? 0;
    // Two upgrades from one address may pass the preHandler together: the count is checked again here.
    if (open >= GUEST_LIVE_SOCKETS_PER_ADDRESS) return socket.close(1013, 'try again later');
    openPerAddress.set(address, open + 1);
    socket.on('close', () => {
      const left = (openPerAddress.get(address) ?? 1) - 1;
      if (left > 0) openPerAddress.set(address, left);
      else openPerAddress.delete(address);
    });
    // Read-only: a guest page never sends anything, so any frame is refused.
    socket.on('message', () => socket.close(1008, 'read-only'));
    const conn: GuestConnection = { socket, restaurantId, tableId, alive: true };
    live.hub.addGuest(conn);
  }

  const checkAddress = (address: string) => {
    if ((openPerAddress.get(address) ?? 0) >= GUEST_LIVE_SOCKETS_PER_ADDRESS)
      throw tooManySockets();
  };

  app.get(
    restaurantLive.path,
    {
      websocket: true,
      config: { access: restaurantLive.access, rateLimit: GUEST_LIVE_CONNECT_LIMIT },
      schema: { params: restaurantLive.params },
      // Refused before the upgrade, with a plain HTTP status: an unknown restaurant, or too many open sockets.
      preHandler: async (request) => {
        checkAddress(addressKey(request.ip));
        if (!(await findRestaurant(db, request.params.restaurantId))) throw notFound();
      },
    },
    (socket, request) => {
      accept(socket, addressKey(request.ip), request.params.restaurantId, null);
    },
  );

  // Issue 12: a table's guest page also hears of its own table's requests (sent → on the way → done), and of no
  // other table's (decision 029). An unknown table, or one of another restaurant, is refused before the upgrade.
  app.get(
    tableLive.path,
    {
      websocket: true,
      config: { access: tableLive.access, rateLimit: GUEST_LIVE_CONNECT_LIMIT },
      schema: { params: tableLive.params },
      preHandler: async (request) => {
        const { restaurantId, tableId } = request.params;
        checkAddress(addressKey(request.ip));
        if (!(await findTableInRestaurant(db, restaurantId, tableId))) throw notFound();
      },
    },
    (socket, request) => {
      const { restaurantId, tableId } = request.params;
      accept(socket, addressKey(request.ip), restaurantId, tableId);
      // A page that connects just after its table's request was done missed that event (it went out before the
      // page listened): the request done in the last few seconds is sent now, so it says "Done ✓" too. Sent after
      // the socket joined its room, so nothing after it is missed; a later event about it follows it.
      services.guest.recentlyDone(restaurantId, tableId, Date.now()).then(
        (done) => {
          if (done && socket.readyState === socket.OPEN)
            socket.send(JSON.stringify({ type: 'table.request', request: done }));
        },
        (err: unknown) => request.log.warn({ err }, 'recently done request not read'),
      );
    },
  );
}
