/** Signing in and out, and resolving the session cookie to a user (SPEC §2 /login, §4 Authentication, §8). */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { PASSWORD_SESSION_DAYS, PIN_SESSION_HOURS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { normalizeLoginId } from '@shared/fields';
import type { User } from '@shared/schemas';
import { AppError, unauthorized } from '../../http/errors';
import {
  findUserByEmail,
  findUserById,
  findUserByLoginId,
  type UserRow,
} from '../users/users.repo';
import { toApiUser } from '../users/users.service';
import { safeVerify } from './secrets';
import {
  deleteSession,
  deleteSessionsOfUser,
  findLiveSessionWithUser,
  insertSession,
} from './auth.repo';
import type { LoginThrottle } from './login-throttle';
import type { SessionUser } from '../../policy/policy';

/** The session user's type lives with the authorization policy; re-exported for the modules that resolve it. */
export type { SessionUser } from '../../policy/policy';

export interface IssuedSession {
  token: string;
  expiresAt: number;
  user: User;
}

const sessionUserOf = (user: UserRow): SessionUser => ({
  id: user.id,
  role: user.role,
  name: user.name,
  restaurantId: user.restaurantId,
  language: user.language,
});

/** Longer cookies are never ours (ours are 43 characters) and are not looked up. */
export const SESSION_TOKEN_MAX = 100;
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Decision 068: a deactivated staff member is refused with a clear message, said only to whoever got the secret right
 * (the check comes after it, so it tells a stranger nothing about the account).
 */
function assertActive(row: UserRow): void {
  if (row.deactivatedAt !== null)
    throw new AppError(403, 'account_deactivated', MSG.accountDeactivated);
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly throttle: LoginThrottle,
  ) {}

  private async issue(row: UserRow, kind: 'password' | 'pin'): Promise<IssuedSession> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const lifetime =
      kind === 'pin' ? PIN_SESSION_HOURS * 3_600_000 : PASSWORD_SESSION_DAYS * 86_400_000;
    await insertSession(this.db, {
      id: sessionIdOf(token),
      userId: row.id,
      kind,
      createdAt: now,
      expiresAt: now + lifetime,
    });
    return { token, expiresAt: now + lifetime, user: await toApiUser(this.db, row) };
  }

  /** SPEC §8 Admin login. */
  async loginWithPassword(
    email: string,
    password: string,
    clientKey: string,
  ): Promise<IssuedSession> {
    const normalized = email.trim().toLowerCase();
    const accountKey = 'password:' + normalized;
    // Counted as a failure before the (slow) check, so concurrent guesses cannot outrun the throttle.
    await this.throttle.begin(accountKey, clientKey);
    const row = await this.throttle.settled(accountKey, async () => {
      const found = await findUserByEmail(this.db, normalized);
      const ok = await safeVerify(found?.passwordHash ?? null, password);
      if (!found || !ok || found.authMethod !== 'password') {
        throw new AppError(401, 'invalid_credentials', MSG.invalidCredentials);
      }
      await this.throttle.recordSuccess(accountKey, clientKey);
      return found;
    });
    assertActive(row);
    // SPEC §5 Login: the email must be verified before login is allowed.
    if (row.emailVerifiedAt === null) {
      throw new AppError(403, 'email_not_verified', MSG.verifyEmailFirst);
    }
    return this.issue(row, 'password');
  }

  /** SPEC §8 PIN login: the messages name which part was wrong, as the original did. */
  async loginWithPin(loginIdInput: string, pin: string, clientKey: string): Promise<IssuedSession> {
    const loginId = normalizeLoginId(loginIdInput);
    const accountKey = 'pin:' + loginId;
    // Counted as a failure before the (slow) check, so concurrent guesses cannot outrun the throttle.
    await this.throttle.begin(accountKey, clientKey);
    const row = await this.throttle.settled(accountKey, async () => {
      const found = await findUserByLoginId(this.db, loginId);
      if (!found || found.role !== 'server') {
        // No PIN was checked: it counts for the address only.
        await this.throttle.refund(accountKey, null);
        throw new AppError(404, 'server_not_found', MSG.loginIdNotFound);
      }
      if (!found.pinHash) {
        await this.throttle.refund(accountKey, clientKey);
        throw new AppError(409, 'pin_not_set', MSG.pinNotConfigured);
      }
      if (!(await safeVerify(found.pinHash, pin))) {
        throw new AppError(401, 'invalid_pin', MSG.incorrectPin);
      }
      await this.throttle.recordSuccess(accountKey, clientKey);
      return found;
    });
    assertActive(row);
    return this.issue(row, 'pin');
  }

  /** Resolves a cookie token; an unknown or expired session is treated as signed out (SPEC §4). */
  async resolve(
    token: string | undefined,
  ): Promise<{ sessionId: string; user: SessionUser; expiresAt: number } | null> {
    if (!token || token.length > SESSION_TOKEN_MAX) return null;
    const sessionId = sessionIdOf(token);
    const row = await findLiveSessionWithUser(this.db, sessionId, Date.now());
    return row
      ? { sessionId, user: sessionUserOf(row.user), expiresAt: row.session.expiresAt }
      : null;
  }

  async resolveSessionId(sessionId: string): Promise<SessionUser | null> {
    const row = await findLiveSessionWithUser(this.db, sessionId, Date.now());
    return row ? sessionUserOf(row.user) : null;
  }

  async logout(sessionId: string): Promise<void> {
    await deleteSession(this.db, sessionId);
  }

  async endAllSessions(userId: string): Promise<void> {
    await deleteSessionsOfUser(this.db, userId);
  }

  async currentUser(user: SessionUser | null): Promise<User | null> {
    if (!user) return null;
    const row = await findUserById(this.db, user.id);
    if (!row) throw unauthorized();
    return toApiUser(this.db, row);
  }
}
