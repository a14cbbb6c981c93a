/** Guests' calls as staff see and handle them (decision 028). */
import {
  pressBlocksResponseSchema,
  openRequestsQuerySchema,
  requestHistoryQuerySchema,
  requestHistoryResponseSchema,
  requestResponseSchema,
  requestsResponseSchema,
} from '../schemas';
import { ADMIN, STAFF } from './access';
import { endpoint } from './endpoint';
import { noContent, pressBlockParams, requestParams, restaurantParams } from './params';

export const listRequests = endpoint('listRequests', {
  tag: 'requests',
  summary:
    'The restaurant’s open calls (a page at a time, with their total) and the last five completed',
  access: STAFF,
  tokenScope: 'read',
  params: restaurantParams,
  query: openRequestsQuerySchema,
  responses: { 200: requestsResponseSchema },
  errors: ['restaurant_not_found', 'invalid_cursor'],
});

export const getRequestHistory = endpoint('getRequestHistory', {
  tag: 'requests',
  summary: 'Today’s handled calls, most recently handled first, a page at a time',
  access: STAFF,
  tokenScope: 'read',
  params: restaurantParams,
  query: requestHistoryQuerySchema,
  responses: { 200: requestHistoryResponseSchema },
  errors: ['restaurant_not_found', 'invalid_cursor'],
});

const ACTION_ERRORS = [
  'request_not_found',
  'request_taken',
  'request_completed',
  'request_dismissed',
  'conflict',
] as const;

export const acknowledgeRequest = endpoint('acknowledgeRequest', {
  tag: 'requests',
  summary: 'Take a call (“On my way”)',
  access: STAFF,
  tokenScope: 'requests:write',
  params: requestParams,
  responses: { 200: requestResponseSchema },
  errors: ACTION_ERRORS,
});

export const completeRequest = endpoint('completeRequest', {
  tag: 'requests',
  summary: 'Complete a call',
  access: STAFF,
  tokenScope: 'requests:write',
  params: requestParams,
  responses: { 200: requestResponseSchema },
  errors: ACTION_ERRORS,
});

export const dismissRequest = endpoint('dismissRequest', {
  tag: 'requests',
  summary: 'Dismiss an accidental or duplicate call',
  access: STAFF,
  tokenScope: 'requests:write',
  params: requestParams,
  responses: { 200: requestResponseSchema },
  errors: ACTION_ERRORS,
});

/**
 * Decision 089: dismiss an open call as a prank: it is dismissed, and the device that pressed (and, briefly, its
 * address) can no longer call at this restaurant for some hours. No API token: a person on the floor decides it.
 */
export const dismissAsPrank = endpoint('dismissAsPrank', {
  tag: 'requests',
  summary: 'Dismiss a call as a prank and block the device that pressed at this restaurant',
  access: STAFF,
  params: requestParams,
  responses: { 200: requestResponseSchema },
  errors: [...ACTION_ERRORS],
});

export const listPressBlocks = endpoint('listPressBlocks', {
  tag: 'requests',
  summary: 'The restaurant’s active prank blocks, newest first',
  access: ADMIN,
  params: restaurantParams,
  responses: { 200: pressBlocksResponseSchema },
  errors: ['restaurant_not_found'],
});

export const liftPressBlock = endpoint('liftPressBlock', {
  tag: 'requests',
  summary: 'Lift a prank block before it ends',
  access: ADMIN,
  params: pressBlockParams,
  responses: { 204: noContent },
  errors: ['restaurant_not_found', 'block_not_found'],
});

/**
 * Decision 091: this device has shown the call's alert (the open console, or the service worker on a push). A call no
 * device of its responsible server confirmed in time is re-routed; no API token sends receipts (they are a device's).
 */
export const confirmAlertShown = endpoint('confirmAlertShown', {
  tag: 'requests',
  summary: 'Confirm that this device has shown a call’s alert',
  access: STAFF,
  params: requestParams,
  responses: { 204: noContent },
  errors: ['request_not_found', 'rate_limited'],
});
