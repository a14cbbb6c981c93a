/**
 * Prank dismissals and their blocks (issue 27 item 5, decision 089). Staff who may dismiss a call (a server it is
 * routed to, an admin of its restaurant: RequestsService's own rule) may dismiss it as a prank; that blocks the device
 * that pressed for PRANK_DEVICE_BLOCK_HOURS and its address for PRANK_ADDRESS_BLOCK_MINUTES at that restaurant only.
 * The restaurant's admin sees the active blocks and lifts them.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { PRANK_ADDRESS_BLOCK_MINUTES, PRANK_DEVICE_BLOCK_HOURS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { PressBlock, ServiceRequest } from '@shared/schemas';
import { notFound } from '../../http/errors';
import { assertRestaurantAccess, type SessionUser } from '../../policy/policy';
import type { RequestsService } from '../requests/requests.service';
import { findPressOrigin, insertPressBlock, liftBlock, listActiveBlocks } from './pranks.repo';

/** The last characters of a device id: enough to tell two blocks apart, nothing to track a guest with. */
const deviceHint = (deviceId: string | null) => (deviceId ? `…${deviceId.slice(-4)}` : null);

export class PranksService {
  constructor(
    private readonly db: Db,
    private readonly requests: RequestsService,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Dismisses the call (the same rule and refusals as Dismiss), then blocks where it came from. A call whose origin
   * was not noted (pressed before this feature, or through no guest page) is only dismissed.
   */
  async dismissAsPrank(user: SessionUser, requestId: string): Promise<ServiceRequest> {
    const request = await this.requests.dismiss(user, requestId);
    const origin = await findPressOrigin(this.db, requestId);
    if (origin) {
      const now = this.clock();
      await insertPressBlock(this.db, {
        id: randomUUID(),
        restaurantId: origin.restaurantId,
        requestId,
        tableNumber: origin.tableNumber,
        deviceId: origin.deviceId,
        address: origin.address,
        deviceUntil: now + PRANK_DEVICE_BLOCK_HOURS * 3_600_000,
        addressUntil: now + PRANK_ADDRESS_BLOCK_MINUTES * 60_000,
        createdBy: user.id,
        createdAt: now,
      });
    }
    return request;
  }

  async list(user: SessionUser, restaurantId: string): Promise<PressBlock[]> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const rows = await listActiveBlocks(this.db, restaurantId, this.clock());
    return rows.map((row) => ({
      id: row.id,
      restaurantId: row.restaurantId,
      tableNumber: row.tableNumber,
      deviceHint: deviceHint(row.deviceId),
      deviceUntil: row.deviceUntil,
      addressUntil: row.addressUntil,
      createdBy:
        row.createdById && row.createdByName !== null
          ? { id: row.createdById, name: row.createdByName }
          : null,
      createdAt: row.createdAt,
    }));
  }

  async lift(user: SessionUser, restaurantId: string, blockId: string): Promise<void> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    if (!(await liftBlock(this.db, restaurantId, blockId, this.clock())))
      throw notFound(MSG.blockNotFound, 'block_not_found');
  }
}
