import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { guestRequestBodySchema, idParamSchema } from '../../../shared/schemas';
import { PUBLIC } from '../../http/access';
import { parse } from '../../http/validate';
import type { Services } from '../../services';

const tableParams = z.object({
  restaurantId: idParamSchema,
  tableId: idParamSchema,
});
const restaurantParams = z.object({ restaurantId: idParamSchema });

/** The guest's press, as registered below (metrics count its outcomes by this pattern; metrics.test checks it). */
export const GUEST_PRESS_ROUTE = '/api/public/restaurants/:restaurantId/tables/:tableId/requests';

/** Per-address limit on guest presses, on top of the per-table cool-down (issue: abuse). */
const GUEST_PRESS_LIMIT = { max: 30, timeWindow: '1 minute' };
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

export function registerGuestRoutes(app: FastifyInstance, { guest, requests }: Services): void {
  const base = '/api/public/restaurants/:restaurantId/tables/:tableId';

  app.get(
    base,
    { config: { access: PUBLIC, rateLimit: GUEST_READ_LIMITS.table } },
    async (request, reply) => {
      const { restaurantId, tableId } = parse(tableParams, request.params);
      void reply.header('cache-control', 'no-store');
      return guest.table(restaurantId, tableId);
    },
  );

  app.get(
    `${base}/cooldown`,
    { config: { access: PUBLIC, rateLimit: GUEST_READ_LIMITS.cooldown } },
    async (request, reply) => {
      const { restaurantId, tableId } = parse(tableParams, request.params);
      void reply.header('cache-control', 'no-store');
      return guest.cooldown(restaurantId, tableId);
    },
  );

  app.post(
    `${base}/requests`,
    { config: { access: PUBLIC, rateLimit: GUEST_PRESS_LIMIT }, bodyLimit: 1024 },
    async (request, reply) => {
      const { restaurantId, tableId } = parse(tableParams, request.params);
      const body = parse(guestRequestBodySchema, request.body);
      return reply
        .status(201)
        .send(await requests.createFromGuest(restaurantId, tableId, body.type));
    },
  );

  app.get(
    '/api/public/restaurants/:restaurantId/logo',
    { config: { access: PUBLIC, rateLimit: GUEST_READ_LIMITS.logo } },
    async (request, reply) => {
      const { restaurantId } = parse(restaurantParams, request.params);
      const logo = await guest.logo(restaurantId);
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
  );
}
