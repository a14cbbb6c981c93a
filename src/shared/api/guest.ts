/** The guest page's endpoints (public): the table, its cool-down, a call, and the restaurant's logo. */
import {
  guestBillMethodBodySchema,
  guestCancelBodySchema,
  guestOutcomeBodySchema,
  guestRatingBodySchema,
  guestRatingResponseSchema,
  guestRequestStateResponseSchema,
  guestCooldownResponseSchema,
  guestRequestBodySchema,
  guestRequestHeadersSchema,
  guestRequestResponseSchema,
  guestTableResponseSchema,
} from '../schemas';
import { PUBLIC } from './access';
import { endpoint } from './endpoint';
import { guestRequestParams, guestTableParams, restaurantParams } from './params';

export const getGuestTable = endpoint('getGuestTable', {
  tag: 'guest',
  summary:
    'A table’s guest page: the restaurant’s public face, the table, its cool-down and open calls',
  access: PUBLIC,
  params: guestTableParams,
  responses: { 200: guestTableResponseSchema },
  errors: ['table_not_found', 'table_code_replaced', 'rate_limited'],
});

export const getGuestCooldown = endpoint('getGuestCooldown', {
  tag: 'guest',
  summary: 'The table’s cool-down and open calls (re-checked every 15 s)',
  access: PUBLIC,
  params: guestTableParams,
  responses: { 200: guestCooldownResponseSchema },
  errors: ['table_not_found', 'table_code_replaced', 'rate_limited'],
});

export const createGuestRequest = endpoint('createGuestRequest', {
  tag: 'guest',
  summary: 'Call the staff from a table (one call per table per cool-down)',
  access: PUBLIC,
  params: guestTableParams,
  headers: guestRequestHeadersSchema,
  body: guestRequestBodySchema,
  responses: { 201: guestRequestResponseSchema },
  errors: [
    'table_not_found',
    'table_code_replaced',
    'restaurant_closed',
    'press_blocked',
    'restaurant_busy',
    'cooldown',
    'press_key_reused',
    'request_type_unavailable',
    'note_too_long',
    'note_invalid',
    'rate_limited',
    'ctp_body_too_large',
    'unavailable',
  ],
});

export const cancelGuestRequest = endpoint('cancelGuestRequest', {
  tag: 'guest',
  summary:
    'Cancel my call: the device that pressed takes its call back while nobody has taken it (its press key proves it)',
  access: PUBLIC,
  params: guestRequestParams,
  body: guestCancelBodySchema,
  responses: { 200: guestRequestStateResponseSchema },
  errors: [
    'request_not_found',
    'not_your_request',
    'request_taken',
    'request_closed',
    'rate_limited',
  ],
});

export const setGuestBillMethod = endpoint('setGuestBillMethod', {
  tag: 'guest',
  summary:
    'How the guest will pay an open bill (card or cash), from the device that pressed Get Bill',
  access: PUBLIC,
  params: guestRequestParams,
  body: guestBillMethodBodySchema,
  responses: { 200: guestRequestStateResponseSchema },
  errors: ['request_not_found', 'not_your_request', 'request_closed', 'not_a_bill', 'rate_limited'],
});

export const answerGuestOutcome = endpoint('answerGuestOutcome', {
  tag: 'guest',
  summary:
    'Did you get what you needed? Yes or no, once, from the device that pressed, soon after Done; no reopens the request',
  access: PUBLIC,
  params: guestRequestParams,
  body: guestOutcomeBodySchema,
  responses: { 200: guestRequestStateResponseSchema },
  errors: [
    'request_not_found',
    'not_your_request',
    'request_not_done',
    'feedback_given',
    'feedback_expired',
    'rate_limited',
  ],
});

export const rateGuestBill = endpoint('rateGuestBill', {
  tag: 'guest',
  summary:
    'A private 1–5 rating with an optional comment for the owner, once per completed bill, from the device that pressed Get Bill',
  access: PUBLIC,
  params: guestRequestParams,
  body: guestRatingBodySchema,
  responses: { 200: guestRatingResponseSchema },
  errors: [
    'request_not_found',
    'not_your_request',
    'not_a_bill',
    'request_not_done',
    'feedback_given',
    'feedback_expired',
    'comment_too_long',
    'comment_invalid',
    'rate_limited',
  ],
});

export const getRestaurantLogo = endpoint('getRestaurantLogo', {
  tag: 'guest',
  summary: 'A restaurant’s logo image (cached; ETag)',
  access: PUBLIC,
  params: restaurantParams,
  responses: {},
  binary: { contentTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] },
  errors: ['not_found', 'rate_limited'],
});
