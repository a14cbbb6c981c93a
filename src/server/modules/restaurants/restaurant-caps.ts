/**
 * Issue 25: what one restaurant may hold. Checked inside the creating transaction under a lock on the restaurant's
 * row, so concurrent creates (on any instance) queue behind each other and cannot pass the cap together.
 */
import {
  MAX_STAFF_PER_RESTAURANT_DEFAULT,
  MAX_TABLES_PER_RESTAURANT_DEFAULT,
} from '@shared/constants';
import { MSG } from '@shared/messages';
import type { Executor } from '../../db/client';
import { conflict } from '../../http/errors';
import { lockRestaurantAndCount } from './restaurants.repo';

export interface RestaurantCaps {
  /** MAX_TABLES_PER_RESTAURANT */
  tables: number;
  /** MAX_STAFF_PER_RESTAURANT: servers of the restaurant, PIN and password alike. */
  staff: number;
}

export const DEFAULT_RESTAURANT_CAPS: RestaurantCaps = {
  tables: MAX_TABLES_PER_RESTAURANT_DEFAULT,
  staff: MAX_STAFF_PER_RESTAURANT_DEFAULT,
};

const refusals = {
  tables: (max: number) => conflict(MSG.tableLimit(max), 'table_limit', { values: { max } }),
  staff: (max: number) => conflict(MSG.staffLimit(max), 'staff_limit', { values: { max } }),
};

/** 409 when the restaurant already holds `max` of `what`; call it in the transaction that then inserts one. */
export async function assertRoomFor(
  tx: Executor,
  restaurantId: string,
  what: keyof RestaurantCaps,
  max: number,
): Promise<void> {
  if ((await lockRestaurantAndCount(tx, restaurantId, what)) >= max) throw refusals[what](max);
}
