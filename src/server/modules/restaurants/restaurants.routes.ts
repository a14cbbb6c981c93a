import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { restaurantResponseSchema } from '../../../shared/schemas';
import { STAFF } from '../../http/access';
import { restaurantParams } from '../../http/validate';
import type { Services } from '../../services';

export function registerRestaurantsRoutes(app: FastifyInstance, { restaurants }: Services): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/restaurants/:restaurantId',
    {
      config: { access: STAFF },
      // ownerId is optional in the schema: a server's view of a restaurant leaves it out (server policy/).
      schema: { params: restaurantParams, response: { 200: restaurantResponseSchema } },
    },
    async (request) => {
      return { restaurant: await restaurants.get(request.user!, request.params.restaurantId) };
    },
  );
}
