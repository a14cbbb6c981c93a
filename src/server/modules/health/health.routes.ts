/**
 * Health checks for load balancers and orchestrators (docs/deploy.md): public, no rate limit (a balancer probes
 * every few seconds from one address), never cached, and logged at debug only (http/request-log.ts).
 */
import type { FastifyInstance } from 'fastify';
import { getHealthLive, getHealthReady } from '@shared/api/health';
import type { HealthResponse } from '@shared/health';
import { route } from '../../http/route';
import type { HealthService } from './health.service';

export const HEALTH_PREFIX = '/api/health/';

export function registerHealthRoutes(app: FastifyInstance, health: HealthService): void {
  // Live: the process answers HTTP. A failing live check means restart it; it never depends on the database.
  route(app, getHealthLive, (_request, reply) => {
    void reply.header('cache-control', 'no-store').send({ status: 'ok' } satisfies HealthResponse);
  });

  // Ready: send this instance traffic. 503 names what fails, so an operator reading the probe knows where to look.
  route(app, getHealthReady, async (_request, reply) => {
    const result = await health.ready();
    void reply.header('cache-control', 'no-store');
    return reply.status(result.status === 'ok' ? 200 : 503).send(result);
  });
}
