/** What a guest may see and do: only what the guest page shows (SPEC §2 guest page, §5 Guest requests). */
import type { Db } from '../../db/client';
import { MSG } from '@shared/messages';
import { GUEST_DONE_MS } from '@shared/constants';
import { cooldownRemainingSeconds } from '@shared/rules';
import { isOpenAt } from '@shared/opening-hours';
import type { GuestCooldownResponse, GuestRequestState, GuestTableResponse } from '@shared/schemas';
import { notFound } from '../../http/errors';
import { isGuestVisible, toApiRequest, toGuestRequestState } from '../requests/requests.mapper';
import { findRecentlyDoneForTable, listOpenForTable } from '../requests/requests.repo';
import { toPublicRestaurant } from '../restaurants/restaurants.mapper';
import { findLogo, findRestaurant } from '../restaurants/restaurants.repo';
import { findTableInRestaurant } from '../tables/tables.repo';
import type { PressGate } from '../pranks/press-gate';
import type { UsualWaitsCache } from './usual-waits';

const tableNotFound = () => notFound(MSG.tableNotFoundBody, 'table_not_found');

export class GuestService {
  constructor(
    private readonly db: Db,
    private readonly usualWaits: UsualWaitsCache,
    /** Decision 089: the guest URL's last part is the table's QR code, resolved to the table first. */
    private readonly gate: PressGate,
  ) {}

  /** A table of another restaurant is treated as not found (SPEC §5). */
  async table(restaurantId: string, tableId: string): Promise<GuestTableResponse> {
    return (await this.page(restaurantId, tableId)).data;
  }

  /** The table as the server-rendered page draws it, with the restaurant's default language for guests (issue 15). */
  async page(
    restaurantId: string,
    tableId: string,
  ): Promise<{ data: GuestTableResponse; guestLanguage: string }> {
    const { restaurant, table, ...state } = await this.load(restaurantId, tableId);
    return {
      data: {
        restaurant: toPublicRestaurant(restaurant),
        table: { id: table.id, number: table.number },
        ...state,
      },
      guestLanguage: restaurant.guestLanguage,
    };
  }

  /** SPEC §9's re-check, with the table's open requests (issue 12): a page that missed a live event catches up. */
  async cooldown(restaurantId: string, tableId: string): Promise<GuestCooldownResponse> {
    const { cooldownRemainingSeconds, openRequests, usualWaits, closedNow } = await this.load(
      restaurantId,
      tableId,
    );
    return { cooldownRemainingSeconds, openRequests, usualWaits, closedNow };
  }

  /**
   * The table's request done in the last GUEST_DONE_MS, in the guest's view, or null. A guest page that connects
   * moments after it was done missed its live event: its table's channel sends this on connect, so the page says
   * "Done ✓" as the pages connected before did (public-live.routes.ts). `tableId` is the table's id, as the channel's.
   */
  async recentlyDone(
    restaurantId: string,
    tableId: string,
    now: number,
  ): Promise<GuestRequestState | null> {
    const row = await findRecentlyDoneForTable(this.db, restaurantId, tableId, now - GUEST_DONE_MS);
    if (!row) return null;
    const request = toApiRequest(row);
    if (!isGuestVisible(request)) return null;
    const restaurant = await findRestaurant(this.db, restaurantId);
    return restaurant ? toGuestRequestState(request, restaurant.showServerNames) : null;
  }

  /**
   * The table, its restaurant, its cool-down and, after a reload too, where its request is (decision 029), with the
   * restaurant's usual waits at this hour (decision 071; cached, usual-waits.ts).
   */
  private async load(restaurantId: string, code: string) {
    const tableId = await this.gate.tableIdOf(restaurantId, code);
    const [restaurant, table, open, usualWaits] = await Promise.all([
      findRestaurant(this.db, restaurantId),
      findTableInRestaurant(this.db, restaurantId, tableId),
      // Requests carry the restaurant and table: another restaurant's table finds none.
      listOpenForTable(this.db, restaurantId, tableId),
      this.usualWaits.get(restaurantId),
    ]);
    if (!restaurant || !table) throw tableNotFound();
    return {
      restaurant,
      table,
      cooldownRemainingSeconds: cooldownRemainingSeconds(table.lastRequestAt, Date.now()),
      // The statement leaves out the staff's reminders (decision 097); the filter only narrows the type.
      openRequests: open
        .map((row) => toApiRequest(row))
        .filter(isGuestVisible)
        .map((request) => toGuestRequestState(request, restaurant.showServerNames)),
      usualWaits,
      // Decision 100: the page says "closed" before anyone presses; the press's gate still decides (decision 088).
      closedNow: !isOpenAt(restaurant.openingHours ?? null, Date.now(), restaurant.timeZone),
    };
  }

  async logo(restaurantId: string) {
    const logo = await findLogo(this.db, restaurantId);
    if (!logo) throw notFound();
    return logo;
  }
}
