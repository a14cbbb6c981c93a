import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Restaurant,
  updateRequestTypesBodySchema,
  updateRestaurantBodySchema,
} from '@shared/schemas';
import { canonicalTimeZone } from '@shared/time-zone';
import { call } from './api-client';
import { api } from './api-ref';
import { LOGO_FIELD } from '@shared/api/logo';
import { queryKeys } from './query-keys';

export type UpdateRestaurantBody = z.input<typeof updateRestaurantBodySchema>;

function fetchRestaurant(restaurantId: string) {
  return call(api('getRestaurant'), { params: { restaurantId } });
}

/** The active restaurant (header title and logo, SPEC §2); kept fresh by 'restaurant.updated' live events. */
export function useRestaurant(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.restaurant(restaurantId ?? ''),
    queryFn: () => fetchRestaurant(restaurantId ?? ''),
    enabled: restaurantId !== null,
    select: (data) => data.restaurant,
  });
}

/** The admin's own restaurants, oldest first (SPEC §6: the first is the default). */
export function useOwnedRestaurants(enabled = true) {
  return useQuery({
    queryKey: queryKeys.ownedRestaurants,
    queryFn: () => call(api('listRestaurants')),
    enabled,
    select: (data) => data.restaurants,
  });
}

/**
 * A changed restaurant goes into every cache that shows it: the detail (header, settings form) and the owner's
 * list (the restaurant picker). The live 'restaurant.updated' event does the same for other tabs and devices.
 */
export function publishRestaurant(queryClient: QueryClient, restaurant: Restaurant): void {
  queryClient.setQueryData<{ restaurant: Restaurant }>(queryKeys.restaurant(restaurant.id), {
    restaurant,
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.ownedRestaurants });
}

/**
 * SPEC §5 Create restaurant. The session is refetched before the mutation settles, so the caller sees the new id
 * in `user.restaurantIds` (the active-restaurant choice is checked against it) by the time onSuccess runs.
 */
export function useCreateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => {
      // Decision 045: a new restaurant starts in its creator's zone; one the server would not know is left out
      // (the restaurant then starts on UTC, changeable in the settings) rather than failing the create.
      const timeZone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
      return call(api('createRestaurant'), {
        body: timeZone === null ? { name } : { name, timeZone },
      });
    },
    onSuccess: async ({ restaurant }) => {
      queryClient.setQueryData(queryKeys.restaurant(restaurant.id), { restaurant });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ownedRestaurants }),
      ]);
    },
  });
}

/** Rename and brand (SPEC §2 /admin/settings branding form). */
export function useUpdateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ restaurantId, body }: { restaurantId: string; body: UpdateRestaurantBody }) =>
      call(api('updateRestaurant'), { params: { restaurantId }, body }),
    onSuccess: ({ restaurant }) => publishRestaurant(queryClient, restaurant),
  });
}

/** The guest's buttons (decision 087): SPEC's four shown or hidden, and the restaurant's own. */
export function useUpdateRequestTypes(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof updateRequestTypesBodySchema>) =>
      call(api('updateRequestTypes'), { params: { restaurantId }, body }),
    onSuccess: ({ restaurant }) => publishRestaurant(queryClient, restaurant),
  });
}

/**
 * A deleted restaurant (the owner's own delete, or a 'restaurant.deleted' live event): everything cached under it
 * goes, and the user's restaurant list (admin) or restaurant (server) is refetched with the session.
 */
export async function forgetRestaurant(
  queryClient: QueryClient,
  restaurantId: string,
): Promise<void> {
  queryClient.removeQueries({ queryKey: queryKeys.restaurantScope(restaurantId) });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    queryClient.invalidateQueries({ queryKey: queryKeys.ownedRestaurants }),
  ]);
}

/** SPEC §5: deleting the last restaurant is refused by the server (409, MSG.lastRestaurant). */
export function useDeleteRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (restaurantId: string) =>
      call(api('deleteRestaurant'), { params: { restaurantId } }),
    onSuccess: (_data, restaurantId) => forgetRestaurant(queryClient, restaurantId),
  });
}

/** Multipart upload, field 'logo'; the server checks the bytes, not the declared type. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ restaurantId, file }: { restaurantId: string; file: File }) => {
      const form = new FormData();
      form.append(LOGO_FIELD, file);
      return call(api('uploadRestaurantLogo'), { params: { restaurantId }, body: form });
    },
    onSuccess: ({ restaurant }) => publishRestaurant(queryClient, restaurant),
  });
}

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (restaurantId: string) =>
      call(api('deleteRestaurantLogo'), { params: { restaurantId } }),
    onSuccess: ({ restaurant }) => publishRestaurant(queryClient, restaurant),
  });
}
