/**
 * Decision 027 (issue 14, finding 10): a backlog of overdue requests is escalated in bounded ticks — each tick claims
 * at most ESCALATION_MAX_PER_TICK in statements of ESCALATION_BATCH — and the following ticks finish the rest, every
 * request exactly once, even with two sweeps at the same moment.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { pushOutbox, requests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { makeFloor } from '../../../../tests/support/factories';
import { claimOverdueRequests } from './escalation.repo';
import { ESCALATION_BATCH, ESCALATION_MAX_PER_TICK } from './escalation.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
});
afterAll(() => t.close());

const BACKLOG = 1_000;

describe('escalation sweep with a backlog', () => {
  it('claims at most the per-tick bound each tick and escalates all 1,000 exactly once', async () => {
    expect(ESCALATION_BATCH).toBeLessThan(ESCALATION_MAX_PER_TICK);
    expect(ESCALATION_MAX_PER_TICK).toBeLessThan(BACKLOG);
    const { restaurant, table } = await makeFloor(t);
    const now = Date.now();
    // 1,000 requests pending for ten minutes (the restaurant escalates after 3).
    const rows = Array.from({ length: BACKLOG }, (_, i) => ({
      id: randomUUID(),
      restaurantId: restaurant.id,
      tableId: table.id,
      type: 'order' as const,
      status: 'pending' as const,
      createdAt: now - 10 * 60_000 + i,
      updatedAt: now - 10 * 60_000 + i,
    }));
    await t.database.db.insert(requests).values(rows);
    const escalatedCount = async () =>
      (
        await t.database.db
          .select({ id: requests.id })
          .from(requests)
          .where(and(eq(requests.restaurantId, restaurant.id), isNotNull(requests.escalatedAt)))
      ).length;

    const first = await t.services.escalation.sweep(now);
    expect(first).toHaveLength(ESCALATION_MAX_PER_TICK);
    expect(await escalatedCount()).toBe(ESCALATION_MAX_PER_TICK);
    // Oldest first, each read back whole in the claim's own result.
    expect(first[0]).toMatchObject({ id: rows[0]!.id, tableNumber: '3', overdue: true });
    expect(first.every((r) => r.overdue && r.status === 'pending' && r.tableNumber === '3')).toBe(
      true,
    );

    // Two sweeps at once (on PostgreSQL: two pooled connections) share the rest without overlap.
    const [a, b] = await Promise.all([
      t.services.escalation.sweep(now),
      t.services.escalation.sweep(now),
    ]);
    const rest: string[] = [...a, ...b].map((r) => r.id);
    for (let tick = 0; tick < 5 && rest.length + first.length < BACKLOG; tick++) {
      rest.push(...(await t.services.escalation.sweep(now)).map((r) => r.id));
    }
    const all = [...first.map((r) => r.id), ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(rows.map((r) => r.id).sort());
    expect(await t.services.escalation.sweep(now + 60_000)).toEqual([]);
    const left = await t.database.db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.restaurantId, restaurant.id), isNull(requests.escalatedAt)));
    expect(left).toEqual([]);
    await t.services.push.whenIdle();
  });

  it('queues no push for a restaurant where no device could receive it', async () => {
    const { restaurant, table } = await makeFloor(t);
    const id = randomUUID();
    const at = Date.now() - 10 * 60_000;
    await t.database.db.insert(requests).values({
      id,
      restaurantId: restaurant.id,
      tableId: table.id,
      type: 'bill',
      status: 'pending',
      createdAt: at,
      updatedAt: at,
    });
    expect(await claimOverdueRequests(t.database.db, Date.now())).toEqual([id]);
    expect(
      await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.requestId, id)),
    ).toEqual([]);
  });
});
