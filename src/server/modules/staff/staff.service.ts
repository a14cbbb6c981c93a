/**
 * The admin's staff (SPEC §2 /admin/staff, §5 Add server, §8 Add server): list, add in PIN or password mode,
 * delete. Only servers of a restaurant the admin owns are reachable; anyone else answers 404 like a missing one.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { LOGIN_ID_CANDIDATES_TRIED, LOGIN_ID_SUGGESTIONS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { loginIdCandidates } from '@shared/names';
import { loginIdError, NAME_REQUIRED, normalizeLoginId } from '@shared/fields';
import type { CreateStaffBody, StaffMember, UpdateStaffBody } from '@shared/schemas';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { SessionUser } from '../auth/auth.service';
import { isOwner } from '../restaurants/restaurants.repo';
import { assertRestaurantAccess } from '../../policy/policy';
import { AccountService } from '../users/account.service';
import {
  existingLoginIds,
  findUserById,
  findUserByLoginId,
  type UserRow,
} from '../users/users.repo';
import {
  createPasswordUser,
  createPinServer,
  normalizeEmail,
  type InsertGuard,
} from '../users/users.service';
import { assertRoomFor, DEFAULT_RESTAURANT_CAPS } from '../restaurants/restaurant-caps';
import { toStaffMember } from './staff.mapper';
import type { PasswordResetService } from '../password-reset/password-reset.service';
import {
  emailKnownToAdmin,
  findServerWithStats,
  listServersOfRestaurant,
  tableIdsOfServer,
  updateStaffRow,
} from './staff.repo';

/**
 * Called after a password-mode staff member is created (unverified). The email-verification feature wires its
 * mail here; a failure is logged and does not undo the creation (the server can ask for the mail again at login).
 */
export type OnPasswordStaffCreated = (created: {
  user: UserRow;
  restaurantId: string;
  createdBy: SessionUser;
}) => Promise<void> | void;

const onPasswordStaffCreatedNoop: OnPasswordStaffCreated = () => undefined;

export interface StaffServiceOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Deletes, deactivates and re-PINs accounts (unassigns tables, ends sessions, tells open consoles). */
  accounts: AccountService;
  /** Password-reset mails (decision 069). */
  passwordReset: PasswordResetService;
  /** Republishes tables live (a renamed server's tables carry the new name). */
  publishTables: (tableIds: string[]) => Promise<void>;
  onPasswordStaffCreated?: OnPasswordStaffCreated;
  /** Servers one restaurant may hold (MAX_STAFF_PER_RESTAURANT; restaurant-caps.ts). */
  maxStaff?: number;
}

export interface LoginIdAvailability {
  available: boolean;
  suggestions: string[];
}

const staffNotFound = () => notFound(MSG.staffNotFound, 'staff_not_found');
const restaurantNotFound = () => notFound(MSG.restaurantNotFound, 'restaurant_not_found');

/** PostgreSQL unique_violation: a login ID taken between the check and the write. */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** PostgreSQL foreign_key_violation: the restaurant was deleted while its staff member was being added. */
const isForeignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
};

/**
 * SPEC §8, §9: for a taken login ID, at most 10 candidates are tried and the first 3 free ones offered. The one
 * rule behind both the availability check and the 409 of Add Staff.
 */
async function loginIdSuggestions(db: Executor, loginId: string): Promise<string[]> {
  const candidates = loginIdCandidates(normalizeLoginId(loginId)).slice(
    0,
    LOGIN_ID_CANDIDATES_TRIED,
  );
  const taken = await existingLoginIds(db, candidates);
  return candidates.filter((c) => !taken.has(c)).slice(0, LOGIN_ID_SUGGESTIONS);
}

/** SPEC §8: 'Login ID is already taken' with up to 3 suggestions, or the "couldn't find" text when none is free. */
async function loginIdTakenError(db: Executor, loginId: string): Promise<AppError> {
  const suggestions = await loginIdSuggestions(db, loginId);
  return new AppError(
    409,
    'login_id_taken',
    suggestions.length > 0 ? MSG.loginIdTaken : MSG.noLoginIdSuggestions,
    { suggestions },
  );
}

