/** SQL of remote presses and pranks (decisions 088, 089): the press's gate, where presses came from, the blocks. */
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryPreparedText, type Executor } from '../../db/client';
import { deleteBatch } from '../../db/delete-batch';
import { pressBlocks, pressOrigins, requests, tables, users } from '../../db/schema';
import type { OpeningHours } from '@shared/opening-hours';

export interface GateRow {
  /** The table the code names; null: no table has this code at this restaurant (or no such restaurant). */
  table_id: string | null;
  /** Whether the code is a table's id whose code was regenerated since (decision 089). */
  replaced: boolean;
  /** A retry of a press that was stored (its key is on one of the table's requests): it passes every gate. */
  retry: boolean;
  blocked: boolean;
  opening_hours: OpeningHours | string | null;
  time_zone: string | null;
  press_budget_per_minute: number | string | null;
  /** Stored presses of the last minute; null when the gate was told not to count (press-budget.ts). */
  recent_presses: number | string | null;
}

/** One press at the gate. */
export interface GateInput {
  restaurantId: string;
  code: string;
  deviceId: string | null;
  address: string;
  pressKey: string | null;
  now: number;
  /** Whether to count the restaurant's stored presses of the last minute. */
  countPresses: boolean;
}

/**
 * Everything the press's gate needs, for every press of a batch in one statement before the presses' own statement
 * (requests.repo PRESS_SQL, untouched): the table the code names, the restaurant's hours and budget, its presses in
 * the last minute when asked (requests_restaurant_created_idx; a subquery under a false CASE is never run), and
 * whether an active block holds this device or this address (an address block spares devices that had pressed here
 * before it). press_gate_input (migration 0029) unnests the batch and keeps the prepared plan generic.
 */
const GATE_SQL = `
select g.*
from press_gate_input($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::boolean[]) p
cross join lateral (
  select t.id as table_id,
    t.id is null and exists (select 1 from tables x where x.id = p.code and x.restaurant_id = p.restaurant_id)
      as replaced,
    coalesce(p.press_key is not null and exists (
      select 1 from requests e where e.table_id = t.id and e.press_key = p.press_key), false) as retry,
    exists (select 1 from press_blocks b where b.restaurant_id = p.restaurant_id and b.lifted_at is null and (
      (p.device_id is not null and b.device_id = p.device_id and b.device_until > p.now)
      or (b.address = p.address and b.address_until > p.now and (p.device_id is null or not exists (
        select 1 from press_origins o where o.restaurant_id = p.restaurant_id and o.device_id = p.device_id
          and o.created_at < b.created_at))))) as blocked,
    r.opening_hours, r.time_zone, r.press_budget_per_minute,
    case when p.count_presses then (select count(*) from requests q where q.restaurant_id = p.restaurant_id
      and q.created_at > p.now - 60000 and q.type not in ('reminder_order', 'reminder_bill')) end as recent_presses
  from (select 1) one
  left join restaurants r on r.id = p.restaurant_id
  left join tables t on t.restaurant_id = p.restaurant_id
    and (t.guest_code = p.code or (t.guest_code is null and t.id = p.code))
  limit 1
) g
order by p.n`;

/** The gate's row of each of `presses` (one each: the lateral read takes one row), in their order. */
export function readGates(db: Executor, presses: readonly GateInput[]): Promise<GateRow[]> {
  return queryPreparedText<GateRow>(db, 'press_gates', GATE_SQL, [
    presses.map((p) => p.restaurantId),
    presses.map((p) => p.code),
    presses.map((p) => p.deviceId),
    presses.map((p) => p.address),
    presses.map((p) => p.pressKey),
    presses.map((p) => p.now),
    presses.map((p) => p.countPresses),
  ]);
}

/** The table a guest URL's code names (decision 089): its own code, or its id while it never had one. */
export async function findTableIdByCode(db: Executor, restaurantId: string, code: string) {
  const [row] = await db
    .select({ id: tables.id })
    .from(tables)
    .where(
      and(
        eq(tables.restaurantId, restaurantId),
        or(eq(tables.guestCode, code), and(isNull(tables.guestCode), eq(tables.id, code))),
      ),
    );
  return row?.id;
}

/** Whether `code` is the id of one of the restaurant's tables whose code was regenerated. */
export async function isReplacedCode(db: Executor, restaurantId: string, code: string) {
  const [row] = await db
    .select({ id: tables.id })
    .from(tables)
    .where(and(eq(tables.restaurantId, restaurantId), eq(tables.id, code)));
  return row !== undefined;
}

