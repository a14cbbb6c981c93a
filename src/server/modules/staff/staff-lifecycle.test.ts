/**
 * Issue 26 item 1 (decision 068): the owner edits a staff member in place, resets a PIN, deactivates and reactivates;
 * a server changes their own PIN. Every credential change ends the user's other sessions and closes their sockets.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, sessions, tables, users } from '../../db/schema';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeServer,
  nextStaffAddress,
  signInServer,
} from '../../../../tests/support/factories';
import { connectLive } from '../../../../tests/support/live-socket';
import { MSG } from '@shared/messages';
import { sessionIdOf } from '../auth/auth.service';

let t: TestApp;
let base: string;
/** The sign-in throttle's clock: a test moves it past the back-off a wrong PIN earns. */
let now = Date.now();
const pastTheBackOff = () => (now += 120_000);
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const pinLogin = (loginId: string, pin: string) =>
  request(t, 'POST', '/api/auth/pin-login', {
    body: { loginId, pin },
    remoteAddress: nextStaffAddress(),
  });
const whoIs = async (cookie: string) =>
  (await request(t, 'GET', '/api/session', { cookie })).json<{ user: { id: string } | null }>()
    .user;
const staffList = async (restaurantId: string, cookie: string) =>
  (await request(t, 'GET', `/api/restaurants/${restaurantId}/staff`, { cookie })).json<{
    staff: { id: string; deactivatedAt: number | null; tablesAssigned: number }[];
  }>();

