import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamSchema, requestHistoryQuerySchema } from '../../../shared/schemas';
import { STAFF } from '../../http/access';
import { parse } from '../../http/validate';
import type { Services } from '../../services';

const restaurantParams = z.object({ restaurantId: idParamSchema });
const requestParams = z.object({ requestId: idParamSchema });

export function registerRequestsRoutes(app: FastifyInstance, { requests }: Services): void {
  app.get(
    '/api/restaurants/:restaurantId/requests',
    { config: { access: STAFF } },
    async (request) => {
      const { restaurantId } = parse(restaurantParams, request.params);
      return requests.list(request.user!, restaurantId);
    },
  );

  // Who may act on which request: docs/decisions/028 (servers on what they may see, admins on their restaurants).
  for (const action of ['acknowledge', 'complete', 'dismiss'] as const) {
    app.post(
      `/api/requests/:requestId/${action}`,
      { config: { access: STAFF } },
      async (request) => {
        const { requestId } = parse(requestParams, request.params);
        parse(z.strictObject({}), request.body);
        return { request: await requests[action](request.user!, requestId) };
      },
    );
  }

  app.get(
    '/api/restaurants/:restaurantId/requests/history',
    { config: { access: STAFF } },
    async (request) => {
      const { restaurantId } = parse(restaurantParams, request.params);
      const query = parse(requestHistoryQuerySchema, request.query);
      return requests.history(request.user!, restaurantId, query);
    },
  );
}
