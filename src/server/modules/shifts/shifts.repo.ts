/** Shifts, hand-overs and what a server holds (decisions 094, 095). */
import { and, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../db/client';
import { handovers, sections, shifts, tables, users } from '../../db/schema';
import { sortTables } from '@shared/table-label';
import { onDutySql } from './on-duty';

export type ShiftRow = typeof shifts.$inferSelect & {
  serverName: string;
  endedByName: string | null;
};
export type HandoverRow = typeof handovers.$inferSelect & {
  fromName: string;
  toName: string;
  byName: string | null;
};

const servers = alias(users, 'shift_servers');
const enders = alias(users, 'shift_enders');

function selectShifts(db: Executor) {
  return db
    .select({ s: shifts, serverName: servers.name, endedByName: enders.name })
    .from(shifts)
    .innerJoin(servers, eq(servers.id, shifts.serverId))
    .leftJoin(enders, eq(enders.id, shifts.endedBy));
}
type SelectedShift = {
  s: typeof shifts.$inferSelect;
  serverName: string;
  endedByName: string | null;
};
const flatShift = (r: SelectedShift): ShiftRow => ({
  ...r.s,
  serverName: r.serverName,
  endedByName: r.endedByName,
});

const fromUsers = alias(users, 'handover_from');
const toUsers = alias(users, 'handover_to');
const byUsers = alias(users, 'handover_by');

function selectHandovers(db: Executor) {
  return db
    .select({ h: handovers, fromName: fromUsers.name, toName: toUsers.name, byName: byUsers.name })
    .from(handovers)
    .innerJoin(fromUsers, eq(fromUsers.id, handovers.fromServerId))
    .innerJoin(toUsers, eq(toUsers.id, handovers.toServerId))
    .leftJoin(byUsers, eq(byUsers.id, handovers.byUserId));
}
type SelectedHandover = {
  h: typeof handovers.$inferSelect;
  fromName: string;
  toName: string;
  byName: string | null;
};
const flatHandover = (r: SelectedHandover): HandoverRow => ({
  ...r.h,
  fromName: r.fromName,
  toName: r.toName,
  byName: r.byName,
});

export async function findShift(db: Executor, shiftId: string) {
  const [row] = await selectShifts(db).where(eq(shifts.id, shiftId));
  return row ? flatShift(row) : undefined;
}

export async function listOnDuty(db: Executor, restaurantId: string) {
  const rows = await selectShifts(db)
    .where(and(eq(shifts.restaurantId, restaurantId), isNull(shifts.endedAt)))
    .orderBy(shifts.startedAt);
  return rows.map(flatShift);
}

/** Today's shifts: started since `since`, or still open; `serverId`: only theirs. Newest first. */
export async function listShiftsSince(
  db: Executor,
  restaurantId: string,
  since: number,
  serverId: string | null,
) {
  const rows = await selectShifts(db)
    .where(
      and(
        eq(shifts.restaurantId, restaurantId),
        or(gte(shifts.startedAt, since), isNull(shifts.endedAt), gte(shifts.endedAt, since)),
        serverId ? eq(shifts.serverId, serverId) : undefined,
      ),
    )
    .orderBy(desc(shifts.startedAt))
    .limit(500);
  return rows.map(flatShift);
}

export async function listHandoversSince(
  db: Executor,
  restaurantId: string,
  since: number,
  serverId: string | null,
) {
  const rows = await selectHandovers(db)
    .where(
      and(
        eq(handovers.restaurantId, restaurantId),
        gte(handovers.offeredAt, since),
        serverId
          ? or(eq(handovers.fromServerId, serverId), eq(handovers.toServerId, serverId))
          : undefined,
      ),
    )
    .orderBy(desc(handovers.offeredAt))
    .limit(500);
  return rows.map(flatHandover);
}

export async function findHandover(db: Executor, handoverId: string) {
  const [row] = await selectHandovers(db).where(eq(handovers.id, handoverId));
  return row ? flatHandover(row) : undefined;
}

export async function listOffered(
  db: Executor,
  restaurantId: string,
  side: 'from' | 'to',
  serverId: string,
) {
  const rows = await selectHandovers(db).where(
    and(
      eq(handovers.restaurantId, restaurantId),
      eq(handovers.state, 'offered'),
      eq(side === 'from' ? handovers.fromServerId : handovers.toServerId, serverId),
    ),
  );
  return rows.map(flatHandover);
}

export async function insertShift(db: Executor, row: typeof shifts.$inferInsert) {
  await db.insert(shifts).values(row);
}

/** Ends the server's open shift; returns its id (none open: undefined). */
export async function closeShift(
  db: Executor,
  restaurantId: string,
  serverId: string,
  now: number,
  endedBy: string | null,
) {
  const [row] = await db
    .update(shifts)
    .set({ endedAt: now, endedBy })
    .where(
      and(
        eq(shifts.restaurantId, restaurantId),
        eq(shifts.serverId, serverId),
        isNull(shifts.endedAt),
      ),
    )
    .returning({ id: shifts.id });
  return row?.id;
}

/** Whether the server has an open shift at the restaurant, read under a share lock on that shift row. */
export async function isOnDuty(db: Executor, restaurantId: string, serverId: string) {
  const rows = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(
      and(
        eq(shifts.restaurantId, restaurantId),
        eq(shifts.serverId, serverId),
        isNull(shifts.endedAt),
      ),
    )
    .for('share');
  return rows.length > 0;
}

export async function sectionsInRestaurant(db: Executor, restaurantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.restaurantId, restaurantId), inArray(sections.id, ids)));
}