describe('editing a staff member in place', () => {
  it('changes name, login ID and language; the new login ID signs in, the old one no longer', async () => {
    const floor = await makeFloor(t);
    const newId = 'renamed' + randomUUID().slice(0, 6);
    const res = await request(t, 'PATCH', `/api/staff/${floor.server.user.id}`, {
      cookie: floor.adminCookie,
      body: { name: '  Alexandra  ', loginId: newId.toUpperCase(), language: 'de' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().staffMember).toMatchObject({
      name: 'Alexandra',
      loginId: newId,
      language: 'de',
      deactivatedAt: null,
    });
    expect((await pinLogin(newId, floor.server.pin)).statusCode).toBe(200);
    expect((await pinLogin(floor.server.loginId, floor.server.pin)).statusCode).toBe(404);
    // Their session is untouched: a login ID is not a secret.
    expect(await whoIs(floor.serverCookie)).toMatchObject({ id: floor.server.user.id });
  });

  it('answers a taken login ID with 409 and the same suggestions as Add Staff', async () => {
    const floor = await makeFloor(t);
    const other = await makeServer(t, floor.restaurant.id);
    const res = await request(t, 'PATCH', `/api/staff/${floor.server.user.id}`, {
      cookie: floor.adminCookie,
      body: { loginId: other.loginId },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'login_id_taken', message: MSG.loginIdTaken });
    expect(res.json().error.suggestions.length).toBeGreaterThan(0);
    // Keeping one's own login ID is no conflict.
    const same = await request(t, 'PATCH', `/api/staff/${floor.server.user.id}`, {
      cookie: floor.adminCookie,
      body: { loginId: floor.server.loginId, name: 'Same ID' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses an empty change, a bad login ID and a login ID for a password member', async () => {
    const floor = await makeFloor(t);
    const url = `/api/staff/${floor.server.user.id}`;
    expect(
      (await request(t, 'PATCH', url, { cookie: floor.adminCookie, body: {} })).statusCode,
    ).toBe(400);
    expect(
      (await request(t, 'PATCH', url, { cookie: floor.adminCookie, body: { loginId: 'ab' } }))
        .statusCode,
    ).toBe(400);
    const created = await request(t, 'POST', `/api/restaurants/${floor.restaurant.id}/staff`, {
      cookie: floor.adminCookie,
      body: {
        mode: 'password',
        name: 'Pat',
        email: `pat-${randomUUID().slice(0, 6)}@example.test`,
        password: 'Secret-pass1!',
      },
    });
    const pat = created.json().staffMember as { id: string };
    const res = await request(t, 'PATCH', `/api/staff/${pat.id}`, {
      cookie: floor.adminCookie,
      body: { loginId: 'pat' + randomUUID().slice(0, 6) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_pin_account');
  });

  it('republishes a renamed server’s tables live', async () => {
    const floor = await makeFloor(t);
    await request(t, 'POST', `/api/tables/${floor.table.id}/assign`, {
      cookie: floor.serverCookie,
    });
    const owner = await connectLive(base, floor.adminCookie);
    try {
      await owner.next('hello');
      await request(t, 'PATCH', `/api/staff/${floor.server.user.id}`, {
        cookie: floor.adminCookie,
        body: { name: 'Renamed Server' },
      });
      const changed = await owner.until(
        (e) => e.type === 'table.changed' && e.table.serverName === 'Renamed Server',
      );
      expect(changed).toBeDefined();
    } finally {
      owner.ws.close();
    }
  });
});

describe('the owner resets a PIN', () => {
  it('sets the new PIN, ends every session of the server and closes their console', async () => {
    const floor = await makeFloor(t);
    const console = await connectLive(base, floor.serverCookie);
    await console.next('hello');
    const res = await request(t, 'POST', `/api/staff/${floor.server.user.id}/pin`, {
      cookie: floor.adminCookie,
      body: { pin: '864209' },
    });
    expect(res.statusCode).toBe(204);
    await console.next('session.ended');
    await console.closed;
    expect(await whoIs(floor.serverCookie)).toBeNull();
    expect((await pinLogin(floor.server.loginId, floor.server.pin)).statusCode).toBe(401);
    pastTheBackOff();
    expect((await pinLogin(floor.server.loginId, '864209')).statusCode).toBe(200);
    // The owner's own session is not theirs to lose.
    expect(await whoIs(floor.adminCookie)).not.toBeNull();
  });

  it('refuses a PIN that breaks the rule, and a password member', async () => {
    const floor = await makeFloor(t);
    const bad = await request(t, 'POST', `/api/staff/${floor.server.user.id}/pin`, {
      cookie: floor.adminCookie,
      body: { pin: '12a4' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.pinRule);
    expect(await whoIs(floor.serverCookie)).not.toBeNull();
    const created = await request(t, 'POST', `/api/restaurants/${floor.restaurant.id}/staff`, {
      cookie: floor.adminCookie,
      body: {
        mode: 'password',
        name: 'Pat',
        email: `pat-${randomUUID().slice(0, 6)}@example.test`,
        password: 'Secret-pass1!',
      },
    });
    const pat = created.json().staffMember as { id: string };
    const res = await request(t, 'POST', `/api/staff/${pat.id}/pin`, {
      cookie: floor.adminCookie,
      body: { pin: '1357' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_pin_account');
  });
});

describe('a server changes their own PIN', () => {
  it('needs the current PIN; keeps this session, ends the others and their sockets', async () => {
    const floor = await makeFloor(t);
    const otherPhone = await signInServer(t, floor.server);
    const otherConsole = await connectLive(base, otherPhone);
    await otherConsole.next('hello');

    const wrong = await request(t, 'PUT', '/api/account/pin', {
      cookie: floor.serverCookie,
      body: { currentPin: '0000', pin: '2468' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({ code: 'invalid_pin', message: MSG.incorrectPin });
    expect(await whoIs(otherPhone)).not.toBeNull();
    // The wrong guess counts as a failed sign-in would: the next attempt must wait.
    const hurried = await request(t, 'PUT', '/api/account/pin', {
      cookie: floor.serverCookie,
      body: { currentPin: floor.server.pin, pin: '2468' },
    });
    expect(hurried.statusCode).toBe(429);
    // Past the back-off (1 s after one failure), the right PIN is taken.
    pastTheBackOff();
    const changed = await request(t, 'PUT', '/api/account/pin', {
      cookie: floor.serverCookie,
      body: { currentPin: floor.server.pin, pin: '2468' },
    });
    expect(changed.statusCode).toBe(204);
    await otherConsole.next('session.ended');
    expect(await whoIs(otherPhone)).toBeNull();
    expect(await whoIs(floor.serverCookie)).toMatchObject({ id: floor.server.user.id });
    expect((await pinLogin(floor.server.loginId, '2468')).statusCode).toBe(200);
  });

  it('refuses a new PIN that breaks the rule before checking anything', async () => {
    const floor = await makeFloor(t);
    const res = await request(t, 'PUT', '/api/account/pin', {
      cookie: floor.serverCookie,
      body: { currentPin: floor.server.pin, pin: '12' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.pinRule);
  });

  it('is refused to a password server (409) and to an admin (403)', async () => {
    const floor = await makeFloor(t);
    const email = `pw-${randomUUID().slice(0, 6)}@example.test`;
    const created = await request(t, 'POST', `/api/restaurants/${floor.restaurant.id}/staff`, {
      cookie: floor.adminCookie,
      body: { mode: 'password', name: 'Pw Server', email, password: 'Secret-pass1!' },
    });
    expect(created.statusCode).toBe(201);
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: Date.now() })
      .where(eq(users.id, created.json().staffMember.id as string));
    const login = await request(t, 'POST', '/api/auth/login', {
      body: { email, password: 'Secret-pass1!' },
      remoteAddress: nextStaffAddress(),
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await request(t, 'PUT', '/api/account/pin', {
      cookie,
      body: { currentPin: '1234', pin: '2468' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_pin_account');
    const admin = await request(t, 'PUT', '/api/account/pin', {
      cookie: floor.adminCookie,
      body: { currentPin: '1234', pin: '2468' },
    });
    expect(admin.statusCode).toBe(403);
  });
});

describe('deactivating and reactivating', () => {
  it('releases their tables, keeps their history, ends their sessions and sockets, refuses sign-in', async () => {
    const floor = await makeFloor(t);
    const serverId = floor.server.user.id;
    expect(
      (
        await request(t, 'POST', `/api/tables/${floor.table.id}/assign`, {
          cookie: floor.serverCookie,
        })
      ).statusCode,
    ).toBe(200);
    const requestId = randomUUID();
    const now = Date.now();
    await t.database.db.insert(requests).values({
      id: requestId,
      restaurantId: floor.restaurant.id,
      tableId: floor.table.id,
      serverId,
      type: 'bill',
      status: 'completed',
      resolvedAt: now,
      resolvedBy: serverId,
      createdAt: now - 60_000,
      updatedAt: now,
    });
    const console = await connectLive(base, floor.serverCookie);
    await console.next('hello');

    const res = await request(t, 'POST', `/api/staff/${serverId}/deactivate`, {
      cookie: floor.adminCookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().staffMember).toMatchObject({ id: serverId, tablesAssigned: 0 });
    expect(res.json().staffMember.deactivatedAt).toEqual(expect.any(Number));
    await console.next('session.ended');
    await console.closed;

    const [table] = await t.database.db.select().from(tables).where(eq(tables.id, floor.table.id));
    expect(table!.serverId).toBeNull();
    const [kept] = await t.database.db.select().from(requests).where(eq(requests.id, requestId));
    expect(kept).toMatchObject({ serverId, resolvedBy: serverId });
    expect(await whoIs(floor.serverCookie)).toBeNull();

    const refused = await pinLogin(floor.server.loginId, floor.server.pin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'account_deactivated',
      message: MSG.accountDeactivated,
    });
    // A wrong PIN says nothing about the account's state.
    expect((await pinLogin(floor.server.loginId, '9999')).statusCode).toBe(401);
    const listed = await staffList(floor.restaurant.id, floor.adminCookie);
    expect(listed.staff.find((s) => s.id === serverId)?.deactivatedAt).toEqual(expect.any(Number));

    // A session that outlived the deactivation (written behind the app's back) still resolves to no one.
    await t.database.db.insert(sessions).values({
      id: sessionIdOf('stale-token-of-a-deactivated-server-0000000000'),
      userId: serverId,
      kind: 'pin',
      createdAt: now,
      expiresAt: now + 3_600_000,
    });
    expect(await whoIs('ts_session=stale-token-of-a-deactivated-server-0000000000')).toBeNull();

    const back = await request(t, 'POST', `/api/staff/${serverId}/reactivate`, {
      cookie: floor.adminCookie,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().staffMember.deactivatedAt).toBeNull();
    pastTheBackOff();
    expect((await pinLogin(floor.server.loginId, floor.server.pin)).statusCode).toBe(200);
  });

  it('refuses a password member’s sign-in only after the right password', async () => {
    const floor = await makeFloor(t);
    const email = `dz-${randomUUID().slice(0, 6)}@example.test`;
    const created = await request(t, 'POST', `/api/restaurants/${floor.restaurant.id}/staff`, {
      cookie: floor.adminCookie,
      body: { mode: 'password', name: 'Dee', email, password: 'Secret-pass1!' },
    });
    const id = created.json().staffMember.id as string;
    await request(t, 'POST', `/api/staff/${id}/deactivate`, { cookie: floor.adminCookie });
    const wrong = await request(t, 'POST', '/api/auth/login', {
      body: { email, password: 'Wrong-pass1!' },
      remoteAddress: nextStaffAddress(),
    });
    expect(wrong.statusCode).toBe(401);
    pastTheBackOff();
    const right = await request(t, 'POST', '/api/auth/login', {
      body: { email, password: 'Secret-pass1!' },
      remoteAddress: nextStaffAddress(),
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().error.code).toBe('account_deactivated');
    // No reset mail for a deactivated member.
    const mail = await request(t, 'POST', `/api/staff/${id}/password-reset`, {
      cookie: floor.adminCookie,
    });
    expect(mail.statusCode).toBe(409);
    expect(mail.json().error.code).toBe('staff_deactivated');
  });
});

describe('only the owner, only their own staff', () => {
  it('answers another owner 404 and a server 403 on every staff action, changing nothing', async () => {
    const victim = await makeFloor(t);
    const attacker = await makeFloor(t);
    const id = victim.server.user.id;
    const calls = [
      ['PATCH', `/api/staff/${id}`, { name: 'Mole' }],
      ['POST', `/api/staff/${id}/pin`, { pin: '1111' }],
      ['POST', `/api/staff/${id}/password-reset`, undefined],
      ['POST', `/api/staff/${id}/deactivate`, undefined],
      ['POST', `/api/staff/${id}/reactivate`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      const other = await request(t, method, url, { cookie: attacker.adminCookie, body });
      expect(other.statusCode, `${method} ${url}`).toBe(404);
      expect(other.json().error.code).toBe('staff_not_found');
      const server = await request(t, method, url, { cookie: victim.serverCookie, body });
      expect(server.statusCode, `${method} ${url}`).toBe(403);
    }
    // An admin is not a staff member of their own restaurant either.
    const self = await request(t, 'POST', `/api/staff/${victim.admin.user.id}/deactivate`, {
      cookie: victim.adminCookie,
    });
    expect(self.statusCode).toBe(404);
    expect(await whoIs(victim.serverCookie)).toMatchObject({ id, name: victim.server.user.name });
    expect((await pinLogin(victim.server.loginId, victim.server.pin)).statusCode).toBe(200);
  });
});
