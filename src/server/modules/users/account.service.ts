/**
 * Accounts' lives (SPEC §6; issue 26): deleting, deactivating and reactivating a user, and changing a PIN — each one
 * transaction, nothing half-done, and the sessions it ends closed on every open console at once.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import type { LiveService } from '../../live/live.service';
import type { Locale } from '@shared/i18n/locales';
import { MSG } from '@shared/messages';
import { pinError } from '@shared/fields';
import type { User } from '@shared/schemas';
import type { SessionUser } from '../auth/auth.service';
import { deleteOtherSessionsOfUser, deleteSessionsOfUser } from '../auth/auth.repo';
import type { LoginThrottle } from '../auth/login-throttle';
import { safeVerify } from '../auth/secrets';
import {
  deleteUserRow,
  findUserById,
  ownedRestaurantIds,
  serverIdsOfRestaurants,
} from './users.repo';
import { hashSecret, toApiUser, unassignAllTables } from './users.service';
import type { ShiftsService } from '../shifts/shifts.service';

const notPinAccount = () => conflict(MSG.notPinAccount, 'not_pin_account');

/** Ends a server's duty inside a transaction (ShiftsService.leaveDutyInTx); answers what to announce after. */
type LeaveDuty = ShiftsService['leaveDutyInTx'];

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
    private readonly publishTables: (tableIds: string[]) => Promise<void>,
    private readonly throttle: LoginThrottle,
    private readonly leaveDuty: LeaveDuty,
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

  /**
   * Decision 068: a deactivated server keeps their account and history, but their tables are released, every
   * session ends (their open consoles are closed) and every sign-in is refused until they are reactivated. Their
   * shift ends by `byUserId` (the owner) and their open requests go back to the floor (decision 095).
   */
  async deactivate(userId: string, byUserId: string | null = null): Promise<void> {
    const now = Date.now();
    const { unassigned, announce } = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ deactivatedAt: now, updatedAt: now })
        .where(eq(users.id, userId))
        .returning({ id: users.id, restaurantId: users.restaurantId });
      if (!row) throw notFound();
      const left = row.restaurantId
        ? await this.leaveDuty(tx, row.restaurantId, userId, byUserId, now)
        : null;
      const released = await unassignAllTables(tx, userId);
      await deleteSessionsOfUser(tx, userId);
      return { unassigned: released, announce: left };
    });
    this.live.userEnded(userId);
    await announce?.();
    await this.publishTables(unassigned);
  }

  async reactivate(userId: string): Promise<void> {
    const now = Date.now();
    const [row] = await this.db
      .update(users)
      .set({ deactivatedAt: null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) throw notFound();
  }

  /**
   * A new PIN for a PIN account (decision 068): every session of theirs but `keep` ends, and those sessions' live
   * sockets close. The rule is checked before the (slow) hash.
   */
  async setPin(userId: string, pin: string, keep: string | null): Promise<void> {
    const rule = pinError(pin);
    if (rule) throw new AppError(400, 'invalid_pin_format', rule);
    const pinHash = await hashSecret(pin);
    const ended = await this.db.transaction(async (tx) => {
      const row = await findUserById(tx, userId);
      if (!row) throw notFound();
      if (row.authMethod !== 'pin') throw notPinAccount();
      await tx.update(users).set({ pinHash, updatedAt: Date.now() }).where(eq(users.id, userId));
      return deleteOtherSessionsOfUser(tx, userId, keep);
    });
    this.live.closeSessions(ended);
  }

  /**
   * A server changes their own PIN, the current one first (decision 068). A wrong current PIN counts against the
   * account exactly as a failed PIN sign-in does (login-throttle.ts), so this is no way round its lock.
   */
  async changeOwnPin(
    user: SessionUser,
    sessionId: string | null,
    currentPin: string,
    pin: string,
    clientKey: string,
  ): Promise<void> {
    const row = await findUserById(this.db, user.id);
    if (!row) throw notFound();
    if (row.authMethod !== 'pin' || row.loginId === null) throw notPinAccount();
    const rule = pinError(pin);
    if (rule) throw new AppError(400, 'invalid_pin_format', rule);
    const throttle = this.throttle;
    const accountKey = 'pin:' + row.loginId;
    await throttle.begin(accountKey, clientKey);
    await throttle.settled(accountKey, async () => {
      if (!(await safeVerify(row.pinHash, currentPin)))
        throw new AppError(403, 'invalid_pin', MSG.incorrectPin);
      await throttle.recordSuccess(accountKey, clientKey);
    });
    await this.setPin(user.id, pin, sessionId);
  }
}
