/**
 * Presence rows written by change (decision 044; BENCHMARKS.md, acknowledgement): a console that opens or closes
 * writes its own server's row, the heartbeat writes them all again (healing a lost row), and one server that no
 * longer exists never keeps the others from being written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staffPresence, users } from '../db/schema';
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

  it('writes every row again on the heartbeat: a row lost meanwhile comes back, a stale one goes', async () => {
    const { people } = await floorOf(3);
    const presence = new Presence(t.database.db, quiet, () => undefined);
    for (const p of people) presence.opened(p);
    await settled(presence);
    // Another instance swept this one's row (cut off past the expiry), and a row is left of a server gone from here.
    await t.database.db.delete(staffPresence).where(eq(staffPresence.userId, people[0]!.id));
    await t.database.db.insert(staffPresence).values({
      instanceId: presence.instanceId,
      userId: (await floorOf(1)).people[0]!.id,
      restaurantId: people[0]!.restaurantId!,
      connections: 1,
      // Written by an earlier beat of this instance.
      seenAt: Date.now() - 1_000,
    });
    await presence.beat();
    expect(await rowsOf(presence)).toEqual(people.map((p) => p.id).sort());
    await presence.stop();
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
