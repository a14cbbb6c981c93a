import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { requests, tables } from '../../db/schema';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeFloor, makeTable } from '../../../../tests/support/factories';
import { PressBatcher } from './press-batcher';
import type { PressInput } from './requests.repo';
import type { BusMessage } from '../../live/bus';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COOLDOWN_MS = 60_000;
const pressAt = (restaurantId: string, tableId: string, id: string = randomUUID()): PressInput => ({
  id,
  restaurantId,
  tableId,
  type: 'bill',
  now: Date.now(),
  cooldownMs: COOLDOWN_MS,
  pressKey: null,
  note: null,
  urgent: false,
  notify: null,
  origin: null,
});

async function floorWithTables(n: number) {
  const { restaurant, server } = await makeFloor(t);
  const list = [];
  for (let i = 0; i < n; i++) list.push(await makeTable(t, restaurant.id, `B${i}`));
  return { restaurant, server, tables: list };
}

const storedIds = async (ids: string[]) =>
  (await t.database.db.select({ id: requests.id }).from(requests).where(inArray(requests.id, ids)))
    .map((r) => r.id)
    .sort();

describe('press batching (group commit)', () => {
  it('runs a lone press at once and carries presses that arrive meanwhile in one statement', async () => {
    const floor = await floorWithTables(6);
    const batcher = new PressBatcher(t.database.db, { concurrency: 1, maxBatch: 64 });
    const presses = floor.tables.map((table) => pressAt(floor.restaurant.id, table.id));
    const results = await Promise.all(presses.map((p) => batcher.claim(p)));
    // The first went alone; the five that queued behind it shared the next statement.
    expect(batcher.stats).toEqual({ statements: 2, presses: 6 });
    for (const [i, claimed] of results.entries())
      expect(claimed).toEqual({
        serverId: null,
        sectionServerIds: [],
        tableNumber: `B${i}`,
        escalateAfterMinutes: expect.any(Number),
        pushQueued: false,
      });
    expect(await storedIds(presses.map((p) => p.id))).toEqual(presses.map((p) => p.id).sort());
    const claimedAt = await t.database.db
      .select({ id: tables.id, last: tables.lastRequestAt })
      .from(tables)
      .where(eq(tables.restaurantId, floor.restaurant.id));
    for (const p of presses)
      expect(claimedAt.find((row) => row.id === p.tableId)?.last).toBe(p.now);
  });

  it('keeps the batch size limit', async () => {
    const floor = await floorWithTables(7);
    const batcher = new PressBatcher(t.database.db, { concurrency: 1, maxBatch: 3 });
    const results = await Promise.all(
      floor.tables.map((table) => batcher.claim(pressAt(floor.restaurant.id, table.id))),
    );
    expect(results.every(Boolean)).toBe(true);
    // 1 alone, then 3 + 3.
    expect(batcher.stats).toEqual({ statements: 3, presses: 7 });
  });

  it('never puts two presses at one table in a statement: the later one meets the cool-down', async () => {
    const floor = await floorWithTables(2);
    const [a, b] = floor.tables;
    const batcher = new PressBatcher(t.database.db, { concurrency: 2, maxBatch: 64 });
    const presses = [
      pressAt(floor.restaurant.id, a!.id),
      pressAt(floor.restaurant.id, a!.id),
      pressAt(floor.restaurant.id, b!.id),
      pressAt(floor.restaurant.id, a!.id),
    ];
    const results = await Promise.all(presses.map((p) => batcher.claim(p)));
    expect(results.map(Boolean)).toEqual([true, false, true, false]);
    expect(await storedIds(presses.map((p) => p.id))).toEqual(
      [presses[0]!.id, presses[2]!.id].sort(),
    );
  });

  it('answers a press at an unknown table or another restaurant’s table with nothing claimed', async () => {
    const floor = await floorWithTables(1);
    const other = await floorWithTables(1);
    const batcher = new PressBatcher(t.database.db, { concurrency: 1, maxBatch: 64 });
    const results = await Promise.all([
      batcher.claim(pressAt(floor.restaurant.id, floor.tables[0]!.id)),
      batcher.claim(pressAt(floor.restaurant.id, randomUUID())),
      batcher.claim(pressAt(floor.restaurant.id, other.tables[0]!.id)),
    ]);
    expect(results.map(Boolean)).toEqual([true, false, false]);
  });

  it('when a statement of several presses fails, retries each alone: one bad press fails only itself', async () => {
    const floor = await floorWithTables(4);
    const batcher = new PressBatcher(t.database.db, { concurrency: 1, maxBatch: 64 });
    const first = pressAt(floor.restaurant.id, floor.tables[0]!.id);
    const good = pressAt(floor.restaurant.id, floor.tables[1]!.id);
    // Same request id as the first press: its insert breaks the primary key, failing the whole statement.
    const bad = pressAt(floor.restaurant.id, floor.tables[2]!.id, first.id);
    const alsoGood = pressAt(floor.restaurant.id, floor.tables[3]!.id);
    const settled = await Promise.allSettled(
      [first, good, bad, alsoGood].map((p) => batcher.claim(p)),
    );
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(await storedIds([first.id, good.id, alsoGood.id])).toEqual(
      [first.id, good.id, alsoGood.id].sort(),
    );
    // The failed statement changed nothing: the bad press's table was not claimed.
    const [badTable] = await t.database.db
      .select({ last: tables.lastRequestAt })
      .from(tables)
      .where(eq(tables.id, bad.tableId));
    expect(badTable!.last).toBeNull();
    // 1 alone, the batch of 3 that failed, then 3 on their own.
    expect(batcher.stats).toEqual({ statements: 5, presses: 7 });
  });

  it('when the database itself fails, fails the whole batch at once instead of retrying each press', async () => {
    // Not a database at all: every statement fails with an error no single press could have caused.
    const broken = {} as unknown as typeof t.database.db;
    const batcher = new PressBatcher(broken, { concurrency: 1, maxBatch: 64 });
    const settled = await Promise.allSettled(
      ['a', 'b', 'c'].map((tableId) => batcher.claim(pressAt('r', tableId))),
    );
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // The lone first press, then the batch of two; no retries.
    expect(batcher.stats).toEqual({ statements: 2, presses: 3 });
  });
});

