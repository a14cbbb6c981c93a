/** Staff Members (SPEC §2 /admin/staff, §5 Add server, §8 Add server) and the login-ID check. */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { requests, sessions, tables, users } from '../../db/schema';
import { MSG } from '@shared/messages';
import { loginIdCandidates } from '@shared/names';
import { staffMemberSchema } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeAdmin,
  makeFloor,
  makeRestaurant,
  makeServer,
  makeTable,
  PASSWORD,
  signInServer,
} from '../../../../tests/support/factories';
import { createPinServer } from '../users/users.service';
import { StaffService } from './staff.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** A fresh login-ID base, so tests never share candidates (login IDs are unique across restaurants). */
const freshId = () => 'm' + randomBytes(4).toString('hex');
const addStaff = (restaurantId: string, cookie: string, body: unknown) =>
  request(t, 'POST', `/api/restaurants/${restaurantId}/staff`, { cookie, body });
const availability = (loginId: string, cookie: string) =>
  request(t, 'GET', `/api/login-ids/${encodeURIComponent(loginId)}/availability`, { cookie });
const userRow = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
/** Takes login IDs directly in the database (in a restaurant of their own). */
async function takeLoginIds(ids: string[]) {
  const restaurant = await makeRestaurant(t);
  for (const loginId of ids) {
    await createPinServer(t.database.db, {
      restaurantId: restaurant.id,
      name: loginId,
      loginId,
      pin: '1234',
    });
  }
}

describe('GET /api/restaurants/:id/staff', () => {
  it('lists the restaurant’s servers, oldest first, and nobody else', async () => {
    const { restaurant, server, adminCookie } = await makeFloor(t);
    const second = await makeServer(t, restaurant.id);
    await makeServer(t, (await makeRestaurant(t)).id);
    const res = await request(t, 'GET', `/api/restaurants/${restaurant.id}/staff`, {
      cookie: adminCookie,
    });
    expect(res.statusCode).toBe(200);
    const staff = staffMemberSchema.array().parse(res.json().staff);
    expect(staff.map((s) => s.id)).toEqual([server.user.id, second.user.id]);
    expect(staff[0]).toEqual({
      id: server.user.id,
      name: server.user.name,
      email: null,
      loginId: server.loginId,
      authMethod: 'pin',
      createdAt: server.user.createdAt,
      tablesAssigned: 0,
      lastSignInAt: expect.any(Number) as number,
      language: null,
      deactivatedAt: null,
    });
    // The second server never signed in.
    expect(staff[1]).toMatchObject({ tablesAssigned: 0, lastSignInAt: null });
  });

  it('counts each server’s assigned tables and shows when they last signed in (issue 13)', async () => {
    const { restaurant, server, table, adminCookie } = await makeFloor(t);
    const other = await makeTable(t, restaurant.id, '9');
    await t.database.db
      .update(tables)
      .set({ serverId: server.user.id })
      .where(inArray(tables.id, [table.id, other.id]));
    const before = Date.now();
    await signInServer(t, server);
    const res = await request(t, 'GET', `/api/restaurants/${restaurant.id}/staff`, {
      cookie: adminCookie,
    });
    const [member] = staffMemberSchema.array().parse(res.json().staff);
    expect(member!.tablesAssigned).toBe(2);
    expect(member!.lastSignInAt).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('POST /api/restaurants/:id/staff, PIN mode', () => {
  it('adds a server who can then sign in with the login ID and PIN', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const loginId = freshId();
    const res = await addStaff(restaurant.id, adminCookie, {
      mode: 'pin',
      name: ' Maria Lopez ',
      loginId: ` ${loginId.toUpperCase()} `,
      pin: '482913',
    });
    expect(res.statusCode).toBe(201);
    const member = staffMemberSchema.parse(res.json().staffMember);
    expect(member).toMatchObject({ name: 'Maria Lopez', loginId, email: null, authMethod: 'pin' });
    expect(await userRow(member.id)).toMatchObject({ role: 'server', restaurantId: restaurant.id });
    const cookie = await signInServer(t, { loginId, pin: '482913' });
    const tablesRes = await request(t, 'GET', `/api/restaurants/${restaurant.id}/tables`, {
      cookie,
    });
    expect(tablesRes.statusCode).toBe(200);
  });

  it('applies the SPEC §5 rules with their messages', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ loginId: 'ab' }, MSG.loginIdMin],
      [{ loginId: '  ab  ' }, MSG.loginIdMin],
      [{ pin: '123' }, MSG.pinRule],
      [{ pin: '1234567' }, MSG.pinRule],
      [{ pin: '12a4' }, MSG.pinRule],
      [{ pin: '' }, MSG.pinRule],
      [{ loginId: 'has space' }, MSG.loginIdCharacters],
    ];
    for (const [override, message] of cases) {
      const body = { mode: 'pin', name: 'Sam', loginId: freshId(), pin: '1234', ...override };
      const res = await addStaff(restaurant.id, adminCookie, body);
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().error.message, JSON.stringify(override)).toBe(message);
    }
    const blank = await addStaff(restaurant.id, adminCookie, {
      mode: 'pin',
      name: ' ',
      loginId: freshId(),
      pin: '1234',
    });
    expect(blank.statusCode).toBe(400);
    const unknownField = await addStaff(restaurant.id, adminCookie, {
      mode: 'pin',
      name: 'Sam',
      loginId: freshId(),
      pin: '1234',
      role: 'admin',
    });
    expect(unknownField.statusCode).toBe(400);
    const listed = await request(t, 'GET', `/api/restaurants/${restaurant.id}/staff`, {
      cookie: adminCookie,
    });
    expect(listed.json().staff).toHaveLength(1);
  });

  it('answers a taken login ID with 409, the SPEC message and 3 free suggestions', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const base = freshId();
    const [, second] = loginIdCandidates(base);
    await takeLoginIds([base, second!]);
    const res = await addStaff(restaurant.id, adminCookie, {
      mode: 'pin',
      name: 'Sam',
      loginId: base.toUpperCase(),
      pin: '1234',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'login_id_taken',
      message: MSG.loginIdTaken,
      messageId: 'loginIdTaken',
      suggestions: [`${base}2`, `${base}4`, `${base}5`],
    });
  });

  it("says it couldn't find any when all 10 candidates are taken", async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const base = freshId();
    const candidates = loginIdCandidates(base);
    expect(candidates).toHaveLength(10);
    await takeLoginIds([base, ...candidates]);
    const res = await addStaff(restaurant.id, adminCookie, {
      mode: 'pin',
      name: 'Sam',
      loginId: base,
      pin: '1234',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'login_id_taken',
      message: MSG.noLoginIdSuggestions,
      messageId: 'noLoginIdSuggestions',
      suggestions: [],
    });
  });
});

