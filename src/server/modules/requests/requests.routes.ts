import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  openRequestsQuerySchema,
  requestHistoryQuerySchema,
  requestHistoryResponseSchema,
  requestResponseSchema,
  requestsResponseSchema,
} from '../../../shared/schemas';
import { STAFF } from '../../http/access';
import { emptyBody, restaurantParams } from '../../http/validate';
import type { Services } from '../../services';

const requestParams = z.object({ requestId: idParamSchema });

export function registerRequestsRoutes(fastify: FastifyInstance, { requests }: Services): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/restaurants/:restaurantId/requests',
    {
      config: { access: STAFF },
      schema: {
        params: restaurantParams,
        querystring: openRequestsQuerySchema,
        response: { 200: requestsResponseSchema },
      },
    },
    async (request) => {
      return requests.list(request.user!, request.params.restaurantId, request.query);
    },
  );

  // Who may act on which request: docs/decisions/028 (servers on what they may see, admins on their restaurants).
  for (const action of ['acknowledge', 'complete', 'dismiss'] as const) {
    app.post(
      `/api/requests/:requestId/${action}`,
      {
        config: { access: STAFF },
        schema: {
          params: requestParams,
          body: emptyBody,
          response: { 200: requestResponseSchema },
        },
      },
      async (request) => {
        return { request: await requests[action](request.user!, request.params.requestId) };
      },
    );
  }

  app.get(
    '/api/restaurants/:restaurantId/requests/history',
    {
      config: { access: STAFF },
      schema: {
        params: restaurantParams,
        querystring: requestHistoryQuerySchema,
        response: { 200: requestHistoryResponseSchema },
      },
    },
    async (request) => {
      return requests.history(request.user!, request.params.restaurantId, request.query);
    },
  );
}
