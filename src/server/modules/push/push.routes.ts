/**
 * Web Push setup (SPEC §4 notification permission, §5 'Push setup applies only to users with role server or
 * admin'): the VAPID public key, and this device's subscription.
 */
import type { FastifyInstance } from 'fastify';
import { getPushPublicKey, subscribePush, unsubscribePush } from '@shared/api/push';
import { route } from '../../http/route';
import type { Services } from '../../services';

export function registerPushRoutes(app: FastifyInstance, { push }: Services): void {
  route(app, getPushPublicKey, async () => {
    return { publicKey: await push.publicKey() };
  });

  route(
    app,
    subscribePush,
    async (request, reply) => {
      await push.subscribe(request.user!, request.body, request.headers['user-agent']);
      return reply.status(201).send({ subscribed: true });
    },
    { config: { rateLimit: { max: 120, timeWindow: 60_000 } }, bodyLimit: 8 * 1024 },
  );

  route(
    app,
    unsubscribePush,
    async (request, reply) => {
      await push.unsubscribe(request.user!, request.body.endpoint);
      return reply.status(204).send();
    },
    { bodyLimit: 8 * 1024 },
  );
}
