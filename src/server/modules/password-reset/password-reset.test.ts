/**
 * "Forgot password" against a real SMTP peer (issue 26, decision 069): the mail arrives with a working link that
 * sets a new password once, ends every session of the account and closes its sockets; an unknown address gets the
 * same answer and no mail; mails are limited per address and per email; an owner sends the mail to password staff.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
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
  makeFloor,
  nextStaffAddress,
  PASSWORD,
  signInPassword,
} from '../../../../tests/support/factories';
import { connectLive } from '../../../../tests/support/live-socket';
import {
  decodeQuotedPrintable,
  linkIn,
  startSmtpPeer,
  tokenOf,
  type SmtpPeer,
} from '../../../../tests/support/smtp-peer';
import { RESET_TTL_MS } from './password-reset.service';

let now = Date.now();
let smtp: SmtpPeer;
let t: TestApp;
let base: string;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ clock: () => now, mailer: new SmtpMailer(smtp.url) });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
// Each test starts outside the previous test's per-account windows.
beforeEach(() => {
  now += 2 * 3_600_000;
});

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
const forgot = (email: string, remoteAddress?: string) =>
  post('/api/auth/forgot-password', { email }, remoteAddress);
const reset = (token: string, password: string) =>
  post('/api/auth/reset-password', { token, password });
const signIn = (email: string, password: string) =>
  request(t, 'POST', '/api/auth/login', {
    body: { email, password },
    remoteAddress: nextStaffAddress(),
  });

/** The reset mails this address got (new password staff also get a verification mail). */
async function mailsTo(email: string) {
  await t.services.passwordReset.whenIdle();
  return smtp.to(email).filter((m) => decodeQuotedPrintable(m.raw).includes('/reset-password?'));
}
const resetLinkIn = (raw: string) => linkIn(raw, '/reset-password');

describe('forgot password over SMTP', () => {
  it('mails a link that sets a new password once and ends every session of the account', async () => {
    const admin = await makeAdmin(t);
    const cookie = await signInPassword(t, admin);
    const console = await connectLive(base, cookie);
    await console.next('hello');

    const asked = await forgot(admin.email.toUpperCase());
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ sent: true });
    const [mail] = await mailsTo(admin.email);
    expect(mail).toBeDefined();
    expect(decodeQuotedPrintable(mail!.raw)).toContain('Reset your Table Service password');
    const link = resetLinkIn(mail!.raw);
    expect(link.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);
    // Only the token's hash is stored.
    expect(JSON.stringify(await t.database.db.select().from(users))).not.toContain(tokenOf(link));

    const weak = await reset(tokenOf(link), 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe(MSG.passwordRule);
    // A refused password does not spend the link.
    const done = await reset(tokenOf(link), 'New-pass2!');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ reset: true });
    await console.next('session.ended');
    expect((await request(t, 'GET', '/api/session', { cookie })).json().user).toBeNull();

    expect((await signIn(admin.email, PASSWORD)).statusCode).toBe(401);
    now += 120_000; // past the back-off of that wrong password
    expect((await signIn(admin.email, 'New-pass2!')).statusCode).toBe(200);

    const again = await reset(tokenOf(link), 'Other-pass3!');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'invalid_token',
      message: MSG.resetLinkInvalid,
    });
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.test`;
    const admin = await makeAdmin(t);
    const a = await forgot(unknown);
    const b = await forgot(admin.email);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await mailsTo(admin.email)).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const admin = await makeAdmin(t);
    await forgot(admin.email);
    const [mail] = await mailsTo(admin.email);
    now += RESET_TTL_MS + 1;
    const res = await reset(tokenOf(resetLinkIn(mail!.raw)), 'New-pass2!');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('verifies an unverified address (the mail proves it)', async () => {
    const admin = await makeAdmin(t, { verified: false });
    await forgot(admin.email);
    const [mail] = await mailsTo(admin.email);
    expect((await reset(tokenOf(resetLinkIn(mail!.raw)), 'New-pass2!')).statusCode).toBe(200);
    expect((await signIn(admin.email, 'New-pass2!')).statusCode).toBe(200);
  });

  it('limits mails per email (one a minute) and per client address (5 in 15 minutes)', async () => {
    const admin = await makeAdmin(t);
    await forgot(admin.email);
    await forgot(admin.email);
    expect(await mailsTo(admin.email)).toHaveLength(1);
    now += 61_000;
    await forgot(admin.email);
    expect(await mailsTo(admin.email)).toHaveLength(2);

    const address = newAddress();
    for (let i = 0; i < 5; i++)
      expect((await forgot(`flood-${i}@example.test`, address)).statusCode).toBe(202);
    const flooded = await forgot('flood-6@example.test', address);
    expect(flooded.statusCode).toBe(429);
  });
});

describe('the owner sends a reset mail to password staff', () => {
  async function passwordMember(floor: Awaited<ReturnType<typeof makeFloor>>) {
    const email = `staff-${randomUUID().slice(0, 8)}@example.test`;
    const created = await request(t, 'POST', `/api/restaurants/${floor.restaurant.id}/staff`, {
      cookie: floor.adminCookie,
      body: { mode: 'password', name: 'Robin', email, password: PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    return { id: created.json().staffMember.id as string, email };
  }

  it('mails the member a working link; a second one within the minute answers 429', async () => {
    const floor = await makeFloor(t);
    const member = await passwordMember(floor);
    const sent = await request(t, 'POST', `/api/staff/${member.id}/password-reset`, {
      cookie: floor.adminCookie,
    });
    expect(sent.statusCode).toBe(202);
    const [mail] = await mailsTo(member.email);
    expect((await reset(tokenOf(resetLinkIn(mail!.raw)), 'Fresh-pass4!')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await signIn(member.email, 'Fresh-pass4!')).statusCode).toBe(200);

    const again = await request(t, 'POST', `/api/staff/${member.id}/password-reset`, {
      cookie: floor.adminCookie,
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toMatchObject({ code: 'reset_mail_limit' });
  });

  it('refuses a PIN member (409) and another owner’s member (404)', async () => {
    const floor = await makeFloor(t);
    const pin = await request(t, 'POST', `/api/staff/${floor.server.user.id}/password-reset`, {
      cookie: floor.adminCookie,
    });
    expect(pin.statusCode).toBe(409);
    expect(pin.json().error.code).toBe('not_password_account');
    const member = await passwordMember(floor);
    const other = await makeFloor(t);
    const res = await request(t, 'POST', `/api/staff/${member.id}/password-reset`, {
      cookie: other.adminCookie,
    });
    expect(res.statusCode).toBe(404);
    expect(await mailsTo(member.email)).toHaveLength(0);
  });
});
