/**
 * The live channels (WebSocket upgrades): in the table for their path, access rule and path parameters, not in the
 * OpenAPI document (it cannot describe an upgrade; decision 041). Their events are liveEventSchema and
 * publicLiveEventSchema.
 */
import { BOARD, PUBLIC, STAFF } from './access';
import { guestTableParams, restaurantParams } from './params';
import { routes } from './routes';

export const staffLive = { operationId: 'staffLive', ...routes.staffLive, access: STAFF } as const;
export const restaurantLive = {
  operationId: 'restaurantLive',
  ...routes.restaurantLive,
  access: PUBLIC,
  params: restaurantParams,
} as const;
export const tableLive = {
  operationId: 'tableLive',
  ...routes.tableLive,
  access: PUBLIC,
  params: guestTableParams,
} as const;

/** A paired floor board's read-only channel (decision 080): its restaurant's open requests, board view. */
export const boardLive = { operationId: 'boardLive', ...routes.boardLive, access: BOARD } as const;

export const channels = [staffLive, restaurantLive, tableLive, boardLive] as const;
