import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '../../../shared/schemas';
import { roles, STAFF } from '../../http/access';
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

  app.post(
    '/api/requests/:requestId/complete',
    { config: { access: roles('server') } },
    async (request) => {
      const { requestId } = parse(requestParams, request.params);
      parse(z.strictObject({}), request.body);
      return { request: await requests.complete(request.user!, requestId) };
    },
  );
}
