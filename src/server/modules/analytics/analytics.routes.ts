import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsQuerySchema, analyticsResponseSchema } from '../../../shared/analytics';
import { idParamSchema } from '../../../shared/schemas';
import { roles } from '../../http/access';
import type { Services } from '../../services';

export function registerAnalyticsRoutes(app: FastifyInstance, { analytics }: Services): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/restaurants/:restaurantId/analytics',
    {
      config: { access: roles('admin') },
      schema: {
        params: z.object({ restaurantId: idParamSchema }),
        querystring: analyticsQuerySchema,
        response: { 200: analyticsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return analytics.period(request.user!, request.params.restaurantId, request.query);
    },
  );
}