describe('POST /api/restaurants/:id/staff, password mode', () => {
  const email = () => `staff-${randomBytes(4).toString('hex')}@example.test`;

  it('adds an unverified password server to the restaurant', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const address = email();
    const res = await addStaff(restaurant.id, adminCookie, {
      mode: 'password',
      name: 'Pat',
      email: ` ${address.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    const member = staffMemberSchema.parse(res.json().staffMember);
    expect(member).toMatchObject({
      name: 'Pat',
      email: address,
      loginId: null,
      authMethod: 'password',
    });
    expect(await userRow(member.id)).toMatchObject({
      role: 'server',
      restaurantId: restaurant.id,
      emailVerifiedAt: null,
    });
  });

  it('applies the SPEC §5 rules with their messages, and refuses an email in use', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: '' }, MSG.emailRequired],
      [{ email: '   ' }, MSG.emailRequired],
      [{ password: 'short1!' }, MSG.passwordRule],
      [{ password: 'nodigits!!' }, MSG.passwordRule],
      [{ password: 'nospecial1' }, MSG.passwordRule],
      [{ password: '12345678!' }, MSG.passwordRule],
    ];
    for (const [override, message] of cases) {
      const body = {
        mode: 'password',
        name: 'Pat',
        email: email(),
        password: PASSWORD,
        ...override,
      };
      const res = await addStaff(restaurant.id, adminCookie, body);
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().error.message, JSON.stringify(override)).toBe(message);
    }
    const address = email();
    const body = { mode: 'password', name: 'Pat', email: address, password: PASSWORD };
    expect((await addStaff(restaurant.id, adminCookie, body)).statusCode).toBe(201);
    const again = await addStaff(restaurant.id, adminCookie, {
      ...body,
      email: address.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'email_in_use', message: MSG.emailInUse });
  });

  it('does not reveal whether an address belongs to another tenant (issue 25, decision 058)', async () => {
    const mine = await makeFloor(t);
    const other = await makeFloor(t);
    // A password server of the other tenant, and the other tenant's admin: both hold an address elsewhere.
    const theirs = await addStaff(other.restaurant.id, other.adminCookie, {
      mode: 'password',
      name: 'Theirs',
      email: email(),
      password: PASSWORD,
    });
    expect(theirs.statusCode).toBe(201);
    const add = (address: string) =>
      addStaff(mine.restaurant.id, mine.adminCookie, {
        mode: 'password',
        name: 'Pat',
        email: address,
        password: PASSWORD,
      });
    const fresh = await add(email());
    const probes = [await add(theirs.json().staffMember.email), await add(other.admin.email)];
    for (const probe of probes) {
      // The same status and the same shape as a new address: the admin learns nothing about other tenants.
      expect(probe.statusCode).toBe(fresh.statusCode);
      const member = staffMemberSchema.parse(probe.json().staffMember);
      expect(Object.keys(member).sort()).toEqual(Object.keys(fresh.json().staffMember).sort());
      expect(member).toMatchObject({ authMethod: 'password', tablesAssigned: 0 });
    }
    expect(probes[0]!.json().staffMember.email).toBe(theirs.json().staffMember.email);
    const listed = await request(t, 'GET', `/api/restaurants/${mine.restaurant.id}/staff`, {
      cookie: mine.adminCookie,
    });
    expect(listed.json().staff.map((m: { email: string | null }) => m.email)).toContain(
      other.admin.email,
    );
    // The other accounts are untouched and still sign in; the claimed address signs nobody into my restaurant.
    const signIn = await request(t, 'POST', '/api/auth/login', {
      body: { email: other.admin.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.id).toBe(other.admin.user.id);
  });

  it("still says 'This email is already registered' for an address the admin can already see", async () => {
    const { restaurant, admin, adminCookie } = await makeFloor(t);
    const second = await makeRestaurant(t, admin.user.id);
    const body = { mode: 'password', name: 'Pat', password: PASSWORD };
    const taken = email();
    expect((await addStaff(second.id, adminCookie, { ...body, email: taken })).statusCode).toBe(
      201,
    );
    // Their own address, and a member of another restaurant of theirs.
    for (const address of [admin.email, taken]) {
      const res = await addStaff(restaurant.id, adminCookie, { ...body, email: address });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'email_in_use', message: MSG.emailInUse });
    }
    // A claimed address (another tenant's) added once is, from then on, one the admin can see too.
    const elsewhere = await makeAdmin(t);
    expect(
      (await addStaff(restaurant.id, adminCookie, { ...body, email: elsewhere.email })).statusCode,
    ).toBe(201);
    const again = await addStaff(second.id, adminCookie, { ...body, email: elsewhere.email });
    expect(again.statusCode).toBe(409);
  });

  it('calls the onPasswordStaffCreated hook, and a failing hook does not undo the creation', async () => {
    const { restaurant, admin } = await makeFloor(t);
    const session = {
      id: admin.user.id,
      role: 'admin' as const,
      name: admin.user.name,
      restaurantId: null,
    };
    const hook = vi.fn().mockRejectedValue(new Error('mail down'));
    const service = new StaffService({
      db: t.database.db,
      log: t.app.log,
      accounts: t.services.account,
      passwordReset: t.services.passwordReset,
      publishTables: () => Promise.resolve(),
      onPasswordStaffCreated: hook,
    });
    const member = await service.create(session, restaurant.id, {
      mode: 'password',
      name: 'Pat',
      email: email(),
      password: PASSWORD,
    });
    expect(hook).toHaveBeenCalledOnce();
    expect(hook.mock.calls[0]![0]).toMatchObject({
      user: { id: member.id },
      restaurantId: restaurant.id,
    });
    expect(await userRow(member.id)).toBeDefined();
    await service.create(session, restaurant.id, {
      mode: 'pin',
      name: 'P',
      loginId: freshId(),
      pin: '1234',
    });
    expect(hook).toHaveBeenCalledOnce();
  });
});

describe('DELETE /api/staff/:id', () => {
  it('unassigns their tables, ends their sessions at once and removes the account', async () => {
    const { restaurant, table, server, serverCookie, adminCookie } = await makeFloor(t);
    const other = await makeTable(t, restaurant.id, '8');
    for (const id of [table.id, other.id]) {
      expect(
        (await request(t, 'POST', `/api/tables/${id}/assign`, { cookie: serverCookie })).statusCode,
      ).toBe(200);
    }
    const now = Date.now();
    const requestId = randomUUID();
    await t.database.db.insert(requests).values({
      id: requestId,
      restaurantId: restaurant.id,
      tableId: table.id,
      serverId: server.user.id,
      type: 'bill',
      createdAt: now,
      updatedAt: now,
    });
    const ended = vi.spyOn(t.services.live, 'userEnded');
    const changed = vi.spyOn(t.services.live, 'tableChanged');

    const res = await request(t, 'DELETE', `/api/staff/${server.user.id}`, { cookie: adminCookie });
    expect(res.statusCode).toBe(204);
    expect(await userRow(server.user.id)).toBeUndefined();
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, server.user.id)),
    ).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(tables)
      .where(eq(tables.restaurantId, restaurant.id));
    expect(rows.map((r) => r.serverId)).toEqual([null, null]);
    expect(ended).toHaveBeenCalledWith(server.user.id);
    expect(changed.mock.calls.map((c) => c[0].id).sort()).toEqual([table.id, other.id].sort());
    expect(changed.mock.calls.every((c) => c[0].serverId === null)).toBe(true);
    // The request stays, no longer tied to the deleted server.
    const [request_] = await t.database.db
      .select()
      .from(requests)
      .where(eq(requests.id, requestId));
    expect(request_?.serverId).toBeNull();
    // Their cookie is dead.
    const after = await request(t, 'GET', `/api/restaurants/${restaurant.id}/tables`, {
      cookie: serverCookie,
    });
    expect(after.statusCode).toBe(401);
    const listed = await request(t, 'GET', `/api/restaurants/${restaurant.id}/staff`, {
      cookie: adminCookie,
    });
    expect(listed.json().staff).toEqual([]);
  });

  it('answers 404 for another owner’s server, an admin, and an unknown id, deleting nothing', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    for (const id of [a.server.user.id, b.admin.user.id, a.admin.user.id, 'no-such-user']) {
      const res = await request(t, 'DELETE', `/api/staff/${id}`, { cookie: b.adminCookie });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe(MSG.staffNotFound);
    }
    expect(await userRow(a.server.user.id)).toBeDefined();
    expect(await userRow(a.admin.user.id)).toBeDefined();
    expect(await userRow(b.admin.user.id)).toBeDefined();
    const stillIn = await request(t, 'GET', `/api/restaurants/${a.restaurant.id}/tables`, {
      cookie: a.serverCookie,
    });
    expect(stillIn.statusCode).toBe(200);
  });
});

describe('GET /api/login-ids/:loginId/availability', () => {
  it('says a free ID is available, without suggestions', async () => {
    const { adminCookie } = await makeFloor(t);
    const res = await availability(freshId(), adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: true, suggestions: [] });
  });

  it('says a taken ID (in any case, any restaurant) is taken and offers the first 3 free candidates', async () => {
    const { adminCookie } = await makeFloor(t);
    const base = freshId();
    const candidates = loginIdCandidates(base);
    await takeLoginIds([base, candidates[0]!, candidates[2]!]);
    const res = await availability(base.toUpperCase(), adminCookie);
    expect(res.json()).toEqual({
      available: false,
      suggestions: [candidates[1], candidates[3], candidates[4]],
    });
  });

  it('offers no suggestion when all 10 candidates are taken', async () => {
    const { adminCookie } = await makeFloor(t);
    const base = freshId();
    await takeLoginIds([base, ...loginIdCandidates(base)]);
    expect((await availability(base, adminCookie)).json()).toEqual({
      available: false,
      suggestions: [],
    });
  });

  it('refuses an ID that could never be created, with the same message as Add Staff', async () => {
    const { adminCookie } = await makeFloor(t);
    const short = await availability('ab', adminCookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(MSG.loginIdMin);
    const spaced = await availability('a b c', adminCookie);
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().error.message).toBe(MSG.loginIdCharacters);
  });

  it('is for admins only', async () => {
    const { serverCookie } = await makeFloor(t);
    expect((await availability(freshId(), serverCookie)).statusCode).toBe(403);
    expect((await request(t, 'GET', `/api/login-ids/${freshId()}/availability`)).statusCode).toBe(
      401,
    );
  });
});
