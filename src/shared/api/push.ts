/** Web Push on staff devices (issue 5, decision 010). */
import {
  pushPublicKeyResponseSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionResponseSchema,
  pushUnsubscribeBodySchema,
} from '../schemas';
import { roles, STAFF } from './access';
import { endpoint } from './endpoint';
import { noContent } from './params';

/** SPEC §5: push setup applies only to users with role server or admin. */
const PUSH_USERS = roles('server', 'admin');

export const getPushPublicKey = endpoint('getPushPublicKey', {
  tag: 'push',
  summary: 'The VAPID public key a device subscribes with',
  access: STAFF,
  responses: { 200: pushPublicKeyResponseSchema },
  errors: [],
});

export const subscribePush = endpoint('subscribePush', {
  tag: 'push',
  summary: 'Register this device’s push subscription',
  access: PUSH_USERS,
  body: pushSubscriptionBodySchema,
  responses: { 201: pushSubscriptionResponseSchema },
  errors: ['push_service_not_allowed', 'push_keys_invalid', 'rate_limited', 'ctp_body_too_large'],
});

export const unsubscribePush = endpoint('unsubscribePush', {
  tag: 'push',
  summary: 'Remove this device’s push subscription',
  access: PUSH_USERS,
  body: pushUnsubscribeBodySchema,
  responses: { 204: noContent },
  errors: ['push_subscription_not_found', 'ctp_body_too_large'],
});