export async function findPressOrigin(db: Executor, requestId: string) {
  const [row] = await db
    .select({
      deviceId: pressOrigins.deviceId,
      address: pressOrigins.address,
      restaurantId: pressOrigins.restaurantId,
      tableNumber: tables.number,
    })
    .from(pressOrigins)
    .innerJoin(requests, eq(requests.id, pressOrigins.requestId))
    .innerJoin(tables, eq(tables.id, requests.tableId))
    .where(eq(pressOrigins.requestId, requestId));
  return row;
}

/** One block per prank call: a second dismissal of the same call changes nothing. */
export async function insertPressBlock(db: Executor, row: typeof pressBlocks.$inferInsert) {
  await db.insert(pressBlocks).values(row).onConflictDoNothing();
}

const blockers = alias(users, 'blockers');

/** The restaurant's blocks still holding a device or an address at `now`, newest first. */
export async function listActiveBlocks(db: Executor, restaurantId: string, now: number) {
  return db
    .select({
      id: pressBlocks.id,
      restaurantId: pressBlocks.restaurantId,
      tableNumber: pressBlocks.tableNumber,
      deviceId: pressBlocks.deviceId,
      deviceUntil: pressBlocks.deviceUntil,
      addressUntil: pressBlocks.addressUntil,
      createdAt: pressBlocks.createdAt,
      createdById: pressBlocks.createdBy,
      createdByName: blockers.name,
    })
    .from(pressBlocks)
    .leftJoin(blockers, eq(blockers.id, pressBlocks.createdBy))
    .where(
      and(
        eq(pressBlocks.restaurantId, restaurantId),
        isNull(pressBlocks.liftedAt),
        or(gt(pressBlocks.deviceUntil, now), gt(pressBlocks.addressUntil, now)),
      ),
    )
    .orderBy(desc(pressBlocks.createdAt));
}

/** Lifts an active block of the restaurant; false: none such (lifted, ended, another restaurant's). */
export async function liftBlock(db: Executor, restaurantId: string, blockId: string, now: number) {
  const rows = await db
    .update(pressBlocks)
    .set({ liftedAt: now })
    .where(
      and(
        eq(pressBlocks.id, blockId),
        eq(pressBlocks.restaurantId, restaurantId),
        isNull(pressBlocks.liftedAt),
        or(gt(pressBlocks.deviceUntil, now), gt(pressBlocks.addressUntil, now)),
      ),
    )
    .returning({ id: pressBlocks.id });
  return rows.length > 0;
}

/**
 * "Regenerate QR codes" (decision 089): a fresh random code for every table of the restaurant, in one statement.
 * gen_random_uuid() is built into PostgreSQL 13+ and PGlite.
 */
export async function regenerateGuestCodes(db: Executor, restaurantId: string, now: number) {
  await db
    .update(tables)
    .set({ guestCode: sql`gen_random_uuid()::text`, updatedAt: now })
    .where(eq(tables.restaurantId, restaurantId));
}

/**
 * Deletes press blocks that ended (both parts past their end, or lifted) more than a day before `now`, at most `limit`
 * (decision 089): nothing reads them once ended, and each holds a guest's address key. Answers how many it deleted.
 */
export function deleteEndedBlocks(db: Executor, now: number, limit: number): Promise<number> {
  const before = now - ENDED_BLOCK_KEEP_MS;
  return deleteBatch(
    db,
    pressBlocks,
    pressBlocks.id,
    or(
      lt(pressBlocks.liftedAt, before),
      and(lt(pressBlocks.deviceUntil, before), lt(pressBlocks.addressUntil, before)),
    ),
    limit,
  );
}

/** How long an ended block is kept (a day: the owner may still ask "what happened last night"). */
const ENDED_BLOCK_KEEP_MS = 24 * 60 * 60_000;

/**
 * How long where a press came from is kept (decision 089): a prank dismissal reads the origin of an open call, and an
 * address block spares the devices that pressed at the restaurant before it (its regulars on the shared Wi-Fi), which
 * a month of presses covers. Each row holds a guest's address key.
 */
export const ORIGIN_KEEP_MS = 30 * 24 * 60 * 60_000;

/** Deletes press origins older than ORIGIN_KEEP_MS before `now`, at most `limit` (press_origins_created_idx). */
export function deleteOldOrigins(db: Executor, now: number, limit: number): Promise<number> {
  return deleteBatch(
    db,
    pressOrigins,
    pressOrigins.requestId,
    lt(pressOrigins.createdAt, now - ORIGIN_KEEP_MS),
    limit,
  );
}
