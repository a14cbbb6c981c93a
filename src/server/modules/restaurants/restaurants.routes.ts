import type { FastifyInstance } from 'fastify';
import { getRestaurant } from '@shared/api/restaurants';
import { route } from '../../http/route';
import type { Services } from '../../services';

export function registerRestaurantsRoutes(app: FastifyInstance, { restaurants }: Services): void {
  // ownerId is optional in the schema: a server's view of a restaurant leaves it out (server policy/).
  route(app, getRestaurant, async (request) => {
    return { restaurant: await restaurants.get(request.user!, request.params.restaurantId) };
  });
}
