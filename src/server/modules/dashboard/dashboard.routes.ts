import type { FastifyInstance } from 'fastify';
import { getDashboard } from '../../../shared/api/restaurants';
import { route } from '../../http/route';
import type { Services } from '../../services';

export function registerDashboardRoutes(app: FastifyInstance, { dashboard }: Services): void {
  // "Today" is the restaurant's own day (its time zone), computed by the database: no ?since= (decision 044).
  route(app, getDashboard, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return dashboard.overview(request.user!, request.params.restaurantId);
  });
}
