/**
 * Web Push setup (SPEC §4 notification permission, §5 'Push setup applies only to users with role server or
 * admin'): the VAPID public key, and this device's subscription.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pushPublicKeyResponseSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionResponseSchema,
  pushUnsubscribeBodySchema,
} from '../../../shared/schemas';
import { roles, STAFF } from '../../http/access';
import { jsonBody, noContent } from '../../http/validate';
import type { Services } from '../../services';

const PUSH_USERS = roles('server', 'admin');

export function registerPushRoutes(fastify: FastifyInstance, { push }: Services): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/push/public-key',
    { config: { access: STAFF }, schema: { response: { 200: pushPublicKeyResponseSchema } } },
    async () => {
      return { publicKey: await push.publicKey() };
    },
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: { access: PUSH_USERS, rateLimit: { max: 120, timeWindow: 60_000 } },
      bodyLimit: 8 * 1024,
      schema: {
        body: jsonBody(pushSubscriptionBodySchema),
        response: { 201: pushSubscriptionResponseSchema },
      },
    },
    async (request, reply) => {
      await push.subscribe(request.user!, request.body, request.headers['user-agent']);
      return reply.status(201).send({ subscribed: true });
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config: { access: PUSH_USERS },
      bodyLimit: 8 * 1024,
      schema: { body: jsonBody(pushUnsubscribeBodySchema), response: { 204: noContent } },
    },
    async (request, reply) => {
      await push.unsubscribe(request.user!, request.body.endpoint);
      return reply.status(204).send();
    },
  );
}
