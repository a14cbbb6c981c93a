import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tables } from '../../db/schema';
import { MSG } from '@shared/messages';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeServer,
  makeTable,
  signInServer,
} from '../../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const serverIdOf = async (id: string) =>
  (await t.database.db.select().from(tables).where(eq(tables.id, id)))[0]!.serverId;

describe('assign / unassign (SPEC §4, §5)', () => {
  it('lets a server assign and unassign themselves', async () => {
    const { table, server, serverCookie } = await makeFloor(t);
    const res = await request(t, 'POST', `/api/tables/${table.id}/assign`, {
      cookie: serverCookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().table).toMatchObject({
      serverId: server.user.id,
      serverName: server.user.name,
    });
    expect(await serverIdOf(table.id)).toBe(server.user.id);
    const un = await request(t, 'POST', `/api/tables/${table.id}/unassign`, {
      cookie: serverCookie,
    });
    expect(un.statusCode).toBe(200);
    expect(await serverIdOf(table.id)).toBeNull();
  });

  it('is for role server only', async () => {
    const { table, adminCookie } = await makeFloor(t);
    expect(
      (await request(t, 'POST', `/api/tables/${table.id}/assign`, { cookie: adminCookie }))
        .statusCode,
    ).toBe(403);
    expect((await request(t, 'POST', `/api/tables/${table.id}/assign`)).statusCode).toBe(401);
    expect(await serverIdOf(table.id)).toBeNull();
  });

  it('works only in the server’s own restaurant (404 elsewhere, nothing changed)', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    expect(
      (await request(t, 'POST', `/api/tables/${a.table.id}/assign`, { cookie: b.serverCookie }))
        .statusCode,
    ).toBe(404);
    expect(await serverIdOf(a.table.id)).toBeNull();
    await request(t, 'POST', `/api/tables/${a.table.id}/assign`, { cookie: a.serverCookie });
    expect(
      (await request(t, 'POST', `/api/tables/${a.table.id}/unassign`, { cookie: b.serverCookie }))
        .statusCode,
    ).toBe(404);
    expect(await serverIdOf(a.table.id)).toBe(a.server.user.id);
  });

  it('does not let a server take or release a colleague’s table', async () => {
    const { restaurant, table, server, serverCookie } = await makeFloor(t);
    const colleague = await makeServer(t, restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    await request(t, 'POST', `/api/tables/${table.id}/assign`, { cookie: serverCookie });
    const take = await request(t, 'POST', `/api/tables/${table.id}/assign`, {
      cookie: colleagueCookie,
    });
    expect(take.statusCode).toBe(409);
    expect(take.json().error.message).toBe(MSG.tableAssignedToOther);
    expect(
      (await request(t, 'POST', `/api/tables/${table.id}/unassign`, { cookie: colleagueCookie }))
        .statusCode,
    ).toBe(403);
    expect(await serverIdOf(table.id)).toBe(server.user.id);
  });

  it('lists own and unassigned tables to a server, all tables to the owner', async () => {
    const { restaurant, serverCookie, adminCookie } = await makeFloor(t);
    const colleague = await makeServer(t, restaurant.id);
    const colleagueCookie = await signInServer(t, colleague);
    const taken = await makeTable(t, restaurant.id, '20');
    await request(t, 'POST', `/api/tables/${taken.id}/assign`, { cookie: colleagueCookie });
    const forServer = (
      await request(t, 'GET', `/api/restaurants/${restaurant.id}/tables`, { cookie: serverCookie })
    ).json();
    expect(forServer.tables.map((x: { number: string }) => x.number)).toEqual(['3']);
    const forAdmin = (
      await request(t, 'GET', `/api/restaurants/${restaurant.id}/tables`, { cookie: adminCookie })
    ).json();
    expect(forAdmin.tables.map((x: { number: string }) => x.number)).toEqual(['3', '20']);
    expect(forAdmin.tables[0].qrCode).toBe(
      `http://localhost:3000/table/${restaurant.id}/${forAdmin.tables[0].id}`,
    );
  });
});
