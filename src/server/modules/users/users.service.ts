import { removeServerFromSections } from '../tables/sections.repo';
/**
 * Creating accounts: shared by the CLI, the demo seed and the admin's Add Staff dialog, so every path applies
 * the same rules of SPEC §5.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { eq } from 'drizzle-orm';
import { isLocale } from '@shared/i18n/locales';
import type { Executor } from '../../db/client';
import { tables } from '../../db/schema';
import { MSG } from '@shared/messages';
import {
  isEmailShaped,
  NAME_REQUIRED,
  loginIdError,
  normalizeLoginId,
  passwordError,
  pinError,
} from '@shared/fields';
import type { Role, User } from '@shared/schemas';
import { AppError, badRequest, conflict } from '../../http/errors';
import {
  findUserByEmail,
  findUserByLoginId,
  insertUser,
  ownedRestaurantIds,
  type NewUserRow,
  type UserRow,
} from './users.repo';

/** OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs off the event loop, but on the same cores as the guest presses: at most one fewer at once than the
 * machine has cores, so a flood of new accounts or sign-ins queues here and leaves a core to the presses (abuse
 * bench: 20 connections adding staff moved the press p99 past 100 ms on two cores with every hash at once).
 */
const hashing = pLimit(Math.max(1, os.availableParallelism() - 1));

export function hashSecret(secret: string): Promise<string> {
  return hashing(() => hash(secret, ARGON2_OPTIONS));
}

/** Whether `secret` matches the argon2id `hashed`, in the same queue as hashing; throws on a broken hash. */
export function verifySecret(hashed: string, secret: string): Promise<boolean> {
  return hashing(() => verify(hashed, secret));
}

export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!e) throw badRequest(MSG.emailRequired);
  if (!isEmailShaped(e)) throw badRequest(MSG.invalidEmail, 'invalid_email');
  return e;
}

export async function toApiUser(db: Executor, row: UserRow): Promise<User> {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    restaurantId: row.restaurantId,
    restaurantIds: row.role === 'admin' ? await ownedRestaurantIds(db, row.id) : [],
    loginId: row.loginId,
    authMethod: row.authMethod,
    language: isLocale(row.language) ? row.language : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export interface NewPasswordUser {
  role: Role;
  name: string;
  email: string;
  password: string;
  verified: boolean;
  restaurantId?: string | null;
  /**
   * Decision 058: the address already belongs to an account the creating admin cannot see; it is kept as the
   * member's claimed email (shown to that admin only), not as a sign-in email, and no uniqueness is checked.
   */
  claimed?: boolean;
  guard?: InsertGuard;
}

/**
 * Runs in the insert's transaction, just before it (a cap checked under a lock: restaurant-caps.ts). The secret is
 * hashed before that transaction opens, so no lock is held while argon2 works.
 */
export type InsertGuard = (tx: Executor) => Promise<void>;

async function insertGuarded(db: Executor, guard: InsertGuard | undefined, values: NewUserRow) {
  if (!guard) return insertUser(db, values);
  return db.transaction(async (tx) => {
    await guard(tx);
    return insertUser(tx, values);
  });
}

export async function createPasswordUser(db: Executor, input: NewPasswordUser): Promise<UserRow> {
  const name = input.name.trim();
  if (!name) throw badRequest(NAME_REQUIRED, 'name_required');
  const email = normalizeEmail(input.email);
  const pwError = passwordError(input.password);
  if (pwError) throw badRequest(pwError, 'invalid_password');
  if (!input.claimed && (await findUserByEmail(db, email)))
    throw conflict(MSG.emailInUse, 'email_in_use');
  const passwordHash = await hashSecret(input.password);
  const now = Date.now();
  const row = await insertGuarded(db, input.guard, {
    id: randomUUID(),
    name,
    ...(input.claimed ? { email: null, claimedEmail: email } : { email }),
    role: input.role,
    restaurantId: input.restaurantId ?? null,
    authMethod: 'password',
    passwordHash,
    emailVerifiedAt: input.verified ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw conflict(MSG.emailInUse, 'email_in_use');
  return row;
}

export interface NewPinServer {
  restaurantId: string;
  name: string;
  loginId: string;
  pin: string;
  guard?: InsertGuard;
}

export async function createPinServer(db: Executor, input: NewPinServer): Promise<UserRow> {
  const name = input.name.trim();
  if (!name) throw badRequest(NAME_REQUIRED, 'name_required');
  const idError = loginIdError(input.loginId);
  if (idError) throw badRequest(idError, 'invalid_login_id');
  const loginId = normalizeLoginId(input.loginId);
  const pError = pinError(input.pin);
  if (pError) throw badRequest(pError, 'invalid_pin_format');
  const taken = new AppError(409, 'login_id_taken', MSG.loginIdTaken);
  if (await findUserByLoginId(db, loginId)) throw taken;
  const pinHash = await hashSecret(input.pin);
  const now = Date.now();
  const row = await insertGuarded(db, input.guard, {
    id: randomUUID(),
    name,
    email: null,
    role: 'server',
    restaurantId: input.restaurantId,
    loginId,
    authMethod: 'pin',
    pinHash,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw taken;
  return row;
}

/** Unassigns every table of a user; used before deleting a server (SPEC §6). */
/**
 * Releases a server's tables and takes them off every section (decision 077): returns every table whose routing
 * changed, to republish.
 */
export async function unassignAllTables(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .update(tables)
    .set({ serverId: null, updatedAt: Date.now() })
    .where(eq(tables.serverId, userId))
    .returning({ id: tables.id });
  const viaSections = await removeServerFromSections(db, userId);
  return [...new Set([...rows.map((r) => r.id), ...viaSections])];
}
