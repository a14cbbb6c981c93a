import type { FastifyInstance } from 'fastify';
import { getAnalytics } from '@shared/api/restaurants';
import { route } from '../../http/route';
import type { Services } from '../../services';

export function registerAnalyticsRoutes(
  app: FastifyInstance,
  { analytics, heavyReads }: Services,
): void {
  route(app, getAnalytics, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return heavyReads.run(request.user!.id, () =>
      analytics.period(request.user!, request.params.restaurantId, request.query),
    );
  });
}
