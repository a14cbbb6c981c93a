/**
 * Health checks for load balancers and orchestrators (docs/deploy.md): public, no rate limit (a balancer probes
 * every few seconds from one address), never cached, and logged at debug only (http/request-log.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, type HealthResponse } from '../../../shared/health';
import { PUBLIC } from '../../http/access';
import type { HealthService } from './health.service';

export const HEALTH_PREFIX = '/api/health/';

export function registerHealthRoutes(fastify: FastifyInstance, health: HealthService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Live: the process answers HTTP. A failing live check means restart it; it never depends on the database.
  app.get(
    `${HEALTH_PREFIX}live`,
    { config: { access: PUBLIC }, schema: { response: { 200: healthResponseSchema } } },
    (_request, reply) => {
      void reply
        .header('cache-control', 'no-store')
        .send({ status: 'ok' } satisfies HealthResponse);
    },
  );

  // Ready: send this instance traffic. 503 names what fails, so an operator reading the probe knows where to look.
  app.get(
    `${HEALTH_PREFIX}ready`,
    {
      config: { access: PUBLIC },
      schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } },
    },
    async (_request, reply) => {
      const result = await health.ready();
      void reply.header('cache-control', 'no-store');
      return reply.status(result.status === 'ok' ? 200 : 503).send(result);
    },
  );
}
