import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardResponseSchema, idParamSchema } from '../../../shared/schemas';
import { roles } from '../../http/access';
import type { Services } from '../../services';

const restaurantParams = z.object({ restaurantId: idParamSchema });

export function registerDashboardRoutes(app: FastifyInstance, { dashboard }: Services): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/restaurants/:restaurantId/dashboard',
    {
      config: { access: roles('admin') },
      // "Today" is the restaurant's own day (its time zone), computed by the database: no ?since= (decision 044).
      schema: { params: restaurantParams, response: { 200: dashboardResponseSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return dashboard.overview(request.user!, request.params.restaurantId);
    },
  );
}
