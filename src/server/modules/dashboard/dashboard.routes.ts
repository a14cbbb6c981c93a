import type { FastifyInstance } from 'fastify';
import { getDashboard, getRestaurantsOverview } from '@shared/api/restaurants';
import { route } from '../../http/route';
import type { Services } from '../../services';

export function registerDashboardRoutes(
  app: FastifyInstance,
  { dashboard, restaurantAdmin, heavyReads }: Services,
): void {
  // "Today" is the restaurant's own day (its time zone), computed by the database: no ?since= (decision 044).
  route(app, getDashboard, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return heavyReads.run(request.user!.id, () =>
      dashboard.overview(request.user!, request.params.restaurantId),
    );
  });

  // Every restaurant of the signed-in owner (decision 085): only their own, listed by the owner's id.
  route(app, getRestaurantsOverview, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return dashboard.restaurantsAtAGlance(await restaurantAdmin.list(request.user!));
  });
}
