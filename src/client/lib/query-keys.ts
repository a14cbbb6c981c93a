/**
 * Every TanStack Query key in one place, so the live channel (lib/live-client.ts) and the features agree on
 * what to update. Keys under ['restaurants', id] are per restaurant; invalidating that prefix refreshes all of them.
 */
export const queryKeys = {
  session: ['session'] as const,
  ownedRestaurants: ['owned-restaurants'] as const,
  restaurantScope: (restaurantId: string) => ['restaurants', restaurantId] as const,
  restaurant: (restaurantId: string) => ['restaurants', restaurantId, 'detail'] as const,
  tables: (restaurantId: string) => ['restaurants', restaurantId, 'tables'] as const,
  requests: (restaurantId: string) => ['restaurants', restaurantId, 'requests'] as const,
  /** Today's handled requests (issue 12); pages of an infinite query. */
  requestHistory: (restaurantId: string) =>
    ['restaurants', restaurantId, 'requests-history'] as const,
  dashboard: (restaurantId: string) => ['restaurants', restaurantId, 'dashboard'] as const,
  /** Every restaurant of the owner at a glance (decision 085). */
  restaurantsOverview: ['restaurants-overview'] as const,
  /** Analytics (issue 13): one key per period and date under it. */
  analytics: (restaurantId: string) => ['restaurants', restaurantId, 'analytics'] as const,
  staff: (restaurantId: string) => ['restaurants', restaurantId, 'staff'] as const,
  /** The owner's integrations (decisions 075, 076). */
  apiTokens: (restaurantId: string) => ['restaurants', restaurantId, 'api-tokens'] as const,
  webhooks: (restaurantId: string) => ['restaurants', restaurantId, 'webhooks'] as const,
  webhookDeliveries: (restaurantId: string, webhookId: string) =>
    ['restaurants', restaurantId, 'webhooks', webhookId, 'deliveries'] as const,
  /** The owner's sections (decision 077). */
  sections: (restaurantId: string) => ['restaurants', restaurantId, 'sections'] as const,
  /** Shifts and hand-overs (decisions 094, 095): the console's shift control, and today's shifts in History. */
  shiftState: (restaurantId: string) => ['restaurants', restaurantId, 'shift'] as const,
  shiftHistory: (restaurantId: string) => ['restaurants', restaurantId, 'shift-history'] as const,
  loginIdAvailability: (loginId: string) => ['login-id-availability', loginId] as const,
  guestTable: (restaurantId: string, tableId: string) => ['guest', restaurantId, tableId] as const,
};
