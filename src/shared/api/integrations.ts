/** The owner's integrations: API tokens (decision 075) and webhook endpoints with their delivery log (decision 076). */
import {
  apiTokensResponseSchema,
  createApiTokenBodySchema,
  createdApiTokenResponseSchema,
  createdWebhookResponseSchema,
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointsResponseSchema,
  webhookResponseSchema,
} from '../integrations';
import { ADMIN } from './access';
import { endpoint } from './endpoint';
import { deliveryParams, noContent, restaurantParams, tokenParams, webhookParams } from './params';

export const listApiTokens = endpoint('listApiTokens', {
  tag: 'integrations',
  summary: 'The restaurant’s API tokens (never their secrets)',
  access: ADMIN,
  params: restaurantParams,
  responses: { 200: apiTokensResponseSchema },
  errors: ['restaurant_not_found'],
});

export const createApiToken = endpoint('createApiToken', {
  tag: 'integrations',
  summary: 'Create an API token; its secret is in this answer only',
  access: ADMIN,
  params: restaurantParams,
  body: createApiTokenBodySchema,
  responses: { 201: createdApiTokenResponseSchema },
  errors: ['restaurant_not_found', 'token_limit'],
});

export const revokeApiToken = endpoint('revokeApiToken', {
  tag: 'integrations',
  summary: 'Revoke an API token (refused at once from then on)',
  access: ADMIN,
  params: tokenParams,
  responses: { 204: noContent },
  errors: ['token_not_found'],
});

export const listWebhooks = endpoint('listWebhooks', {
  tag: 'integrations',
  summary: 'The restaurant’s webhook endpoints (never their secrets)',
  access: ADMIN,
  params: restaurantParams,
  responses: { 200: webhookEndpointsResponseSchema },
  errors: ['restaurant_not_found'],
});

export const createWebhook = endpoint('createWebhook', {
  tag: 'integrations',
  summary:
    'Register a webhook endpoint (HTTPS, public address); its signing secret is in this answer only',
  access: ADMIN,
  params: restaurantParams,
  body: createWebhookBodySchema,
  responses: { 201: createdWebhookResponseSchema },
  errors: ['restaurant_not_found', 'webhook_limit', 'webhook_url_refused'],
});

export const updateWebhook = endpoint('updateWebhook', {
  tag: 'integrations',
  summary: 'Enable or disable a webhook endpoint (enabling clears its failure count)',
  access: ADMIN,
  params: webhookParams,
  body: updateWebhookBodySchema,
  responses: { 200: webhookResponseSchema },
  errors: ['webhook_not_found'],
});

export const deleteWebhook = endpoint('deleteWebhook', {
  tag: 'integrations',
  summary: 'Delete a webhook endpoint and its delivery log',
  access: ADMIN,
  params: webhookParams,
  responses: { 204: noContent },
  errors: ['webhook_not_found'],
});

export const listWebhookDeliveries = endpoint('listWebhookDeliveries', {
  tag: 'integrations',
  summary: 'A webhook endpoint’s latest deliveries, newest first',
  access: ADMIN,
  params: webhookParams,
  responses: { 200: webhookDeliveriesResponseSchema },
  errors: ['webhook_not_found'],
});

export const redeliverWebhook = endpoint('redeliverWebhook', {
  tag: 'integrations',
  summary: 'Send a delivery again now (same message id, so a receiver can tell a repeat)',
  access: ADMIN,
  params: deliveryParams,
  responses: { 200: webhookDeliveryResponseSchema },
  errors: ['delivery_not_found'],
});
