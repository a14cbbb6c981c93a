/**
 * Shifts with a safe hand-over (issue 27 item 3, decisions 094–096): every transition and refusal — start, end
 * refused while holding, offer, accept, decline, cancel, force-end — the on-duty narrowing of a call's routing, the
 * table note's rules and the cross-tenant refusals. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { requests, shifts, tables } from '../../db/schema';
import {
  handoverSchema,
  shiftHistoryResponseSchema,
  shiftStateSchema,
  tableSchema,
  type Section,
} from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import {
  makeFloor,
  makeServer,
  makeTable,
  signInServer,
} from '../../../../tests/support/factories';
import { serversOnDuty } from './on-duty';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

type Floor = Awaited<ReturnType<typeof makeFloor>>;

const state = async (f: Floor, cookie: string) => {
  const res = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/shift`, { cookie });
  expect(res.statusCode).toBe(200);
  return shiftStateSchema.parse(res.json().state);
};
const start = (f: Floor, cookie: string, sectionIds: string[] = []) =>
  request(t, 'POST', `/api/restaurants/${f.restaurant.id}/shift`, {
    cookie,
    body: { sectionIds },
  });
const end = (f: Floor, cookie: string) =>
  request(t, 'POST', `/api/restaurants/${f.restaurant.id}/shift/end`, { cookie });
const offer = (f: Floor, cookie: string, toServerId: string) =>
  request(t, 'POST', `/api/restaurants/${f.restaurant.id}/handovers`, {
    cookie,
    body: { toServerId },
  });
const answer = (id: string, how: 'accept' | 'decline' | 'cancel', cookie: string) =>
  request(t, 'POST', `/api/handovers/${id}/${how}`, { cookie });
const assign = (tableId: string, cookie: string) =>
  request(t, 'POST', `/api/tables/${tableId}/assign`, { cookie });
const note = (tableId: string, text: string, cookie: string) =>
  request(t, 'PUT', `/api/tables/${tableId}/note`, { cookie, body: { note: text } });
const press = (f: Floor, tableId: string) =>
  request(t, 'POST', `/api/public/restaurants/${f.restaurant.id}/tables/${tableId}/requests`, {
    body: { type: 'order' },
    remoteAddress: `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
async function addSection(f: Floor, name: string, tableIds: string[], serverIds: string[]) {
  const res = await request(t, 'POST', `/api/restaurants/${f.restaurant.id}/sections`, {
    cookie: f.adminCookie,
    body: { name },
  });
  expect(res.statusCode).toBe(201);
  const section = res.json().section as Section;
  expect(
    (
      await request(t, 'POST', `/api/restaurants/${f.restaurant.id}/tables/section`, {
        cookie: f.adminCookie,
        body: { tableIds, sectionId: section.id },
      })
    ).statusCode,
  ).toBe(200);
  if (serverIds.length > 0)
    expect(
      (
        await request(t, 'PUT', `/api/sections/${section.id}/servers`, {
          cookie: f.adminCookie,
          body: { serverIds },
        })
      ).statusCode,
    ).toBe(200);
  return section;
}
async function colleague(f: Floor) {
  const server = await makeServer(t, f.restaurant.id);
  return { ...server, cookie: await signInServer(t, server) };
}
const tableRow = async (id: string) =>
  (await t.database.db.select().from(tables).where(eq(tables.id, id)))[0]!;
const requestRow = async (id: string) =>
  (await t.database.db.select().from(requests).where(eq(requests.id, id)))[0]!;

describe('start and end a shift', () => {
  it('starts with sections: their tables nobody holds become the server’s; a second start is refused', async () => {
    const f = await makeFloor(t);
    const t1 = await makeTable(t, f.restaurant.id, 'T1');
    const t2 = await makeTable(t, f.restaurant.id, 'T2');
    const other = await makeTable(t, f.restaurant.id, 'X9');
    const b = await colleague(f);
    expect((await assign(t2.id, b.cookie)).statusCode).toBe(200);
    const terrace = await addSection(f, 'Terrace', [t1.id, t2.id], []);
    const tableChanged = vi.spyOn(t.services.live, 'tableChanged');
    const shiftChanged = vi.spyOn(t.services.live, 'shiftChanged');

    const res = await start(f, f.serverCookie, [terrace.id]);
    expect(res.statusCode).toBe(201);
    const s = shiftStateSchema.parse(res.json().state);
    expect(s.myShift).toMatchObject({ server: { id: f.server.user.id }, sectionIds: [terrace.id] });
    expect(s.myShift!.endedAt).toBeNull();
    // T1 was nobody's: now the server's. T2 stays the colleague's, X9 is in no picked section.
    expect(s.holding.tables.map((x) => x.number)).toEqual(['T1']);
    expect((await tableRow(t1.id)).serverId).toBe(f.server.user.id);
    expect((await tableRow(t2.id)).serverId).toBe(b.user.id);
    expect((await tableRow(other.id)).serverId).toBeNull();
    expect(tableChanged.mock.calls.map(([x]) => x.id)).toEqual([t1.id]);
    expect(shiftChanged).toHaveBeenCalledWith(f.restaurant.id);

    const again = await start(f, f.serverCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('shift_open');
  });

  it('refuses a section of another restaurant, and an owner starting a shift', async () => {
    const f = await makeFloor(t);
    const g = await makeFloor(t);
    const theirs = await addSection(g, 'Bar', [g.table.id], []);
    const res = await start(f, f.serverCookie, [theirs.id]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('section_not_found');
    expect(await serversOnDuty(t.database.db, f.restaurant.id)).toBeNull();
    expect((await start(f, f.adminCookie)).statusCode).toBe(403);
  });

  it('ends a shift that holds nothing; ending again is refused', async () => {
    const f = await makeFloor(t);
    expect((await start(f, f.serverCookie)).statusCode).toBe(201);
    expect(await serversOnDuty(t.database.db, f.restaurant.id)).toEqual([f.server.user.id]);
    const res = await end(f, f.serverCookie);
    expect(res.statusCode).toBe(200);
    expect(shiftStateSchema.parse(res.json().state).myShift).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(shifts)
      .where(eq(shifts.serverId, f.server.user.id));
    expect(row!.endedAt).not.toBeNull();
    expect(row!.endedBy).toBeNull();
    const again = await end(f, f.serverCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('not_on_duty');
  });

  it('refuses to end while the server holds tables or open requests, naming them; nothing changes', async () => {
    const f = await makeFloor(t);
    expect((await start(f, f.serverCookie)).statusCode).toBe(201);
    expect((await assign(f.table.id, f.serverCookie)).statusCode).toBe(200);
    expect((await press(f, f.table.id)).statusCode).toBe(201);
    const res = await end(f, f.serverCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'shift_holds_work',
      values: { tables: '3', tableCount: 1, requestCount: 1 },
    });
    expect(res.json().error.message).toContain('You still hold Table 3 and 1 open request.');
    expect((await state(f, f.serverCookie)).myShift).not.toBeNull();
  });

  it('counts a request the server took at a table not theirs', async () => {
    const f = await makeFloor(t);
    expect((await start(f, f.serverCookie)).statusCode).toBe(201);
    const created = await press(f, f.table.id);
    const id = created.json().request.id as string;
    expect(
      (await request(t, 'POST', `/api/requests/${id}/acknowledge`, { cookie: f.serverCookie }))
        .statusCode,
    ).toBe(200);
    const res = await end(f, f.serverCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.values).toMatchObject({ tableCount: 0, requestCount: 1 });
  });
});

describe('hand-over', () => {
  async function handingOver() {
    const f = await makeFloor(t);
    const b = await colleague(f);
    expect((await start(f, f.serverCookie)).statusCode).toBe(201);
    expect((await start(f, b.cookie)).statusCode).toBe(201);
    expect((await assign(f.table.id, f.serverCookie)).statusCode).toBe(200);
    expect((await note(f.table.id, 'allergy seat 2', f.serverCookie)).statusCode).toBe(200);
    const created = await press(f, f.table.id);
    expect(created.statusCode).toBe(201);
    return { f, b, requestId: created.json().request.id as string };
  }

  it('offer → accept: the tables (with their notes) and the open request move, the offerer’s shift ends', async () => {
    const { f, b, requestId } = await handingOver();
    const offered = await offer(f, f.serverCookie, b.user.id);
    expect(offered.statusCode).toBe(201);
    const h = handoverSchema.parse(offered.json().handover);
    expect(h).toMatchObject({
      state: 'offered',
      from: { id: f.server.user.id },
      to: { id: b.user.id },
      tables: [{ id: f.table.id, number: '3' }],
      requestIds: [requestId],
    });
    // The colleague sees it as an incoming offer; the offerer as their outgoing one.
    expect((await state(f, b.cookie)).incoming.map((x) => x.id)).toEqual([h.id]);
    expect((await state(f, f.serverCookie)).outgoing?.id).toBe(h.id);
    // Only the colleague named may accept; the offerer may not.
    expect((await answer(h.id, 'accept', f.serverCookie)).statusCode).toBe(404);

    const requestUpdated = vi.spyOn(t.services.live, 'requestUpdated');
    const tableChanged = vi.spyOn(t.services.live, 'tableChanged');
    const accepted = await answer(h.id, 'accept', b.cookie);
    expect(accepted.statusCode).toBe(200);
    expect(handoverSchema.parse(accepted.json().handover)).toMatchObject({
      state: 'accepted',
      tables: [{ id: f.table.id, number: '3' }],
      requestIds: [requestId],
    });
    const table = await tableRow(f.table.id);
    expect(table.serverId).toBe(b.user.id);
    expect(table.note).toBe('allergy seat 2');
    expect((await requestRow(requestId)).serverId).toBe(b.user.id);
    expect(requestUpdated.mock.calls.map(([r]) => r.id)).toEqual([requestId]);
    expect(tableChanged.mock.calls.map(([x]) => [x.id, x.serverId, x.note])).toEqual([
      [f.table.id, b.user.id, 'allergy seat 2'],
    ]);
    const mine = await state(f, f.serverCookie);
    expect(mine.myShift).toBeNull();
    expect(mine.holding).toEqual({ tables: [], openRequests: 0 });
    const theirs = await state(f, b.cookie);
    expect(theirs.holding.tables.map((x) => x.number)).toEqual(['3']);
    expect(theirs.holding.openRequests).toBe(1);
    // The colleague now sees the request in their list.
    const list = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/requests`, {
      cookie: b.cookie,
    });
    expect((list.json().pending as { id: string }[]).map((r) => r.id)).toContain(requestId);
    // History shows who was on duty when, and the hand-over.
    const history = shiftHistoryResponseSchema.parse(
      (
        await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/shifts`, {
          cookie: f.adminCookie,
        })
      ).json(),
    );
    expect(history.shifts.map((s) => [s.server.id, s.endedAt === null])).toEqual(
      expect.arrayContaining([
        [f.server.user.id, false],
        [b.user.id, true],
      ]),
    );
    expect(history.handovers.map((x) => [x.id, x.state])).toEqual([[h.id, 'accepted']]);
    // Answering again is refused.
    const twice = await answer(h.id, 'accept', b.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('handover_closed');
  });

  it('a taken request moves with its taker', async () => {
    const { f, b, requestId } = await handingOver();
    await request(t, 'POST', `/api/requests/${requestId}/acknowledge`, { cookie: f.serverCookie });
    const h = handoverSchema.parse((await offer(f, f.serverCookie, b.user.id)).json().handover);
    expect((await answer(h.id, 'accept', b.cookie)).statusCode).toBe(200);
    const row = await requestRow(requestId);
    expect([row.status, row.acknowledgedBy, row.serverId]).toEqual([
      'acknowledged',
      b.user.id,
      b.user.id,
    ]);
  });

  it('decline and cancel leave everything where it was; one open offer at a time', async () => {
    const { f, b } = await handingOver();
    const first = handoverSchema.parse((await offer(f, f.serverCookie, b.user.id)).json().handover);
    const second = await offer(f, f.serverCookie, b.user.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('handover_pending');
    const declined = await answer(first.id, 'decline', b.cookie);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().handover.state).toBe('declined');
    expect((await tableRow(f.table.id)).serverId).toBe(f.server.user.id);

    const again = handoverSchema.parse((await offer(f, f.serverCookie, b.user.id)).json().handover);
    // Only the offerer may cancel.
    expect((await answer(again.id, 'cancel', b.cookie)).statusCode).toBe(404);
    const cancelled = await answer(again.id, 'cancel', f.serverCookie);
    expect(cancelled.json().handover.state).toBe('cancelled');
    expect((await answer(again.id, 'accept', b.cookie)).json().error.code).toBe('handover_closed');
    expect((await state(f, f.serverCookie)).myShift).not.toBeNull();
    expect((await tableRow(f.table.id)).serverId).toBe(f.server.user.id);
  });

  it('refuses an offer to someone off duty, to oneself, to an unknown id, or when off duty', async () => {
    const f = await makeFloor(t);
    const off = await colleague(f);
    expect((await offer(f, f.serverCookie, off.user.id)).json().error.code).toBe('not_on_duty');
    expect((await start(f, f.serverCookie)).statusCode).toBe(201);
    const res = await offer(f, f.serverCookie, off.user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('colleague_not_on_duty');
    expect((await offer(f, f.serverCookie, f.server.user.id)).json().error.code).toBe(
      'handover_to_self',
    );
    expect((await offer(f, f.serverCookie, 'nobody')).json().error.code).toBe('staff_not_found');
    expect((await offer(f, f.adminCookie, off.user.id)).statusCode).toBe(403);
  });
});

describe('the owner’s force-end', () => {
  it('hands a shift’s work to a named server on duty, ended by the owner', async () => {
    const f = await makeFloor(t);
    const b = await colleague(f);
    await start(f, f.serverCookie);
    await start(f, b.cookie);
    await assign(f.table.id, f.serverCookie);
    const created = await press(f, f.table.id);
    const mine = (await state(f, f.serverCookie)).myShift!;
    const res = await request(t, 'POST', `/api/shifts/${mine.id}/end`, {
      cookie: f.adminCookie,
      body: { toServerId: b.user.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().shift.endedBy).toEqual({ id: f.admin.user.id, name: f.admin.user.name });
    expect((await tableRow(f.table.id)).serverId).toBe(b.user.id);
    expect((await requestRow(created.json().request.id)).serverId).toBe(b.user.id);
    const history = shiftHistoryResponseSchema.parse(
      (
        await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/shifts`, {
          cookie: f.adminCookie,
        })
      ).json(),
    );
    expect(history.handovers[0]).toMatchObject({ state: 'accepted', by: { id: f.admin.user.id } });
    const again = await request(t, 'POST', `/api/shifts/${mine.id}/end`, {
      cookie: f.adminCookie,
      body: { toServerId: null },
    });
    expect(again.json().error.code).toBe('shift_ended');
  });

  it('releases the work to the floor when nobody is named: a taken request is pending again', async () => {
    const f = await makeFloor(t);
    await start(f, f.serverCookie);
    await assign(f.table.id, f.serverCookie);
    const id = (await press(f, f.table.id)).json().request.id as string;
    await request(t, 'POST', `/api/requests/${id}/acknowledge`, { cookie: f.serverCookie });
    const mine = (await state(f, f.serverCookie)).myShift!;
    const res = await request(t, 'POST', `/api/shifts/${mine.id}/end`, {
      cookie: f.adminCookie,
      body: { toServerId: null },
    });
    expect(res.statusCode).toBe(200);
    expect((await tableRow(f.table.id)).serverId).toBeNull();
    const row = await requestRow(id);
    expect([row.status, row.serverId, row.acknowledgedBy]).toEqual(['pending', null, null]);
    expect(await serversOnDuty(t.database.db, f.restaurant.id)).toBeNull();
  });

  it('deactivating a server on duty ends their shift (by the owner) and puts their work back on the floor', async () => {
    const f = await makeFloor(t);
    const b = await colleague(f);
    await start(f, f.serverCookie);
    await start(f, b.cookie);
    await assign(f.table.id, f.serverCookie);
    const id = (await press(f, f.table.id)).json().request.id as string;
    await request(t, 'POST', `/api/requests/${id}/acknowledge`, { cookie: f.serverCookie });
    const mine = (await state(f, f.serverCookie)).myShift!;
    const shiftChanged = vi.spyOn(t.services.live, 'shiftChanged');
    const res = await request(t, 'POST', `/api/staff/${f.server.user.id}/deactivate`, {
      cookie: f.adminCookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [ended] = await t.database.db.select().from(shifts).where(eq(shifts.id, mine.id));
    expect(ended!.endedAt).toEqual(expect.any(Number));
    expect(ended!.endedBy).toBe(f.admin.user.id);
    expect((await tableRow(f.table.id)).serverId).toBeNull();
    const row = await requestRow(id);
    expect([row.status, row.serverId, row.acknowledgedBy]).toEqual(['pending', null, null]);
    // Only the colleague is on duty now: the call reaches them.
    expect(await serversOnDuty(t.database.db, f.restaurant.id)).toEqual([b.user.id]);
    expect(shiftChanged).toHaveBeenCalledWith(f.restaurant.id);
    // The owner's history shows the shift ended by them.
    const history = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/shifts`, {
      cookie: f.adminCookie,
    });
    expect(history.statusCode).toBe(200);
    const listed = shiftHistoryResponseSchema
      .parse(history.json())
      .shifts.find((x) => x.id === mine.id);
    expect(listed?.endedBy).toMatchObject({ id: f.admin.user.id });
  });

  it('refuses a server, another owner, and a colleague off duty', async () => {
    const f = await makeFloor(t);
    const g = await makeFloor(t);
    const off = await colleague(f);
    await start(f, f.serverCookie);
    const mine = (await state(f, f.serverCookie)).myShift!;
    const url = `/api/shifts/${mine.id}/end`;
    expect(
      (await request(t, 'POST', url, { cookie: f.serverCookie, body: { toServerId: null } }))
        .statusCode,
    ).toBe(403);
    const cross = await request(t, 'POST', url, {
      cookie: g.adminCookie,
      body: { toServerId: null },
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.code).toBe('shift_not_found');
    const offDuty = await request(t, 'POST', url, {
      cookie: f.adminCookie,
      body: { toServerId: off.user.id },
    });
    expect(offDuty.json().error.code).toBe('colleague_not_on_duty');
    const foreign = await request(t, 'POST', url, {
      cookie: f.adminCookie,
      body: { toServerId: g.server.user.id },
    });
    expect(foreign.json().error.code).toBe('staff_not_found');
    expect((await state(f, f.serverCookie)).myShift).not.toBeNull();
  });
});

describe('cross-tenant', () => {
  it('another restaurant’s staff cannot read, start, offer into, or answer this restaurant’s shifts', async () => {
    const f = await makeFloor(t);
    const g = await makeFloor(t);
    const b = await colleague(f);
    await start(f, f.serverCookie);
    await start(f, b.cookie);
    const h = handoverSchema.parse((await offer(f, f.serverCookie, b.user.id)).json().handover);
    for (const cookie of [g.serverCookie, g.adminCookie]) {
      const read = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/shift`, { cookie });
      expect(read.statusCode).toBe(404);
      const hist = await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/shifts`, {
        cookie,
      });
      expect(hist.statusCode).toBe(404);
    }
    expect((await start(f, g.serverCookie)).statusCode).toBe(404);
    expect((await offer(f, g.serverCookie, b.user.id)).statusCode).toBe(404);
    for (const how of ['accept', 'decline', 'cancel'] as const)
      expect((await answer(h.id, how, g.serverCookie)).json().error.code).toBe(
        'handover_not_found',
      );
    // g's server is not f's: offering to them from f is a 404 too.
    await start(g, g.serverCookie);
    expect((await offer(f, b.cookie, g.server.user.id)).json().error.code).toBe('staff_not_found');
    expect((await note(f.table.id, 'x', g.serverCookie)).statusCode).toBe(404);
    expect((await note(f.table.id, 'x', g.adminCookie)).statusCode).toBe(404);
  });

  it('a server sees only their own shifts and hand-overs in history; the owner sees all', async () => {
    const f = await makeFloor(t);
    const b = await colleague(f);
    const c = await colleague(f);
    await start(f, b.cookie);
    await start(f, c.cookie);
    const read = async (cookie: string) =>
      shiftHistoryResponseSchema.parse(
        (await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/shifts`, { cookie })).json(),
      );
    expect((await read(b.cookie)).shifts.map((s) => s.server.id)).toEqual([b.user.id]);
    expect((await read(f.adminCookie)).shifts).toHaveLength(2);
  });
});

describe('routing narrows to servers on duty (decision 078, "On duty")', () => {
  it('with nobody on duty a call routes as before; once shifts are in use only servers on duty get it', async () => {
    const f = await makeFloor(t);
    const anna = await colleague(f);
    const bob = await colleague(f);
    const terrace = await addSection(f, 'Terrace', [f.table.id], [anna.user.id, bob.user.id]);
    const loose = await makeTable(t, f.restaurant.id, 'L1');
    void terrace;
    const snapshot = async (tableId: string) => {
      const res = await press(f, tableId);
      expect(res.statusCode).toBe(201);
      const row = await requestRow(res.json().request.id);
      // The cool-down ends with the request: dismiss it so the table can be pressed again.
      await t.database.db
        .update(requests)
        .set({ status: 'dismissed' })
        .where(eq(requests.id, row.id));
      await t.database.db.update(tables).set({ lastRequestAt: null }).where(eq(tables.id, tableId));
      return [...row.sectionServerIds].sort();
    };
    // Nobody on duty: as before shifts existed.
    expect(await snapshot(f.table.id)).toEqual([anna.user.id, bob.user.id].sort());
    expect(await snapshot(loose.id)).toEqual([]);
    // Anna on duty: the section narrows to her; the loose table goes to everyone on duty (Anna).
    await start(f, anna.cookie);
    expect(await snapshot(f.table.id)).toEqual([anna.user.id]);
    expect(await snapshot(loose.id)).toEqual([anna.user.id]);
    // Only the first server (not in the section) on duty: the section falls through to everyone on duty.
    expect(
      (
        await request(t, 'POST', `/api/shifts/${(await state(f, anna.cookie)).myShift!.id}/end`, {
          cookie: f.adminCookie,
          body: { toServerId: null },
        })
      ).statusCode,
    ).toBe(200);
    await start(f, f.serverCookie);
    expect(await snapshot(f.table.id)).toEqual([f.server.user.id]);
    // Bob, off duty, does not see the call; the server on duty does.
    await press(f, f.table.id);
    const seen = async (cookie: string) =>
      (
        (await request(t, 'GET', `/api/restaurants/${f.restaurant.id}/requests`, { cookie })).json()
          .pending as unknown[]
      ).length;
    expect(await seen(bob.cookie)).toBe(0);
    expect(await seen(f.serverCookie)).toBe(1);
  });
});

describe('the table note', () => {
  it('its server or the owner writes it; plain text, 140 characters at most; empty clears it', async () => {
    const f = await makeFloor(t);
    const b = await colleague(f);
    // Not their table yet.
    const notYours = await note(f.table.id, 'hi', f.serverCookie);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error.code).toBe('not_your_table');
    await assign(f.table.id, f.serverCookie);
    expect((await note(f.table.id, 'x', b.cookie)).statusCode).toBe(403);
    const ok = await note(f.table.id, '  allergy seat 2 ', f.serverCookie);
    expect(ok.statusCode).toBe(200);
    expect(tableSchema.parse(ok.json().table).note).toBe('allergy seat 2');
    expect((await note(f.table.id, 'x'.repeat(141), f.serverCookie)).json().error.code).toBe(
      'note_too_long',
    );
    for (const bad of ['line\nbreak', 'zero\u200bwidth', 'bidi\u202eevil', '<b>\u0007</b>'])
      expect((await note(f.table.id, bad, f.serverCookie)).json().error.code).toBe('note_invalid');
    // Never HTML: it is stored and shown as the text it is.
    const html = await note(f.table.id, '<img src=x onerror=alert(1)>', f.adminCookie);
    expect(html.json().table.note).toBe('<img src=x onerror=alert(1)>');
    const cleared = await note(f.table.id, '   ', f.serverCookie);
    expect(cleared.json().table.note).toBeNull();
    expect((await tableRow(f.table.id)).note).toBeNull();
  });
});
