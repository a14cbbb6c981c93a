/** The active restaurant's own buttons, which name and draw a custom request type on staff screens (decision 087). */
import { useActiveRestaurant } from './active-restaurant-provider';
import type { TypeNames } from './request-text';
import { useRestaurant } from './restaurants-api';

/** Kept fresh by 'restaurant.updated' (a new button reaches open consoles live); null while it loads. */
export function useTypeNames(): TypeNames | null {
  const { restaurantId } = useActiveRestaurant();
  const { data } = useRestaurant(restaurantId);
  return data ?? null;
}