/**
 * Start of a shift (decision 094): the picked sections' tables with no server of their own that no other assigned
 * server on duty covers become this server's. Returns their ids.
 */
export async function takeUncoveredTables(
  db: Executor,
  restaurantId: string,
  serverId: string,
  sectionIds: string[],
  now: number,
): Promise<string[]> {
  if (sectionIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update tables t set server_id = ${serverId}, updated_at = ${now}
      where t.restaurant_id = ${restaurantId} and t.server_id is null
        and t.section_id in (${sql.join(
          sectionIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        and not exists (select 1 from section_servers ss where ss.section_id = t.section_id
          and ss.server_id <> ${serverId} and ${sql.raw(onDutySql('ss.server_id', 't.restaurant_id'))})
      returning t.id`,
  );
  return rows.map((r) => r.id);
}

/** Open requests a server holds (decision 094): routed to their table, taken by them, or routed to them alone. */
const heldBy = (serverId: string) => sql`(r.server_id = ${serverId}
    or (r.status = 'acknowledged' and r.acknowledged_by = ${serverId})
    or (r.server_id is null and r.section_server_ids = array[${serverId}]::text[]))`;

export async function holdings(db: Executor, restaurantId: string, serverId: string) {
  const [tableRows, requestRows] = await Promise.all([
    db
      .select({ id: tables.id, number: tables.number })
      .from(tables)
      .where(and(eq(tables.restaurantId, restaurantId), eq(tables.serverId, serverId))),
    queryRows<{ id: string }>(
      db,
      sql`select r.id from requests r where r.restaurant_id = ${restaurantId}
        and r.status in ('pending', 'acknowledged') and ${heldBy(serverId)}`,
    ),
  ]);
  return { tables: sortTables(tableRows), requestIds: requestRows.map((r) => r.id) };
}

/**
 * Moves everything `from` holds to `to` (a hand-over accepted, or an owner's force-end to a named server): their
 * tables (the notes are on the table rows and go with them), and their open requests — routed to their tables, taken
 * by them, or listing them among the servers routed to. Returns what moved.
 */
export async function moveHoldings(
  db: Executor,
  restaurantId: string,
  from: string,
  to: string,
  now: number,
) {
  const tableRows = await db
    .update(tables)
    .set({ serverId: to, updatedAt: now })
    .where(and(eq(tables.restaurantId, restaurantId), eq(tables.serverId, from)))
    .returning({ id: tables.id, number: tables.number });
  const requestRows = await queryRows<{ id: string }>(
    db,
    sql`update requests r set
        server_id = case when r.server_id = ${from} then ${to} else r.server_id end,
        acknowledged_by = case when r.status = 'acknowledged' and r.acknowledged_by = ${from} then ${to}
          else r.acknowledged_by end,
        section_server_ids = case when r.server_id is null and ${from} = any(r.section_server_ids) then
          (case when ${to} = any(r.section_server_ids) then array_remove(r.section_server_ids, ${from})
            else array_replace(r.section_server_ids, ${from}, ${to}) end)
          else r.section_server_ids end,
        updated_at = ${now}
      where r.restaurant_id = ${restaurantId} and r.status in ('pending', 'acknowledged')
        and (${heldBy(from)} or (r.server_id is null and ${from} = any(r.section_server_ids)))
      returning r.id`,
  );
  return { tables: sortTables(tableRows), requestIds: requestRows.map((r) => r.id) };
}

/**
 * An owner's force-end with nobody named (decision 095): the server's tables are released, their open requests go
 * back to the floor — routed to nobody in particular, and a taken one back to pending so someone takes it.
 */
export async function releaseHoldings(
  db: Executor,
  restaurantId: string,
  from: string,
  now: number,
) {
  const tableRows = await db
    .update(tables)
    .set({ serverId: null, updatedAt: now })
    .where(and(eq(tables.restaurantId, restaurantId), eq(tables.serverId, from)))
    .returning({ id: tables.id, number: tables.number });
  const requestRows = await queryRows<{ id: string }>(
    db,
    sql`update requests r set
        server_id = case when r.server_id = ${from} then null else r.server_id end,
        section_server_ids = array_remove(r.section_server_ids, ${from}),
        status = case when r.status = 'acknowledged' and r.acknowledged_by = ${from} then 'pending' else r.status end,
        acknowledged_at = case when r.status = 'acknowledged' and r.acknowledged_by = ${from} then null
          else r.acknowledged_at end,
        acknowledged_by = case when r.status = 'acknowledged' and r.acknowledged_by = ${from} then null
          else r.acknowledged_by end,
        updated_at = ${now}
      where r.restaurant_id = ${restaurantId} and r.status in ('pending', 'acknowledged')
        and (${heldBy(from)} or (r.server_id is null and ${from} = any(r.section_server_ids)))
      returning r.id`,
  );
  return { tables: sortTables(tableRows), requestIds: requestRows.map((r) => r.id) };
}

export async function insertHandover(db: Executor, row: typeof handovers.$inferInsert) {
  await db.insert(handovers).values(row);
}

/** Answers an offered hand-over; undefined when it is not (or no longer) offered to/by this server. */
export async function answerHandover(
  db: Executor,
  handoverId: string,
  side: 'from' | 'to',
  serverId: string,
  state: 'accepted' | 'declined' | 'cancelled',
  now: number,
) {
  const [row] = await db
    .update(handovers)
    .set({ state, answeredAt: now })
    .where(
      and(
        eq(handovers.id, handoverId),
        eq(handovers.state, 'offered'),
        eq(side === 'from' ? handovers.fromServerId : handovers.toServerId, serverId),
      ),
    )
    .returning();
  return row;
}

export async function recordMoved(
  db: Executor,
  handoverId: string,
  moved: { tables: { id: string }[]; requestIds: string[] },
) {
  await db
    .update(handovers)
    .set({ tableIds: moved.tables.map((t) => t.id), requestIds: moved.requestIds })
    .where(eq(handovers.id, handoverId));
}

/** A server leaving duty: their own open offer is cancelled and the offers made to them are declined. */
export async function closeOffersOf(
  db: Executor,
  restaurantId: string,
  serverId: string,
  now: number,
) {
  await db
    .update(handovers)
    .set({
      state: sql`case when ${handovers.fromServerId} = ${serverId} then 'cancelled' else 'declined' end`,
      answeredAt: now,
    })
    .where(
      and(
        eq(handovers.restaurantId, restaurantId),
        eq(handovers.state, 'offered'),
        or(eq(handovers.fromServerId, serverId), eq(handovers.toServerId, serverId)),
      ),
    );
}

export async function tableNumbers(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return sortTables(
    await db
      .select({ id: tables.id, number: tables.number })
      .from(tables)
      .where(inArray(tables.id, ids)),
  );
}

export async function setTableNoteRow(
  db: Executor,
  tableId: string,
  note: string | null,
  now: number,
) {
  await db.update(tables).set({ note, updatedAt: now }).where(eq(tables.id, tableId));
}
