import type { FastifyInstance } from 'fastify';
import {
  answerGuestOutcome,
  rateGuestBill,
  cancelGuestRequest,
  createGuestRequest,
  setGuestBillMethod,
  getGuestCooldown,
  getGuestTable,
  getRestaurantLogo,
} from '@shared/api/guest';
import { MSG } from '@shared/messages';
import { notFound } from '../../http/errors';
import { addressKey } from '../../http/client-address';
import { route } from '../../http/route';
import { withDbPriority } from '../../db/priority';
import type { Services } from '../../services';
import { PRESS_DEADLINE_MS } from '../requests/requests.service';

/** The guest's press, as registered below (metrics count its outcomes by this pattern; metrics.test checks it). */
export const GUEST_PRESS_ROUTE = createGuestRequest.path;

/** Per-address limit on guest presses, on top of the per-table cool-down (issue: abuse). */
const GUEST_PRESS_LIMIT = { max: 30, timeWindow: '1 minute' };
/** Per-address limit on a guest's changes to its own request (cancel, bill method; decision 071). */
const GUEST_CHANGE_LIMIT = { max: 30, timeWindow: '1 minute' };
/**
 * Per-address limits on the guest page's reads. A whole dining room may share one address (the restaurant's
 * Wi-Fi): each open guest page loads the table once and re-checks the cool-down every 15 s (4 a minute), and the
 * logo is cached for 5 minutes. These leave room for dozens of phones refreshing, and stop a script from reading
 * or probing tables at full speed.
 */
export const GUEST_READ_LIMITS = {
  table: { max: 120, timeWindow: '1 minute' },
  cooldown: { max: 240, timeWindow: '1 minute' },
  logo: { max: 120, timeWindow: '1 minute' },
} as const;

export function registerGuestRoutes(
  app: FastifyInstance,
  { guest, requests, pressGate }: Services,
): void {
  // Decision 089: a guest URL's last part is its table's QR code. A request of a code that is no longer (or never
  // was) a table's is one this table does not have.
  const requestNotFound = () => notFound(MSG.requestNotFound, 'request_not_found');
  const tableOf = (restaurantId: string, code: string) =>
    pressGate.tableIdOf(restaurantId, code, requestNotFound);

  route(
    app,
    getGuestTable,
    async (request, reply) => {
      const { restaurantId, tableId } = request.params;
      void reply.header('cache-control', 'no-store');
      return guest.table(restaurantId, tableId);
    },
    { config: { rateLimit: GUEST_READ_LIMITS.table } },
  );

  route(
    app,
    getGuestCooldown,
    async (request, reply) => {
      const { restaurantId, tableId } = request.params;
      void reply.header('cache-control', 'no-store');
      return guest.cooldown(restaurantId, tableId);
    },
    { config: { rateLimit: GUEST_READ_LIMITS.cooldown } },
  );

  // The guest press, the hot path (docs/architecture.md, "The guest press path"). Its refusals stay in front of
  // the database and cost no more than before the schemas were declared: the per-address limit runs in onRequest,
  // before the body is read; the body limit is Fastify's, checked while reading; the declared schemas then check the
  // ids, the strict body ({ type, note?, urgent? }) and the optional Idempotency-Key header (decision 056), and the
  // service the note (decision 070), before any database work. 2 KB: a note of 140 characters, each up to 4 bytes,
  // or 12 when a client escapes it as \u pairs.
  route(
    app,
    createGuestRequest,
    async (request, reply) => {
      const { restaurantId, tableId: code } = request.params;
      const pressKey = request.headers['idempotency-key'] ?? null;
      // Decisions 088, 089: the QR code, blocks, opening hours and the press budget, before the press's statement.
      const origin = {
        deviceId: request.headers['x-device-id'] ?? null,
        address: addressKey(request.ip),
      };
      // Its database work goes first on the embedded database's worker (decision 072).
      const created = await withDbPriority('press', async () => {
        const tableId = await pressGate.check(restaurantId, code, origin, pressKey);
        // A retry of a press that was stored is answered as the press was: 201 with its request.
        const stored = await requests.createFromGuest(
          restaurantId,
          tableId,
          request.body.type,
          pressKey,
          {
            note: request.body.note,
            urgent: request.body.urgent,
            // From the press's arrival (reply.elapsedTime: since Fastify received it).
            deadline: Date.now() - reply.elapsedTime + PRESS_DEADLINE_MS,
            // Decision 089: stored by the press's own statement, for a prank dismissal.
            origin,
          },
        );
        return stored;
      });
      return reply.status(201).send(created);
    },
    { config: { rateLimit: GUEST_PRESS_LIMIT }, bodyLimit: 2048 },
  );

  // Decision 071: the device that pressed cancels its call while nobody has taken it, and says how it will pay a
  // bill. Its proof is the press's Idempotency-Key, which only that device holds.
  route(
    app,
    cancelGuestRequest,
    async (request) => {
      const { restaurantId, tableId: code, requestId } = request.params;
      const tableId = await tableOf(restaurantId, code);
      return {
        request: await requests.cancelFromGuest({
          id: requestId,
          restaurantId,
          tableId,
          pressKey: request.body.pressKey,
        }),
      };
    },
    { config: { rateLimit: GUEST_CHANGE_LIMIT }, bodyLimit: 1024 },
  );

  route(
    app,
    setGuestBillMethod,
    async (request) => {
      const { restaurantId, tableId: code, requestId } = request.params;
      const tableId = await tableOf(restaurantId, code);
      return {
        request: await requests.setBillMethodFromGuest(
          { id: requestId, restaurantId, tableId, pressKey: request.body.pressKey },
          request.body.method,
        ),
      };
    },
    { config: { rateLimit: GUEST_CHANGE_LIMIT }, bodyLimit: 1024 },
  );

  // Decisions 082, 083: after Done the device that pressed says whether it got what it needed, and rates a
  // completed bill; the same proof and the same per-address limit as its other changes. 8 KB: a comment of 500
  // characters, each up to 4 bytes, or 12 escaped.
  route(
    app,
    answerGuestOutcome,
    async (request) => {
      const { restaurantId, tableId: code, requestId } = request.params;
      const tableId = await tableOf(restaurantId, code);
      return {
        request: await requests.answerOutcomeFromGuest(
          { id: requestId, restaurantId, tableId, pressKey: request.body.pressKey },
          request.body.resolved,
        ),
      };
    },
    { config: { rateLimit: GUEST_CHANGE_LIMIT }, bodyLimit: 1024 },
  );

  route(
    app,
    rateGuestBill,
    async (request) => {
      const { restaurantId, tableId: code, requestId } = request.params;
      const tableId = await tableOf(restaurantId, code);
      return requests.rateBillFromGuest(
        { id: requestId, restaurantId, tableId, pressKey: request.body.pressKey },
        request.body.stars,
        request.body.comment,
      );
    },
    { config: { rateLimit: GUEST_CHANGE_LIMIT }, bodyLimit: 8192 },
  );

  // A raster image, not JSON: its params are declared, its bytes are sent as stored (no response schema).
  route(
    app,
    getRestaurantLogo,
    async (request, reply) => {
      const logo = await guest.logo(request.params.restaurantId);
      const etag = `"${logo.etag}"`;
      void reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=300, must-revalidate');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      // Only raster types are ever stored; nosniff stops a browser from guessing otherwise.
      return reply
        .type(logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(logo.bytes));
    },
    { config: { rateLimit: GUEST_READ_LIMITS.logo } },
  );
}
