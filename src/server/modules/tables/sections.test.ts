/**
 * Sections and the owner's assignment (issue 27 item 2, decision 077): every transition and refusal, the routing of a
 * call (the table's server, else its section's servers, else everyone) and what each server then sees.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sectionServers, sections, tableAssignments, tables } from '../../db/schema';
import { MSG } from '@shared/messages';
import { sectionSchema, tableSchema, type Section, type Table } from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeServer,
  makeTable,
  signInServer,
} from '../../../../tests/support/factories';
import { subscriptionsForTargets } from '../push/push.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ push: { drainIntervalMs: 0, allowEndpoint: () => true } });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** A fake browser subscription: a real P-256 key, an endpoint nobody listens on. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://127.0.0.1:9/push/${randomBytes(12).toString('hex')}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

type Floor = Awaited<ReturnType<typeof makeFloor>>;

async function addSection(f: Floor, name: string): Promise<Section> {
  const res = await request(t, 'POST', `/api/restaurants/${f.restaurant.id}/sections`, {
    cookie: f.adminCookie,
    body: { name },
  });
  expect(res.statusCode).toBe(201);
  return sectionSchema.parse(res.json().section);
}
const group = (f: Floor, tableIds: string[], sectionId: string | null, cookie = f.adminCookie) =>
  request(t, 'POST', `/api/restaurants/${f.restaurant.id}/tables/section`, {
    cookie,
    body: { tableIds, sectionId },
  });
const staffSection = (f: Floor, sectionId: string, serverIds: string[], cookie = f.adminCookie) =>
  request(t, 'PUT', `/api/sections/${sectionId}/servers`, { cookie, body: { serverIds } });
const giveTable = (f: Floor, tableId: string, serverId: string | null, cookie = f.adminCookie) =>
  request(t, 'PUT', `/api/tables/${tableId}/server`, { cookie, body: { serverId } });
const press = (f: Floor, tableId: string) =>
  request(t, 'POST', `/api/public/restaurants/${f.restaurant.id}/tables/${tableId}/requests`, {
    body: { type: 'order' },
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
async function openTablesOf(f: Floor, cookie: string): Promise<string[]> {
  const res = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/requests`, { cookie });
  expect(res.statusCode).toBe(200);
  return (res.json().pending as { tableId: string }[]).map((r) => r.tableId);
}
async function tablesSeenBy(f: Floor, cookie: string): Promise<Table[]> {
  const res = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/tables`, { cookie });
  expect(res.statusCode).toBe(200);
  return (res.json().tables as unknown[]).map((x) => tableSchema.parse(x));
}
const sectionRows = (restaurantId: string) =>
  t.database.db.select().from(sections).where(eq(sections.restaurantId, restaurantId));
const sectionOf = async (tableId: string) =>
  (await t.database.db.select().from(tables).where(eq(tables.id, tableId)))[0]?.sectionId;

describe('sections: create, rename, delete (the owner only)', () => {
  it('adds, lists in natural order, renames and deletes; its tables stay, in no section', async () => {
    const f = await makeFloor(t);
    const s10 = await addSection(f, '  Hall 10 ');
    expect(s10).toMatchObject({
      name: 'Hall 10',
      restaurantId: f.restaurant.id,
      servers: [],
      tableIds: [],
    });
    await addSection(f, 'Hall 2');
    const list = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/sections`, {
      cookie: f.adminCookie,
    });
    expect(list.json().sections.map((s: Section) => s.name)).toEqual(['Hall 2', 'Hall 10']);

    expect((await group(f, [f.table.id], s10.id)).statusCode).toBe(200);
    const changed = vi.spyOn(t.services.live, 'tableChanged');
    const renamed = await request(t, 'PATCH', `/api/sections/${s10.id}`, {
      cookie: f.adminCookie,
      body: { name: 'Terrace' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().section).toMatchObject({ name: 'Terrace', tableIds: [f.table.id] });
    // Consoles showing its table show the new name.
    expect(changed).toHaveBeenCalledWith(
      expect.objectContaining({ id: f.table.id, sectionName: 'Terrace' }),
    );

    const del = await request(t, 'DELETE', `/api/sections/${s10.id}`, { cookie: f.adminCookie });
    expect(del.statusCode).toBe(204);
    expect(await sectionOf(f.table.id)).toBeNull();
    expect((await sectionRows(f.restaurant.id)).map((s) => s.name)).toEqual(['Hall 2']);
  });

  it('refuses a blank name (400) and a taken one, whatever its case (409), changing nothing', async () => {
    const f = await makeFloor(t);
    const bar = await addSection(f, 'Bar');
    for (const name of ['', '   ']) {
      const res = await request(t, 'POST', `/api/restaurants/${f.restaurant.id}/sections`, {
        cookie: f.adminCookie,
        body: { name },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MSG.sectionNameRequired);
    }
    const dup = await request(t, 'POST', `/api/restaurants/${f.restaurant.id}/sections`, {
      cookie: f.adminCookie,
      body: { name: 'bar' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('section_name_exists');
    const hall = await addSection(f, 'Hall');
    const rename = await request(t, 'PATCH', `/api/sections/${hall.id}`, {
      cookie: f.adminCookie,
      body: { name: 'BAR' },
    });
    expect(rename.statusCode).toBe(409);
    expect((await sectionRows(f.restaurant.id)).map((s) => s.name).sort()).toEqual(['Bar', 'Hall']);
    // The same name in another restaurant is fine.
    const other = await makeFloor(t);
    expect((await addSection(other, 'Bar')).name).toBe('Bar');
    expect(bar.id).not.toBe('');
  });

  it('two concurrent adds of one name make exactly one section', async () => {
    const f = await makeFloor(t);
    const results = await Promise.all(
      ['Patio', 'patio'].map((name) =>
        request(t, 'POST', `/api/restaurants/${f.restaurant.id}/sections`, {
          cookie: f.adminCookie,
          body: { name },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await sectionRows(f.restaurant.id)).toHaveLength(1);
  });

  it('cross-tenant: another owner cannot see, rename, delete or staff a section; a server cannot either', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const section = await addSection(a, 'Terrace');
    for (const cookie of [b.adminCookie]) {
      expect(
        (await request(t, 'PATCH', `/api/sections/${section.id}`, { cookie, body: { name: 'X' } }))
          .statusCode,
      ).toBe(404);
      expect(
        (await request(t, 'DELETE', `/api/sections/${section.id}`, { cookie })).statusCode,
      ).toBe(404);
      expect((await staffSection(a, section.id, [b.server.user.id], cookie)).statusCode).toBe(404);
      expect(
        (await request(t, 'GET', `/api/restaurants/${a.restaurant.id}/sections`, { cookie }))
          .statusCode,
      ).toBe(404);
    }
    expect((await staffSection(a, section.id, [a.server.user.id], a.serverCookie)).statusCode).toBe(
      403,
    );
    expect((await group(a, [a.table.id], section.id, a.serverCookie)).statusCode).toBe(403);
    // B's owner cannot put B's table in A's section, nor A's table in B's section.
    const bSection = await addSection(b, 'Bar');
    const r1 = await group(b, [b.table.id], section.id);
    expect(r1.statusCode).toBe(404);
    expect(r1.json().error.code).toBe('section_not_found');
    const r2 = await group(b, [a.table.id], bSection.id);
    expect(r2.statusCode).toBe(404);
    expect(r2.json().error.code).toBe('table_not_found');
    expect(await sectionOf(a.table.id)).toBeNull();
    expect(await sectionOf(b.table.id)).toBeNull();
    const [row] = await sectionRows(a.restaurant.id);
    expect(row).toMatchObject({ name: 'Terrace' });
  });
});

describe('grouping tables and staffing sections', () => {
  it('moves tables between sections all together, or none when one is not the restaurant’s', async () => {
    const f = await makeFloor(t);
    const other = await makeFloor(t);
    const terrace = await addSection(f, 'Terrace');
    const t1 = await makeTable(t, f.restaurant.id, 'Terrace 1');
    const t2 = await makeTable(t, f.restaurant.id, 'Terrace 2');
    const refused = await group(f, [t1.id, other.table.id], terrace.id);
    expect(refused.statusCode).toBe(404);
    expect(await sectionOf(t1.id)).toBeNull();
    const ok = await group(f, [t2.id, t1.id], terrace.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().tables.map((x: Table) => [x.number, x.sectionName])).toEqual([
      ['Terrace 1', 'Terrace'],
      ['Terrace 2', 'Terrace'],
    ]);
    // A table is in at most one section: moving it takes it out of the first.
    const bar = await addSection(f, 'Bar');
    expect((await group(f, [t1.id], bar.id)).statusCode).toBe(200);
    const list = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/sections`, {
      cookie: f.adminCookie,
    });
    const byName = Object.fromEntries(
      list.json().sections.map((s: Section) => [s.name, s.tableIds]),
    );
    expect(byName).toEqual({ Bar: [t1.id], Terrace: [t2.id] });
    expect((await group(f, [t1.id], null)).statusCode).toBe(200);
    expect(await sectionOf(t1.id)).toBeNull();
  });

  it('staffs a section with its own servers only: another restaurant’s server, an admin, a deactivated one are refused', async () => {
    const f = await makeFloor(t);
    const other = await makeFloor(t);
    const section = await addSection(f, 'Hall');
    const colleague = await makeServer(t, f.restaurant.id);
    const ok = await staffSection(f, section.id, [f.server.user.id, colleague.user.id]);
    expect(ok.statusCode).toBe(200);
    expect(
      ok
        .json()
        .section.servers.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([f.server.user.id, colleague.user.id].sort());
    for (const id of [other.server.user.id, f.admin.user.id, 'nobody']) {
      const res = await staffSection(f, section.id, [f.server.user.id, id]);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('staff_not_found');
    }
    const deactivated = await request(t, 'POST', `/api/staff/${colleague.user.id}/deactivate`, {
      cookie: f.adminCookie,
    });
    expect(deactivated.statusCode).toBe(200);
    // Deactivating took them off the section.
    const left = await t.database.db
      .select()
      .from(sectionServers)
      .where(eq(sectionServers.sectionId, section.id));
    expect(left.map((r) => r.serverId)).toEqual([f.server.user.id]);
    const refused = await staffSection(f, section.id, [colleague.user.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('staff_deactivated');
    // Nothing changed by the refusals.
    expect(
      (
        await t.database.db
          .select()
          .from(sectionServers)
          .where(eq(sectionServers.sectionId, section.id))
      ).map((r) => r.serverId),
    ).toEqual([f.server.user.id]);
    expect((await staffSection(f, section.id, [])).json().section.servers).toEqual([]);
  });
});

describe('the owner assigns a table', () => {
  it('gives a table to a server, takes it from one to another, and releases it; each change is in the history', async () => {
    const f = await makeFloor(t);
    const colleague = await makeServer(t, f.restaurant.id);
    const first = await giveTable(f, f.table.id, f.server.user.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().table).toMatchObject({ serverId: f.server.user.id });
    const moved = await giveTable(f, f.table.id, colleague.user.id);
    expect(moved.json().table).toMatchObject({ serverId: colleague.user.id });
    const released = await giveTable(f, f.table.id, null);
    expect(released.json().table).toMatchObject({ serverId: null });
    const lines = await t.database.db
      .select()
      .from(tableAssignments)
      .where(and(eq(tableAssignments.tableId, f.table.id)))
      .orderBy(tableAssignments.at, tableAssignments.kind);
    expect(lines.map((l) => [l.kind, l.serverId, l.byUserId])).toEqual(
      expect.arrayContaining([
        ['assigned', f.server.user.id, f.admin.user.id],
        ['unassigned', f.server.user.id, f.admin.user.id],
        ['assigned', colleague.user.id, f.admin.user.id],
        ['unassigned', colleague.user.id, f.admin.user.id],
      ]),
    );
    expect(lines).toHaveLength(4);
    // Self-assignment stays.
    const took = await request(t, 'POST', `/api/tables/${f.table.id}/assign`, {
      cookie: f.serverCookie,
    });
    expect(took.statusCode).toBe(200);
  });

  it('refuses another restaurant’s server (404) and another owner (404); a server may not assign others (403)', async () => {
    const a = await makeFloor(t);
    const b = await makeFloor(t);
    const foreign = await giveTable(a, a.table.id, b.server.user.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('staff_not_found');
    expect((await giveTable(a, a.table.id, b.server.user.id, b.adminCookie)).statusCode).toBe(404);
    expect((await giveTable(a, a.table.id, a.server.user.id, a.serverCookie)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(tables).where(eq(tables.id, a.table.id));
    expect(row?.serverId).toBeNull();
  });
});

describe('routing a call (decision 077): the table’s server, else its section’s servers, else everyone', () => {
  it('routes each table as the rule says and shows each server the tables they hold', async () => {
    const f = await makeFloor(t);
    const s1 = f.server;
    const s2 = await makeServer(t, f.restaurant.id);
    const s2Cookie = await signInServer(t, s2);
    const terrace = await addSection(f, 'Terrace');
    const viaSection = await makeTable(t, f.restaurant.id, 'Terrace 1');
    const ownServer = await makeTable(t, f.restaurant.id, 'Terrace 2');
    const emptySection = await addSection(f, 'Bar');
    const inEmptySection = await makeTable(t, f.restaurant.id, 'Bar 1');
    const uncovered = f.table;
    expect((await group(f, [viaSection.id, ownServer.id], terrace.id)).statusCode).toBe(200);
    expect((await group(f, [inEmptySection.id], emptySection.id)).statusCode).toBe(200);
    expect((await staffSection(f, terrace.id, [s1.user.id])).statusCode).toBe(200);
    expect((await giveTable(f, ownServer.id, s2.user.id)).statusCode).toBe(200);

    // What each server's console lists.
    const seen1 = await tablesSeenBy(f, f.serverCookie);
    const seen2 = await tablesSeenBy(f, s2Cookie);
    expect(seen1.map((x) => x.number)).toEqual(['3', 'Bar 1', 'Terrace 1']);
    expect(seen2.map((x) => x.number)).toEqual(['3', 'Bar 1', 'Terrace 2']);
    expect(seen1.find((x) => x.number === 'Terrace 1')).toMatchObject({
      sectionName: 'Terrace',
      sectionServerIds: [s1.user.id],
      serverId: null,
    });

    // In-process bus: requestCreated; PostgreSQL: the statement's NOTIFY, then requestCreatedCommitted here.
    const created = [
      vi.spyOn(t.services.live, 'requestCreated'),
      vi.spyOn(t.services.live, 'requestCreatedCommitted'),
    ];
    for (const table of [viaSection, ownServer, inEmptySection, uncovered])
      expect((await press(f, table.id)).statusCode).toBe(201);
    const routed = Object.fromEntries(
      created
        .flatMap((spy) => spy.mock.calls)
        .map(([r]) => [r.tableId, { serverId: r.serverId, section: r.sectionServerIds }]),
    );
    expect(routed).toEqual({
      [viaSection.id]: { serverId: null, section: [s1.user.id] },
      [ownServer.id]: { serverId: s2.user.id, section: [] },
      [inEmptySection.id]: { serverId: null, section: [] },
      [uncovered.id]: { serverId: null, section: [] },
    });

    expect((await openTablesOf(f, f.serverCookie)).sort()).toEqual(
      [viaSection.id, inEmptySection.id, uncovered.id].sort(),
    );
    expect((await openTablesOf(f, s2Cookie)).sort()).toEqual(
      [ownServer.id, inEmptySection.id, uncovered.id].sort(),
    );
    expect(await openTablesOf(f, f.adminCookie)).toHaveLength(4);

    // The dashboard names the tables nobody covers: the one in no section, the one in the section without servers.
    const dashboard = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/dashboard`, {
      cookie: f.adminCookie,
    });
    // Server Status counts the tables each server serves: S1 one through the Terrace, S2 their own.
    const counts = Object.fromEntries(
      (dashboard.json().servers as { id: string; tablesAssigned: number }[]).map((s) => [
        s.id,
        s.tablesAssigned,
      ]),
    );
    expect(counts).toEqual({ [s1.user.id]: 1, [s2.user.id]: 1 });
    expect(dashboard.json().uncoveredTables).toEqual([
      { id: uncovered.id, number: '3' },
      { id: inEmptySection.id, number: 'Bar 1' },
    ]);

    // Push goes the same way: the section's request reaches S1's devices only.
    for (const cookie of [f.serverCookie, s2Cookie])
      expect(
        (await request(t, 'POST', '/api/push/subscriptions', { cookie, body: device() }))
          .statusCode,
      ).toBe(201);
    const targets = await subscriptionsForTargets(
      t.database.db,
      {
        restaurantId: f.restaurant.id,
        serverId: null,
        sectionServerIds: [s1.user.id],
        everyone: false,
        includeAdmins: false,
      },
      Date.now(),
    );
    expect(targets.map((x) => x.userId)).toEqual([s1.user.id]);
    const everyone = await subscriptionsForTargets(
      t.database.db,
      {
        restaurantId: f.restaurant.id,
        serverId: null,
        sectionServerIds: [],
        everyone: false,
        includeAdmins: false,
      },
      Date.now(),
    );
    expect(everyone.map((x) => x.userId).sort()).toEqual([s1.user.id, s2.user.id].sort());
  });

  it('a server taken off a section loses its tables live; one given it gains them', async () => {
    const f = await makeFloor(t);
    const s2 = await makeServer(t, f.restaurant.id);
    const terrace = await addSection(f, 'Terrace');
    expect((await group(f, [f.table.id], terrace.id)).statusCode).toBe(200);
    const changed = vi.spyOn(t.services.live, 'tableChanged');
    expect((await staffSection(f, terrace.id, [s2.user.id])).statusCode).toBe(200);
    expect(changed).toHaveBeenCalledWith(
      expect.objectContaining({ id: f.table.id, sectionServerIds: [s2.user.id] }),
    );
    expect((await tablesSeenBy(f, f.serverCookie)).map((x) => x.id)).not.toContain(f.table.id);
    expect((await staffSection(f, terrace.id, [f.server.user.id])).statusCode).toBe(200);
    expect((await tablesSeenBy(f, f.serverCookie)).map((x) => x.id)).toContain(f.table.id);
    // Deleting the section makes its table uncovered: everyone's again.
    expect(
      (await request(t, 'DELETE', `/api/sections/${terrace.id}`, { cookie: f.adminCookie }))
        .statusCode,
    ).toBe(204);
    expect(changed).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: f.table.id, sectionId: null, sectionServerIds: [] }),
    );
  });
});
