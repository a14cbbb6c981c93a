import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '../../../shared/schemas';
import { MSG } from '../../../shared/messages';
import { roles } from '../../http/access';
import { parse } from '../../http/validate';
import type { Services } from '../../services';

const restaurantParams = z.object({ restaurantId: idParamSchema });
/** ?since=<ms of the viewer's local midnight>, a whole number. */
const dashboardQuery = z.object({
  since: z
    .string(MSG.dashboardSinceInvalid)
    .regex(/^\d{1,15}$/, MSG.dashboardSinceInvalid)
    .transform(Number),
});

export function registerDashboardRoutes(app: FastifyInstance, { dashboard }: Services): void {
  app.get(
    '/api/restaurants/:restaurantId/dashboard',
    { config: { access: roles('admin') } },
    async (request, reply) => {
      const { restaurantId } = parse(restaurantParams, request.params);
      const { since } = parse(dashboardQuery, request.query);
      void reply.header('cache-control', 'no-store');
      return dashboard.figures(request.user!, restaurantId, since);
    },
  );
}
