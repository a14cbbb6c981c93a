/**
 * Staff actions group-committed (db/group-commit.ts, requests.repo transitionRequests): actions that arrive while
 * one is in the database share the next UPDATE and its commit, each still gets its own answer, and two actions on
 * one request never share a statement — the second meets what the first did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { requests } from '../../db/schema';
import { GroupCommit } from '../../db/group-commit';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeFloor, makeServer, makeTable } from '../../../../tests/support/factories';
import { transitionRequests, type TransitionInput } from './requests.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
});
afterAll(() => t.close());

/** A floor with `n` tables, each pressed once: the pending requests' ids, in table order. */
async function pendingRequests(n: number) {
  const f = await makeFloor(t);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const table = await makeTable(t, f.restaurant.id, `T${i}`);
    const res = await request(
      t,
      'POST',
      `/api/public/restaurants/${f.restaurant.id}/tables/${table.id}/requests`,
      { body: { type: 'bill' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json<{ request: { id: string } }>().request.id);
  }
  return { f, ids };
}

const take = (id: string, restaurantId: string, by: string): TransitionInput => ({
  id,
  restaurantId,
  from: ['pending'],
  to: 'acknowledged',
  by,
  now: Date.now(),
});

const rows = (ids: string[]) =>
  t.database.db
    .select({ id: requests.id, status: requests.status, by: requests.acknowledgedBy })
    .from(requests)
    .where(inArray(requests.id, ids));

const group = () =>
  new GroupCommit<TransitionInput, boolean>(
    { concurrency: 1, maxBatch: 64 },
    (action) => action.id,
    (actions) => transitionRequests(t.database.db, actions),
  );

describe('staff actions group-committed', () => {
  it('runs a lone action at once and carries the actions that arrive meanwhile in one statement', async () => {
    const { f, ids } = await pendingRequests(6);
    const actions = group();
    const answers = await Promise.all(
      ids.map((id) => actions.submit(take(id, f.restaurant.id, f.server.user.id))),
    );
    expect(answers).toEqual(ids.map(() => true));
    expect(actions.stats).toEqual({ statements: 2, items: 6 });
    for (const row of await rows(ids))
      expect(row).toMatchObject({ status: 'acknowledged', by: f.server.user.id });
  });

  it('answers each action of a shared statement on its own: a stale one or another restaurant’s is refused alone', async () => {
    const { f, ids } = await pendingRequests(4);
    const other = await makeFloor(t);
    const [done, foreign, ...fresh] = ids as [string, string, ...string[]];
    // Completed already: taking it must fail, without failing the others.
    expect(
      await transitionRequests(t.database.db, [
        { ...take(done, f.restaurant.id, f.server.user.id), to: 'completed' },
      ]),
    ).toEqual([true]);
    const actions = group();
    const answers = await Promise.all([
      actions.submit(take(fresh[0]!, f.restaurant.id, f.server.user.id)),
      actions.submit(take(done, f.restaurant.id, f.server.user.id)),
      actions.submit(take(foreign, other.restaurant.id, other.server.user.id)),
      actions.submit(take(fresh[1]!, f.restaurant.id, f.server.user.id)),
    ]);
    expect(answers).toEqual([true, false, false, true]);
    const byId = new Map((await rows(ids)).map((r) => [r.id, r]));
    expect(byId.get(done)?.status).toBe('completed');
    expect(byId.get(foreign)?.status).toBe('pending');
    for (const id of fresh) expect(byId.get(id)?.status).toBe('acknowledged');
  });

  it('never puts two actions on one request in a statement: of two servers taking at once, exactly one wins', async () => {
    const { f, ids } = await pendingRequests(1);
    const second = await makeServer(t, f.restaurant.id);
    const actions = group();
    const [first, later] = await Promise.all([
      actions.submit(take(ids[0]!, f.restaurant.id, f.server.user.id)),
      actions.submit(take(ids[0]!, f.restaurant.id, second.user.id)),
    ]);
    expect([first, later]).toEqual([true, false]);
    expect(actions.stats).toEqual({ statements: 2, items: 2 });
    expect((await rows(ids))[0]).toMatchObject({ status: 'acknowledged', by: f.server.user.id });
  });

  it('takes, completes and dismisses over HTTP at once, all through the group commit, each answered with its own state', async () => {
    const { f, ids } = await pendingRequests(5);
    const before = { ...t.services.requests.transitionStats };
    const responses = await Promise.all(
      ids.map((id, i) =>
        request(
          t,
          'POST',
          `/api/requests/${id}/${i % 3 === 0 ? 'acknowledge' : i % 3 === 1 ? 'complete' : 'dismiss'}`,
          { cookie: f.serverCookie },
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    expect(responses.map((r) => r.json<{ request: { status: string } }>().request.status)).toEqual([
      'acknowledged',
      'completed',
      'dismissed',
      'acknowledged',
      'completed',
    ]);
    const after = t.services.requests.transitionStats;
    expect(after.items - before.items).toBe(5);
  });
});
