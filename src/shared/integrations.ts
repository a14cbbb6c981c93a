/**
 * Integrations (issue 24 items 3-4): API tokens an owner gives a POS or a script (decision 075), and webhook
 * endpoints the server posts signed events to (decision 076). The shapes the API takes and answers.
 */
import { z } from 'zod';
import { plainText } from './schemas';

// ---------- API tokens (decision 075) ----------

/** What a token may do: read the floor, act on calls, manage tables. */
export const TOKEN_SCOPES = ['read', 'requests:write', 'tables:manage'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** Every token starts so, which lets a secret scanner (and a reader) tell it from other secrets. */
export const API_TOKEN_PREFIX = 'ts_';
export const API_TOKENS_PER_RESTAURANT = 20;

const tokenNameSchema = plainText().trim().min(1, 'Name is required').max(80);

const apiTokenSchema = z.object({
  id: z.string(),
  restaurantId: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: z.number().int(),
  /** Last time it authenticated a request (to the minute); null: never used. */
  lastUsedAt: z.number().int().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
export const createApiTokenBodySchema = z.strictObject({
  name: tokenNameSchema,
  scopes: z.array(z.enum(TOKEN_SCOPES)).min(1).max(TOKEN_SCOPES.length),
});
/** The token in clear: in this answer only, never again (the server keeps its SHA-256). */
export const createdApiTokenResponseSchema = z.object({
  token: apiTokenSchema,
  secret: z.string().startsWith(API_TOKEN_PREFIX),
});

// ---------- webhooks (decision 076) ----------

/**
 * Every event a webhook endpoint may subscribe to. 'visit.closed' is declared for what is to come (issue 27's
 * visits) and not sent yet.
 */
export const WEBHOOK_EVENTS = [
  'request.created',
  'request.taken',
  'request.completed',
  'request.dismissed',
  'request.cancelled',
  'visit.closed',
  'rating.received',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The events the server sends today. */
export const SENT_WEBHOOK_EVENTS = [
  'request.created',
  'request.taken',
  'request.completed',
  'request.dismissed',
  'request.cancelled',
  'rating.received',
] as const satisfies readonly WebhookEvent[];
export const WEBHOOK_ENDPOINTS_PER_RESTAURANT = 10;

const webhookUrlSchema = plainText().trim().min(1).max(2000).pipe(z.url());

const webhookEndpointSchema = z.object({
  id: z.string(),
  restaurantId: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Failed attempts in a row; at the limit the endpoint is disabled and its owner mailed. */
  failuresInARow: z.number().int(),
  createdAt: z.number().int(),
  disabledAt: z.number().int().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
});
export const createWebhookBodySchema = z.strictObject({
  url: webhookUrlSchema,
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
});
/** The signing secret in clear (`whsec_…`): in this answer only. */
export const createdWebhookResponseSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string().startsWith('whsec_'),
});
export const updateWebhookBodySchema = z.strictObject({ enabled: z.boolean() });
export const webhookResponseSchema = z.object({ endpoint: webhookEndpointSchema });

const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** The Standard Webhooks message id (`webhook-id`), the same on every attempt and redelivery. */
  messageId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status; null: no answer (refused address, network error, timeout). */
  responseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.number().int(),
  lastAttemptAt: z.number().int().nullable(),
  nextAttemptAt: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
});
export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });

/**
 * What every event's body is (Standard Webhooks' recommended shape): its type, when it happened, and its data —
 * for the request events, the call as the staff API shows it.
 */
export const webhookPayloadSchema = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
