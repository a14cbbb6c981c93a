/**
 * Email verification against a real SMTP peer (issue 4): the mail arrives with a working link, the link verifies
 * once and only once, an expired link is refused, and resending is throttled per account and per client.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailVerificationTokens, users } from '../../db/schema';
import { SmtpMailer } from '../../mail/mailer';
import { MSG } from '@shared/messages';
import {
  createTestApp,
  PUBLIC_URL,
  request,
  type TestApp,
} from '../../../../tests/support/test-app';
import {
  makeAdmin,
  makeRestaurant,
  makeServer,
  PASSWORD,
} from '../../../../tests/support/factories';
import {
  decodeQuotedPrintable,
  startSmtpPeer,
  tokenOf,
  verificationLinkIn,
  type SmtpPeer,
} from '../../../../tests/support/smtp-peer';
import { createPasswordUser } from '../users/users.service';
import { RESEND_MAX_PER_HOUR } from './verification.service';

let now = Date.now();
let smtp: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ clock: () => now, mailer: new SmtpMailer(smtp.url) });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
// Each test starts outside the previous test's per-account windows.
beforeEach(() => {
  now += 2 * 3_600_000;
});

/** Each test (or each request, for the flood) speaks from its own address, as the per-client limit counts them. */
const newAddress = () => `10.${[0, 0, 0].map(() => randomBytes(1)[0]! % 250).join('.')}`;

function post(url: string, body: unknown, remoteAddress = newAddress()) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress,
  });
}

const resend = (email: string, remoteAddress?: string) =>
  post('/api/auth/resend-verification', { email }, remoteAddress);
const verify = (token: string) => post('/api/auth/verify-email', { token });
const signIn = (email: string) =>
  request(t, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });

/** Waits until every queued mail has reached the SMTP peer, then returns the mails to this address. */
async function mailsTo(email: string) {
  await t.services.verification.whenIdle();
  return smtp.to(email);
}

describe('verification link over SMTP', () => {
  it('mails a link to PUBLIC_URL that verifies once, after which sign-in works', async () => {
    const admin = await makeAdmin(t, { verified: false });

    const refused = await signIn(admin.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'email_not_verified',
      message: MSG.verifyEmailFirst,
    });

    const sent = await resend(admin.email.toUpperCase());
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ sent: true });

    const mails = await mailsTo(admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/^Subject: Verify your email for Table Service/m);
    const link = verificationLinkIn(mails[0]!.raw);
    expect(link.startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true);

    const first = await verify(tokenOf(link));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ verified: true });

    const again = await verify(tokenOf(link));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'invalid_token',
      message: MSG.verificationLinkInvalid,
      messageId: 'verificationLinkInvalid',
    });

    const signedIn = await signIn(admin.email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(admin.email);
  });

  it("is written in the recipient's language (issue 15)", async () => {
    const admin = await makeAdmin(t, { verified: false });
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, admin.user.id));
    expect((await resend(admin.email)).statusCode).toBe(202);
    const mails = await mailsTo(admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/^Subject: Verifica tu correo para Table Service/m);
    expect(mails[0]!.raw).toContain('Hola:');
    expect(verificationLinkIn(mails[0]!.raw).startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(
      true,
    );
  });

  it('refuses an expired link and leaves the account unverified', async () => {
    const admin = await makeAdmin(t, { verified: false });
    await resend(admin.email);
    const [mail] = await mailsTo(admin.email);
    await t.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: now - 1 })
      .where(eq(emailVerificationTokens.userId, admin.user.id));

    const res = await verify(tokenOf(verificationLinkIn(mail!.raw)));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.verificationLinkInvalid);
    expect((await signIn(admin.email)).statusCode).toBe(403);
  });

  it('refuses an unknown or malformed token with 400', async () => {
    for (const token of [randomBytes(32).toString('base64url'), 'x'.repeat(500), '']) {
      const res = await verify(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error.message).toBe(MSG.verificationLinkInvalid);
    }
    expect((await post('/api/auth/verify-email', { token: 'a', extra: 1 })).statusCode).toBe(400);
  });

  it("spends an account's older links once one of them verifies it", async () => {
    const admin = await makeAdmin(t, { verified: false });
    await resend(admin.email);
    expect(await mailsTo(admin.email)).toHaveLength(1);
    now += 61_000;
    await resend(admin.email);
    const mails = await mailsTo(admin.email);
    expect(mails).toHaveLength(2);
    const [older, newer] = mails.map((m) => tokenOf(verificationLinkIn(m.raw)));
    expect((await verify(newer!)).statusCode).toBe(200);
    expect((await verify(older!)).statusCode).toBe(400);
  });
});

