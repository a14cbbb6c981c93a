/** The guest page's endpoints (public): the table, its cool-down, a call, and the restaurant's logo. */
import {
  guestCooldownResponseSchema,
  guestRequestBodySchema,
  guestRequestHeadersSchema,
  guestRequestResponseSchema,
  guestTableResponseSchema,
} from '../schemas';
import { PUBLIC } from './access';
import { endpoint } from './endpoint';
import { guestTableParams, restaurantParams } from './params';

export const getGuestTable = endpoint('getGuestTable', {
  tag: 'guest',
  summary:
    'A table’s guest page: the restaurant’s public face, the table, its cool-down and open calls',
  access: PUBLIC,
  params: guestTableParams,
  responses: { 200: guestTableResponseSchema },
  errors: ['table_not_found', 'rate_limited'],
});

export const getGuestCooldown = endpoint('getGuestCooldown', {
  tag: 'guest',
  summary: 'The table’s cool-down and open calls (re-checked every 15 s)',
  access: PUBLIC,
  params: guestTableParams,
  responses: { 200: guestCooldownResponseSchema },
  errors: ['table_not_found', 'rate_limited'],
});

export const createGuestRequest = endpoint('createGuestRequest', {
  tag: 'guest',
  summary: 'Call the staff from a table (one call per table per cool-down)',
  access: PUBLIC,
  params: guestTableParams,
  headers: guestRequestHeadersSchema,
  body: guestRequestBodySchema,
  responses: { 201: guestRequestResponseSchema },
  errors: ['table_not_found', 'cooldown', 'press_key_reused', 'rate_limited', 'ctp_body_too_large'],
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
