/** Deleting accounts (SPEC §6): one transaction each, nothing half-deleted, open consoles closed at once. */
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../http/errors';
import type { LiveService } from '../../live/live.service';
import type { SessionUser } from '../auth/auth.service';
import { deleteSessionsOfUser } from '../auth/auth.repo';
import {
  deleteUserRow,
  findUserById,
  ownedRestaurantIds,
  serverIdsOfRestaurants,
} from './users.repo';
import { toApiUser, unassignAllTables } from './users.service';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Locale } from '../../../shared/i18n/locales';
import type { User } from '../../../shared/schemas';

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
    private readonly publishTables: (tableIds: string[]) => Promise<void>,
  ) {}

  /** Issue 15: the user's own language (null: the browser's); their pushes and mails follow it from now on. */
  async setLanguage(user: SessionUser, language: Locale | null): Promise<User> {
    const [row] = await this.db
      .update(users)
      .set({ language, updatedAt: Date.now() })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw notFound();
    return toApiUser(this.db, row);
  }

  /**
   * Deletes a user. A server's tables are unassigned first (SPEC §6). An admin's restaurants go with them, and
   * with those the restaurants' tables, requests and server accounts (docs/decisions/005-admin-account-deletion.md).
   */
  async deleteUser(userId: string): Promise<void> {
    const ended = await this.db.transaction(async (tx) => {
      const row = await findUserById(tx, userId);
      if (!row) throw notFound();
      const endedUsers = [userId];
      const restaurantIds = row.role === 'admin' ? await ownedRestaurantIds(tx, userId) : [];
      endedUsers.push(...(await serverIdsOfRestaurants(tx, restaurantIds)));
      const unassigned = row.role === 'server' ? await unassignAllTables(tx, userId) : [];
      for (const id of endedUsers) await deleteSessionsOfUser(tx, id);
      await deleteUserRow(tx, userId);
      return { endedUsers, restaurantIds, unassigned };
    });
    for (const id of ended.endedUsers) this.live.userEnded(id);
    for (const r of ended.restaurantIds) this.live.restaurantDeleted(r);
    await this.publishTables(ended.unassigned);
  }

  async deleteOwnAccount(user: SessionUser): Promise<void> {
    // A super admin is removed by another super admin or the CLI, never by themselves (there must be one left).
    if (user.role === 'super_admin') throw forbidden();
    await this.deleteUser(user.id);
  }
}