describe('resend verification (SPEC §8 Admin login)', () => {
  it('answers 202 alike for unknown, verified and PIN accounts, and mails none of them', async () => {
    const verified = await makeAdmin(t);
    const restaurant = await makeRestaurant(t);
    const pinServer = await makeServer(t, restaurant.id);
    const before = smtp.mails.length;
    for (const email of [
      'nobody-' + randomBytes(4).toString('hex') + '@example.test',
      verified.email,
    ]) {
      const res = await resend(email);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ sent: true });
    }
    expect(await t.services.verification.sendVerificationMail(pinServer.user.id)).toBe(false);
    await t.services.verification.whenIdle();
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses a malformed address with 400 and a missing one with the SPEC text', async () => {
    const bad = await resend('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.invalidEmail);
    const empty = await resend('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MSG.emailRequired);
  });

  it('answers a flood from one client with 429 and sends one mail', async () => {
    const admin = await makeAdmin(t, { verified: false });
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await resend(admin.email, address);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.code).toBe('rate_limited');
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    // The per-account limit allows one mail a minute, whatever the client's allowance.
    expect(await mailsTo(admin.email)).toHaveLength(1);
  });

  it('sends at most one mail a minute and five an hour per account, from any address', async () => {
    const admin = await makeAdmin(t, { verified: false });
    const sentAt: number[] = [];
    for (let i = 0; i < 8; i++) {
      const before = (await mailsTo(admin.email)).length;
      expect((await resend(admin.email)).statusCode).toBe(202);
      expect((await resend(admin.email)).statusCode).toBe(202); // within the same minute: no mail
      if ((await mailsTo(admin.email)).length > before) sentAt.push(i);
      now += 61_000;
    }
    expect(sentAt).toEqual([0, 1, 2, 3, 4]);
    expect(await mailsTo(admin.email)).toHaveLength(RESEND_MAX_PER_HOUR);
    now += 3_600_000;
    await resend(admin.email);
    expect(await mailsTo(admin.email)).toHaveLength(RESEND_MAX_PER_HOUR + 1);
  });

  it("keeps an admin's phishing line in a staff name out of the verification mail", async () => {
    const restaurant = await makeRestaurant(t);
    const email = `victim-${randomBytes(4).toString('hex')}@example.test`;
    const staff = await createPasswordUser(t.database.db, {
      role: 'server',
      name: 'Your account is locked: sign in at https://evil.example/reset now',
      email,
      password: PASSWORD,
      verified: false,
      restaurantId: restaurant.id,
    });
    expect(await t.services.verification.sendVerificationMail(staff.id)).toBe(true);
    const [mail] = await mailsTo(email);
    const decoded = decodeQuotedPrintable(mail!.raw);
    expect(decoded).not.toContain('evil.example');
    expect(decoded).not.toContain('account is locked');
    // The only link is ours.
    expect(decoded.match(/https?:\/\/[^\s<>"]+/g)?.every((url) => url.startsWith(PUBLIC_URL))).toBe(
      true,
    );
  });

  it('mails new password staff through sendVerificationMail (the staff hook)', async () => {
    const restaurant = await makeRestaurant(t);
    const email = `staff-${randomBytes(4).toString('hex')}@example.test`;
    const staff = await createPasswordUser(t.database.db, {
      role: 'server',
      name: 'Pat <b>Staff</b>',
      email,
      password: PASSWORD,
      verified: false,
      restaurantId: restaurant.id,
    });
    expect(await t.services.verification.sendVerificationMail(staff.id)).toBe(true);
    const [mail] = await mailsTo(email);
    // No user-chosen text goes into the platform's mail (issue 14): the name cannot inject markup.
    expect(decodeQuotedPrintable(mail!.raw)).toContain('<p>Hello,</p>');
    expect(decodeQuotedPrintable(mail!.raw)).not.toContain('Pat');
    expect((await verify(tokenOf(verificationLinkIn(mail!.raw)))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.emailVerifiedAt).toBe(now);
  });
});
