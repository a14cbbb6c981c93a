/**
 * The live channels (WebSocket upgrades): in the table for their path, access rule and path parameters, not in the
 * OpenAPI document (it cannot describe an upgrade; decision 041). Their events are liveEventSchema and
 * publicLiveEventSchema.
 */
import { PUBLIC, STAFF } from './access';
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

export const channels = [staffLive, restaurantLive, tableLive] as const;