describe('guest presses through the API, batched', () => {
  it('announces every press of a batch with its own table and server (NOTIFY from the statement on PostgreSQL)', async () => {
    const floor = await floorWithTables(8);
    await t.database.db
      .update(tables)
      .set({ serverId: floor.server.user.id })
      .where(eq(tables.id, floor.tables[5]!.id));
    const delivered: BusMessage[] = [];
    const deliver = vi
      .spyOn(t.services.live.hub, 'deliver')
      .mockImplementation((m) => void delivered.push(m));
    const before = { ...t.services.requests.pressStats };
    try {
      const answers = await Promise.all(
        floor.tables.map((table) =>
          request(
            t,
            'POST',
            `/api/public/restaurants/${floor.restaurant.id}/tables/${table.id}/requests`,
            { body: { type: 'refill' } },
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(floor.tables.map(() => 201));
      // Every press went through the batcher (how many shared a statement depends on timing).
      expect(t.services.requests.pressStats.presses - before.presses).toBe(floor.tables.length);
      await vi.waitFor(() => expect(delivered).toHaveLength(floor.tables.length));
      const announced = delivered.map((m) => {
        if (m.scope !== 'restaurant' || m.event.type !== 'request.created')
          throw new Error('unexpected event');
        return [m.event.request.tableNumber, m.event.request.serverId];
      });
      expect(announced.sort()).toEqual(
        floor.tables
          .map((table, i) => [table.number, i === 5 ? floor.server.user.id : null])
          .sort(),
      );
    } finally {
      deliver.mockRestore();
    }
  });
});