export class StaffService {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly accounts: AccountService;
  private readonly passwordReset: PasswordResetService;
  private readonly publishTables: (tableIds: string[]) => Promise<void>;
  private readonly onPasswordStaffCreated: OnPasswordStaffCreated;
  private readonly maxStaff: number;

  constructor(options: StaffServiceOptions) {
    this.db = options.db;
    this.log = options.log;
    this.accounts = options.accounts;
    this.passwordReset = options.passwordReset;
    this.publishTables = options.publishTables;
    this.onPasswordStaffCreated = options.onPasswordStaffCreated ?? onPasswordStaffCreatedNoop;
    this.maxStaff = options.maxStaff ?? DEFAULT_RESTAURANT_CAPS.staff;
  }

  async list(user: SessionUser, restaurantId: string): Promise<StaffMember[]> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const rows = await listServersOfRestaurant(this.db, restaurantId);
    return rows.map(({ user, ...stats }) => toStaffMember(user, stats));
  }

  /** Whether a login ID is free (same rules as Add Staff in PIN mode); suggestions only when it is taken. */
  async loginIdAvailability(loginIdInput: string): Promise<LoginIdAvailability> {
    const idError = loginIdError(loginIdInput);
    if (idError) throw badRequest(idError, 'invalid_login_id');
    const loginId = normalizeLoginId(loginIdInput);
    if (!(await findUserByLoginId(this.db, loginId))) return { available: true, suggestions: [] };
    return { available: false, suggestions: await loginIdSuggestions(this.db, loginId) };
  }

  async create(
    user: SessionUser,
    restaurantId: string,
    body: CreateStaffBody,
  ): Promise<StaffMember> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    try {
      if (body.mode === 'pin') {
        const row = await createPinServer(this.db, {
          restaurantId,
          name: body.name,
          loginId: body.loginId,
          pin: body.pin,
          guard: this.roomFor(restaurantId),
        });
        return toStaffMember(row);
      }
      const row = await this.createPasswordStaff(user, restaurantId, body);
      // A claimed email (decision 058) is never mailed: the address belongs to someone else's account.
      if (row.email === null) return toStaffMember(row);
      try {
        await this.onPasswordStaffCreated({ user: row, restaurantId, createdBy: user });
      } catch (err) {
        this.log.error({ err, userId: row.id }, 'onPasswordStaffCreated failed');
      }
      return toStaffMember(row);
    } catch (err) {
      if (err instanceof AppError && err.code === 'login_id_taken' && body.mode === 'pin') {
        throw await loginIdTakenError(this.db, body.loginId);
      }
      if (isForeignKeyViolation(err)) throw restaurantNotFound();
      throw err;
    }
  }

  /** Issue 25: at most MAX_STAFF_PER_RESTAURANT servers, checked under a lock in the inserting transaction. */
  private roomFor(restaurantId: string): InsertGuard {
    return (tx) => assertRoomFor(tx, restaurantId, 'staff', this.maxStaff);
  }

  /**
   * Password staff start unverified, like every password account (SPEC §5 Login). SPEC §8's 'This email is already
   * registered' is said only for an address the admin can already see (their own, their staff's); an address of
   * any other account is taken as a claimed email, and the answer looks like any new member's (decision 058: no
   * probe of other tenants' emails).
   */
  private async createPasswordStaff(
    user: SessionUser,
    restaurantId: string,
    body: Extract<CreateStaffBody, { mode: 'password' }>,
  ): Promise<UserRow> {
    const email = normalizeEmail(body.email);
    if (await emailKnownToAdmin(this.db, email, user.id))
      throw conflict(MSG.emailInUse, 'email_in_use');
    const input = {
      role: 'server' as const,
      name: body.name,
      email,
      password: body.password,
      verified: false,
      restaurantId,
      guard: this.roomFor(restaurantId),
    };
    try {
      return await createPasswordUser(this.db, input);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'email_in_use')) throw err;
      return createPasswordUser(this.db, { ...input, claimed: true });
    }
  }

  /**
   * A server of a restaurant this admin owns; anyone else's (another owner's, an admin, a missing one) answers 404
   * like a missing one.
   */
  private async ownedStaff(user: SessionUser, userId: string): Promise<UserRow> {
    const row = await findUserById(this.db, userId);
    if (
      !row ||
      row.role !== 'server' ||
      !row.restaurantId ||
      user.role !== 'admin' ||
      !(await isOwner(this.db, row.restaurantId, user.id))
    ) {
      throw staffNotFound();
    }
    return row;
  }

  private async member(userId: string): Promise<StaffMember> {
    const found = await findServerWithStats(this.db, userId);
    if (!found) throw staffNotFound();
    const { user, ...stats } = found;
    return toStaffMember(user, stats);
  }

  /**
   * Issue 26: the owner edits a member in place — name, login ID (PIN staff only; a taken one answers 409 with the
   * same suggestions as Add Staff) and language. A new name is republished on the member's tables.
   */
  async update(user: SessionUser, userId: string, body: UpdateStaffBody): Promise<StaffMember> {
    const row = await this.ownedStaff(user, userId);
    const values: Parameters<typeof updateStaffRow>[2] = {};
    if (body.name !== undefined) {
      const name = body.name.trim();
      if (!name) throw badRequest(NAME_REQUIRED, 'name_required');
      values.name = name;
    }
    if (body.loginId !== undefined) {
      if (row.authMethod !== 'pin') throw conflict(MSG.notPinAccount, 'not_pin_account');
      const idError = loginIdError(body.loginId);
      if (idError) throw badRequest(idError, 'invalid_login_id');
      const loginId = normalizeLoginId(body.loginId);
      if (loginId !== row.loginId) {
        const holder = await findUserByLoginId(this.db, loginId);
        if (holder) throw await loginIdTakenError(this.db, loginId);
        values.loginId = loginId;
      }
    }
    if (body.language !== undefined) values.language = body.language;
    try {
      if (!(await updateStaffRow(this.db, userId, values, Date.now()))) throw staffNotFound();
    } catch (err) {
      // Taken by someone else between the check and the update.
      if (values.loginId && isUniqueViolation(err))
        throw await loginIdTakenError(this.db, values.loginId);
      throw err;
    }
    if (values.name !== undefined && values.name !== row.name)
      await this.publishTables(await tableIdsOfServer(this.db, userId));
    return this.member(userId);
  }

  /** Decision 068: the owner sets a PIN staff member's new PIN; every session of theirs ends, consoles close. */
  async resetPin(user: SessionUser, userId: string, pin: string): Promise<void> {
    await this.ownedStaff(user, userId);
    await this.accounts.setPin(userId, pin, null);
  }

  /**
   * Decision 069: the owner sends a password staff member a reset link. A member whose email is a claimed one
   * (decision 058) gets nothing and the answer is the same; a mail sent within the last minute (or five within the
   * hour) answers 429.
   */
  async sendPasswordReset(user: SessionUser, userId: string): Promise<void> {
    const row = await this.ownedStaff(user, userId);
    if (row.authMethod !== 'password')
      throw conflict(MSG.notPasswordAccount, 'not_password_account');
    if (row.deactivatedAt !== null) throw conflict(MSG.staffDeactivated, 'staff_deactivated');
    if (row.email === null) return;
    if ((await this.passwordReset.sendResetMail(userId)) === 'limited')
      throw new AppError(429, 'reset_mail_limit', MSG.resetMailTooSoon);
  }

  /** Decision 068: deactivated (history kept, tables released, sessions ended) or active again. */
  async setActive(user: SessionUser, userId: string, active: boolean): Promise<StaffMember> {
    const row = await this.ownedStaff(user, userId);
    if (active && row.deactivatedAt !== null) await this.accounts.reactivate(userId);
    if (!active && row.deactivatedAt === null) await this.accounts.deactivate(userId, user.id);
    return this.member(userId);
  }

  /**
   * Deletes a server of a restaurant this admin owns: in one transaction their tables are unassigned, their
   * sessions deleted and the account removed; then their open consoles are closed and the tables republished.
   */
  async delete(user: SessionUser, userId: string): Promise<void> {
    await this.ownedStaff(user, userId);
    await this.accounts.deleteUser(userId).catch((err: unknown) => {
      // Deleted by someone else in the meantime: the same answer as a missing one.
      if (err instanceof AppError && err.status === 404) throw staffNotFound();
      throw err;
    });
  }
}
