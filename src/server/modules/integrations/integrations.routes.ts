/** The owner's integrations: API tokens (decision 075) and webhook endpoints (decision 076). */
import type { FastifyInstance } from 'fastify';
import {
  createApiToken,
  createWebhook,
  deleteWebhook,
  listApiTokens,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  revokeApiToken,
  updateWebhook,
} from '@shared/api/integrations';
import { route } from '../../http/route';
import type { Services } from '../../services';

export function registerIntegrationsRoutes(
  app: FastifyInstance,
  { apiTokens, webhooks }: Services,
): void {
  route(app, listApiTokens, async (request) => ({
    tokens: await apiTokens.list(request.user!, request.params.restaurantId),
  }));

  route(app, createApiToken, async (request, reply) => {
    const created = await apiTokens.create(
      request.user!,
      request.params.restaurantId,
      request.body,
    );
    return reply.status(201).send(created);
  });

  route(app, revokeApiToken, async (request, reply) => {
    await apiTokens.revoke(request.user!, request.params.tokenId);
    return reply.status(204).send();
  });

  route(app, listWebhooks, async (request) => ({
    endpoints: await webhooks.list(request.user!, request.params.restaurantId),
  }));

  route(app, createWebhook, async (request, reply) => {
    const created = await webhooks.create(request.user!, request.params.restaurantId, request.body);
    return reply.status(201).send(created);
  });

  route(app, updateWebhook, async (request) => ({
    endpoint: await webhooks.setEnabled(
      request.user!,
      request.params.webhookId,
      request.body.enabled,
    ),
  }));

  route(app, deleteWebhook, async (request, reply) => {
    await webhooks.delete(request.user!, request.params.webhookId);
    return reply.status(204).send();
  });

  route(app, listWebhookDeliveries, async (request) => ({
    deliveries: await webhooks.deliveries(request.user!, request.params.webhookId),
  }));

  route(app, redeliverWebhook, async (request) => ({
    delivery: await webhooks.redeliver(request.user!, request.params.deliveryId),
  }));
}
