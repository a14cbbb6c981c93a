/**
 * Web Push setup (SPEC §4 notification permission, §5 'Push setup applies only to users with role server or
 * admin'): the VAPID public key, and this device's subscription.
 */
import type { FastifyInstance } from 'fastify';
import { pushSubscriptionBodySchema, pushUnsubscribeBodySchema } from '../../../shared/schemas';
import { roles, STAFF } from '../../http/access';
import { parse } from '../../http/validate';
import type { Services } from '../../services';

const PUSH_USERS = roles('server', 'admin');

export function registerPushRoutes(app: FastifyInstance, { push }: Services): void {
  app.get('/api/push/public-key', { config: { access: STAFF } }, async () => {
    return { publicKey: await push.publicKey() };
  });

  app.post(
    '/api/push/subscriptions',
    {
      config: { access: PUSH_USERS, rateLimit: { max: 120, timeWindow: 60_000 } },
      bodyLimit: 8 * 1024,
    },
    async (request, reply) => {
      const body = parse(pushSubscriptionBodySchema, request.body);
      await push.subscribe(request.user!, body, request.headers['user-agent']);
      return reply.status(201).send({ subscribed: true });
    },
  );

  app.delete(
    '/api/push/subscriptions',
    { config: { access: PUSH_USERS }, bodyLimit: 8 * 1024 },
    async (request, reply) => {
      const { endpoint } = parse(pushUnsubscribeBodySchema, request.body);
      await push.unsubscribe(request.user!, endpoint);
      return reply.status(204).send();
    },
  );
}
