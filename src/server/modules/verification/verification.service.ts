/**
 * Email verification (SPEC §5 Login, §8 Admin login; issue 4): a single-use link that expires after 24 hours.
 * Resending never tells whether an email exists, and is limited per account in the database (so every instance
 * shares the count) and per client address by the route.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { MSG } from '@shared/messages';
import { paths } from '@shared/paths';
import type { I18n } from '@shared/i18n/i18n';
import type { ServerMessageId } from '@shared/i18n/compiled/server';
import { serverI18n, serverText } from '../../i18n';
import { badRequest } from '../../http/errors';
import { linkMail } from '../../mail/link-mail';
import { TrackedWork } from '../../mail/tracked-work';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { findUserByEmail, type UserRow } from '../users/users.repo';
import { emailVerificationTokens } from '../../db/schema';
import { lockUser, MAIL_MAX_PER_HOUR, mailTokens, tokenIdOf } from './mail-tokens';
import { markEmailVerified } from './verification.repo';

const verificationTokens = mailTokens(emailVerificationTokens);

const VERIFICATION_TTL_MS = 24 * 3_600_000;
/** Per account: at most one mail a minute and five an hour (a flood gets no mail storm). */
export const RESEND_MAX_PER_HOUR = MAIL_MAX_PER_HOUR;

const VERIFY_PATH = paths.verifyEmail;

/**
 * The platform's verification mail carries no text a user chose (issue 14): the staff name is picked by an admin
 * who also picks the address, so a name like "Your account is locked, sign in at https://evil.example" would reach
 * anyone as the platform's own words, with mail clients turning the URL into a link, in the plain-text part and
 * in HTML alike. Only our fixed text and our link go in.
 */
function verificationMail(to: string, link: string, i18n: I18n = serverI18n(null)): MailMessage {
  // Issue 15: in the recipient's language (English when none is chosen).
  const text = (id: ServerMessageId) => serverText(i18n, id);
  return linkMail(to, link, {
    subject: text('server.mail.verify.subject'),
    hello: text('server.mail.verify.hello'),
    intro: text('server.mail.verify.intro'),
    button: text('server.mail.verify.button'),
    outro: text('server.mail.verify.outro'),
  });
}

/** Only a password account whose email is not yet verified ever gets a link. */
const needsVerification = (row: UserRow | undefined): row is UserRow & { email: string } =>
  !!row && row.authMethod === 'password' && !!row.email && row.emailVerifiedAt === null;

export class VerificationService {
  private readonly work: TrackedWork;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    log: FastifyBaseLogger,
    private readonly publicUrl: string,
    private readonly now: () => number = Date.now,
  ) {
    this.work = new TrackedWork(log, 'verification mail');
  }

  /** Resolves when every queued mail has been handed to the mailer (or has failed and been logged). */
  whenIdle(): Promise<void> {
    return this.work.whenIdle();
  }

  /**
   * Issues a fresh link for an unverified password account and queues its mail. Called for new password staff
   * (the staff module's onPasswordStaffCreated hook) and by resend. Resolves true when a mail was queued; false when
   * the account needs none or has reached its limit. Mail delivery errors are logged, never thrown: the account
   * exists either way and its owner can ask for another mail.
   */
  async sendVerificationMail(userId: string): Promise<boolean> {
    const now = this.now();
    const issued = await this.db.transaction(async (tx) => {
      const row = await lockUser(tx, userId);
      if (!needsVerification(row)) return null;
      const token = await verificationTokens.issue(tx, userId, now, VERIFICATION_TTL_MS);
      return token === null ? null : { email: row.email, token, language: row.language };
    });
    if (!issued) return false;
    const link = `${this.publicUrl}${VERIFY_PATH}?token=${encodeURIComponent(issued.token)}`;
    this.work.track(
      this.mailer.send(verificationMail(issued.email, link, serverI18n(issued.language))),
    );
    return true;
  }

  /**
   * SPEC §8 'Resend verification email'. Returns at once and does the work in the background, so neither the
   * answer nor its timing tells whether the address has an account.
   */
  resend(email: string): void {
    this.work.track(
      (async () => {
        const row = await findUserByEmail(this.db, email);
        if (needsVerification(row)) await this.sendVerificationMail(row.id);
      })(),
    );
  }

  /** Following the link: verifies once; a used, unknown or expired token is refused. */
  async verify(token: string): Promise<void> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const userId = await verificationTokens.consume(tx, tokenIdOf(token), now);
      if (!userId) throw badRequest(MSG.verificationLinkInvalid, 'invalid_token');
      await markEmailVerified(tx, userId, now);
      await verificationTokens.consumeAllOfUser(tx, userId, now);
    });
  }
}
