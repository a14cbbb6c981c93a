/**
 * Presence rows written by change (decision 044; BENCHMARKS.md, acknowledgement): a console that opens or closes
 * writes its own server's row, the heartbeat writes them all again (healing a lost row), and one server that no
 * longer exists never keeps the others from being written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { presenceInstances, staffPresence, users } from '../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { makeAdmin, makeRestaurant, makeServer } from '../../../tests/support/factories';
import type { SessionUser } from '../policy/policy';
import { Presence } from './presence';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
});
afterAll(() => t.close());

const quiet = { warn: () => undefined };

async function floorOf(servers: number) {
  const admin = await makeAdmin(t);
  const restaurant = await makeRestaurant(t, admin.user.id);
  const people: SessionUser[] = [];
  for (let i = 0; i < servers; i++) {
    const { user } = await makeServer(t, restaurant.id);
    people.push({ id: user.id, role: 'server', name: user.name, restaurantId: restaurant.id });
  }
  return { restaurant, people };
}

/** Waits for the sync in flight (and the ones it chained) to finish. */
async function settled(presence: Presence): Promise<void> {
  for (;;) {
    const syncing = (presence as unknown as { syncing: Promise<void> | null }).syncing;
    if (!syncing) return;
    await syncing;
  }
}

const rowsOf = async (presence: Presence) =>
  (
    await t.database.db
      .select()
      .from(staffPresence)
      .where(eq(staffPresence.instanceId, presence.instanceId))
  )
    .map((r) => r.userId)
    .sort();

const rowsWithTimes = async (presence: Presence) =>
  (
    await t.database.db
      .select()
      .from(staffPresence)
      .where(eq(staffPresence.instanceId, presence.instanceId))
  )
    .map((r) => [r.userId, r.seenAt] as const)
    .sort();

const instanceRow = (presence: Presence) =>
  t.database.db
    .select()
    .from(presenceInstances)
    .where(eq(presenceInstances.instanceId, presence.instanceId));

describe('presence rows (decision 044)', () => {
  it('writes the servers that come and go, and tells their restaurant each time', async () => {
    const { restaurant, people } = await floorOf(40);
    const told: string[][] = [];
    const presence = new Presence(t.database.db, quiet, (ids) => told.push(ids));
    // A burst, as when every console reconnects after a restart: all of them end up written.
    for (const p of people) presence.opened(p);
    presence.opened(people[0]!); // a second console of the same server changes nothing
    await settled(presence);
    expect(await rowsOf(presence)).toEqual(people.map((p) => p.id).sort());
    expect(told.flat().every((id) => id === restaurant.id)).toBe(true);
    expect(told.length).toBeGreaterThan(0);

    presence.closed(people[0]!); // one of two consoles: still here
    presence.closed(people[1]!);
    presence.closed(people[2]!);
    await settled(presence);
    expect(await rowsOf(presence)).toEqual(
      people
        .filter((p) => p !== people[1] && p !== people[2])
        .map((p) => p.id)
        .sort(),
    );
    await presence.stop();
    expect(await rowsOf(presence)).toEqual([]);
  });

  it('refreshes one row per instance on the heartbeat, and every row again after it was swept as gone', async () => {
    const { people } = await floorOf(3);
    const presence = new Presence(t.database.db, quiet, () => undefined);
    for (const p of people) presence.opened(p);
    await settled(presence);
    const written = await rowsWithTimes(presence);
    // A beat refreshes the instance, not its consoles' rows.
    await new Promise((r) => setTimeout(r, 5));
    await presence.beat();
    expect(await rowsWithTimes(presence)).toEqual(written);
    const [instance] = await instanceRow(presence);
    expect(instance!.seenAt).toBeGreaterThan(Math.max(...written.map(([, at]) => at)));
    // Cut off past the expiry, another instance swept this one and its rows; its next beat writes them all again.
    await t.database.db
      .delete(presenceInstances)
      .where(eq(presenceInstances.instanceId, presence.instanceId));
    await t.database.db.delete(staffPresence).where(eq(staffPresence.instanceId, presence.instanceId));
    await presence.beat();
    expect(await rowsOf(presence)).toEqual(people.map((p) => p.id).sort());
    expect(await instanceRow(presence)).toHaveLength(1);
    await presence.stop();
    expect(await rowsOf(presence)).toEqual([]);
    expect(await instanceRow(presence)).toHaveLength(0);
  });

  it('writes the others when one open server has been deleted meanwhile', async () => {
    const { people } = await floorOf(3);
    const presence = new Presence(t.database.db, quiet, () => undefined);
    await t.database.db.delete(users).where(eq(users.id, people[1]!.id));
    for (const p of people) presence.opened(p);
    await settled(presence);
    expect(await rowsOf(presence)).toEqual([people[0]!.id, people[2]!.id].sort());
    await presence.beat();
    expect(await rowsOf(presence)).toEqual([people[0]!.id, people[2]!.id].sort());
    await presence.stop();
  });
});
