/** What a guest may see and do: only what the guest page shows (SPEC §2 guest page, §5 Guest requests). */
import type { Db } from '../../db/client';
import { MSG } from '../../../shared/messages';
import { cooldownRemainingSeconds } from '../../../shared/rules';
import type { GuestTableResponse } from '../../../shared/schemas';
import { notFound } from '../../http/errors';
import { toPublicRestaurant } from '../restaurants/restaurants.mapper';
import { findLogo, findRestaurant } from '../restaurants/restaurants.repo';
import { findTableInRestaurant } from '../tables/tables.repo';

const tableNotFound = () => notFound(MSG.tableNotFoundBody, 'table_not_found');

export class GuestService {
  constructor(private readonly db: Db) {}

  /** A table of another restaurant is treated as not found (SPEC §5). */
  async table(restaurantId: string, tableId: string): Promise<GuestTableResponse> {
    const [restaurant, table] = await Promise.all([
      findRestaurant(this.db, restaurantId),
      findTableInRestaurant(this.db, restaurantId, tableId),
    ]);
    if (!restaurant || !table) throw tableNotFound();
    return {
      restaurant: toPublicRestaurant(restaurant),
      table: { id: table.id, number: table.number },
      cooldownRemainingSeconds: cooldownRemainingSeconds(table.lastRequestAt, Date.now()),
    };
  }

  async cooldown(
    restaurantId: string,
    tableId: string,
  ): Promise<{ cooldownRemainingSeconds: number }> {
    const table = await findTableInRestaurant(this.db, restaurantId, tableId);
    if (!table) throw tableNotFound();
    return { cooldownRemainingSeconds: cooldownRemainingSeconds(table.lastRequestAt, Date.now()) };
  }

  async logo(restaurantId: string) {
    const logo = await findLogo(this.db, restaurantId);
    if (!logo) throw notFound();
    return logo;
  }
}
