import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '../../../shared/schemas';
import { STAFF } from '../../http/access';
import { parse } from '../../http/validate';
import type { Services } from '../../services';

const restaurantParams = z.object({ restaurantId: idParamSchema });

export function registerRestaurantsRoutes(app: FastifyInstance, { restaurants }: Services): void {
  app.get('/api/restaurants/:restaurantId', { config: { access: STAFF } }, async (request) => {
    const { restaurantId } = parse(restaurantParams, request.params);
    return { restaurant: await restaurants.get(request.user!, restaurantId) };
  });
}
