/**
 * The super admin area (SPEC §2 /super-admin, §6): totals, the user list and deleting any user but oneself.
 * The route already admits only super_admin; the service checks again so no other caller can skip the rule.
 */
import { z } from 'zod';
import type { Db } from '../../db/client';
import { MSG } from '@shared/messages';
import type { SuperAdminStats, SuperAdminUsersResponse } from '@shared/schemas';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import type { SessionUser } from '../auth/auth.service';
import type { AccountService } from '../users/account.service';
import { findUserById } from '../users/users.repo';
import { countTotals, listUsersPage } from './super-admin.repo';

const cursorSchema = z.tuple([z.number().int().nonnegative(), z.string().min(1).max(200)]);

/** The cursor is opaque to clients: base64url of the last row's (createdAt, id). */
function encodeCursor(createdAt: number, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: number; id: string } {
  try {
    const [createdAt, id] = cursorSchema.parse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    return { createdAt, id };
  } catch {
    throw badRequest(MSG.badRequest, 'invalid_cursor');
  }
}

function assertSuperAdmin(actor: SessionUser): void {
  if (actor.role !== 'super_admin') throw forbidden();
}

export class SuperAdminService {
  constructor(
    private readonly db: Db,
    private readonly account: AccountService,
  ) {}

  async stats(actor: SessionUser): Promise<SuperAdminStats> {
    assertSuperAdmin(actor);
    return countTotals(this.db);
  }

  async listUsers(
    actor: SessionUser,
    query: { cursor?: string | undefined; limit: number; q?: string | undefined },
  ): Promise<SuperAdminUsersResponse> {
    assertSuperAdmin(actor);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    // One row more than asked tells whether another page exists.
    const rows = await listUsersPage(this.db, {
      after,
      limit: query.limit + 1,
      search: query.q ? query.q : null,
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      users: page.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        role: r.role,
        restaurantName: r.restaurantName,
        // SPEC §2 shows every user Active; an owner's deactivated server (decision 068) says so.
        status: r.deactivatedAt === null ? ('Active' as const) : ('Deactivated' as const),
        createdAt: r.createdAt,
      })),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
    };
  }

  /** Ends the user's sessions, closes their open consoles and applies the account-deletion rules (SPEC §6). */
  async deleteUser(actor: SessionUser, userId: string): Promise<void> {
    assertSuperAdmin(actor);
    if (userId === actor.id) throw new AppError(403, 'cannot_delete_self', MSG.cannotDeleteSelf);
    if (!(await findUserById(this.db, userId))) throw notFound(MSG.userNotFound, 'user_not_found');
    await this.account.deleteUser(userId);
  }
}
