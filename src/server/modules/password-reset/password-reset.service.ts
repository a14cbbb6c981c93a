/**
 * "Forgot password" (issue 26, decision 069): a single-use link that expires after an hour, asked for on the sign-in
 * page or sent by an owner to a password staff member. Asking never tells whether an address has an account (the
 * same answer at once, the work in the background); mails are limited per account in the database (shared by every
 * instance) and per client address by the route. Setting the new password ends every session of the account and
 * closes its live sockets.
 */
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { passwordError } from '@shared/fields';
import type { ServerMessageId } from '@shared/i18n/compiled/server';
import { MSG } from '@shared/messages';
import { paths } from '@shared/paths';
import { badRequest } from '../../http/errors';
import type { LiveService } from '../../live/live.service';
import { linkMail } from '../../mail/link-mail';
import type { Mailer } from '../../mail/mailer';
import { TrackedWork } from '../../mail/tracked-work';
import { serverI18n, serverText } from '../../i18n';
import { deleteOtherSessionsOfUser } from '../auth/auth.repo';
import { findUserByEmail, type UserRow } from '../users/users.repo';
import { hashSecret } from '../users/users.service';
import { lockUser, mailTokens, tokenIdOf } from '../verification/mail-tokens';

export const RESET_TTL_MS = 3_600_000;

const resetTokens = mailTokens(passwordResetTokens);

/** Only an active password account with a sign-in email ever gets a link (a claimed email, decision 058, never). */
const resettable = (row: UserRow | undefined): row is UserRow & { email: string } =>
  !!row && row.authMethod === 'password' && !!row.email && row.deactivatedAt === null;

function passwordResetMail(to: string, link: string, language: string | null) {
  const i18n = serverI18n(language);
  const text = (id: ServerMessageId) => serverText(i18n, id);
  return linkMail(to, link, {
    subject: text('server.mail.reset.subject'),
    hello: text('server.mail.reset.hello'),
    intro: text('server.mail.reset.intro'),
    button: text('server.mail.reset.button'),
    outro: text('server.mail.reset.outro'),
  });
}

export type ResetMailOutcome = 'sent' | 'limited' | 'not_resettable';

export class PasswordResetService {
  private readonly work: TrackedWork;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    log: FastifyBaseLogger,
    private readonly publicUrl: string,
    private readonly live: LiveService,
    private readonly now: () => number = Date.now,
  ) {
    this.work = new TrackedWork(log, 'password reset mail');
  }

  whenIdle(): Promise<void> {
    return this.work.whenIdle();
  }

  /** Issues a link for the account and queues its mail, unless it is not resettable or over its limit. */
  async sendResetMail(userId: string): Promise<ResetMailOutcome> {
    const now = this.now();
    const issued = await this.db.transaction(async (tx) => {
      const row = await lockUser(tx, userId);
      if (!resettable(row)) return 'not_resettable' as const;
      const token = await resetTokens.issue(tx, userId, now, RESET_TTL_MS);
      return token === null
        ? ('limited' as const)
        : { email: row.email, token, language: row.language };
    });
    if (typeof issued === 'string') return issued;
    const link = `${this.publicUrl}${paths.resetPassword}?token=${encodeURIComponent(issued.token)}`;
    this.work.track(this.mailer.send(passwordResetMail(issued.email, link, issued.language)));
    return 'sent';
  }

  /** The sign-in page's "Forgot password": returns at once, so neither the answer nor its timing tells anything. */
  request(email: string): void {
    this.work.track(
      (async () => {
        const row = await findUserByEmail(this.db, email);
        if (resettable(row)) await this.sendResetMail(row.id);
      })(),
    );
  }

  /**
   * Following the link: the new password replaces the old once; a used, unknown or expired token is refused. A
   * password that breaks the rule is refused before the token is spent. Having the mail proves the address, so an
   * unverified one is verified too.
   */
  async reset(token: string, password: string): Promise<void> {
    const rule = passwordError(password);
    if (rule) throw badRequest(rule, 'invalid_password');
    const passwordHash = await hashSecret(password);
    const now = this.now();
    const ended = await this.db.transaction(async (tx) => {
      const userId = await resetTokens.consume(tx, tokenIdOf(token), now);
      const row = userId === undefined ? undefined : await lockUser(tx, userId);
      if (!resettable(row)) throw badRequest(MSG.resetLinkInvalid, 'invalid_token');
      await tx
        .update(users)
        .set({
          passwordHash,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now}::bigint)`,
          updatedAt: now,
        })
        .where(eq(users.id, row.id));
      await resetTokens.consumeAllOfUser(tx, row.id, now);
      return deleteOtherSessionsOfUser(tx, row.id, null);
    });
    this.live.closeSessions(ended);
  }
}
