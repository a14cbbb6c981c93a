import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sortTables } from '@shared/table-label';
import { sections, tableAssignments, tables, users } from '../../db/schema';

export type TableRow = typeof tables.$inferSelect;
export type TableWithServer = TableRow & {
  serverName: string | null;
  /** Decision 077: its section's name and the servers assigned to that section (empty: none, or no section). */
  sectionName: string | null;
  sectionServerIds: string[];
};

/** The section's servers, as one array per table (ordered, so equal sets compare equal). */
// Qualified by hand: a subquery must not read an outer column as its own (see staff.repo's figures).
const sectionServerIdsOf = sql<
  string[] | null
>`(select array_agg(ss."server_id" order by ss."server_id") from "section_servers" ss where ss."section_id" = "tables"."section_id")`;

const selection = {
  t: tables,
  serverName: users.name,
  sectionName: sections.name,
  sectionServerIds: sectionServerIdsOf,
};

type Selected = {
  t: TableRow;
  serverName: string | null;
  sectionName: string | null;
  sectionServerIds: string[] | null;
};
const flatten = (r: Selected): TableWithServer => ({
  ...r.t,
  serverName: r.serverName,
  sectionName: r.sectionName,
  sectionServerIds: r.sectionServerIds ?? [],
});

function selectTables(db: Executor) {
  return db
    .select(selection)
    .from(tables)
    .leftJoin(users, eq(users.id, tables.serverId))
    .leftJoin(sections, eq(sections.id, tables.sectionId));
}

export async function listTables(db: Executor, restaurantId: string): Promise<TableWithServer[]> {
  const rows = await selectTables(db).where(eq(tables.restaurantId, restaurantId));
  // Natural order ('2' before '10', 'T2' before 'T10') is decided in one place, after reading (decision 064).
  return sortTables(rows.map(flatten));
}

/** These tables as the API shows them (ids not found are left out). */
export async function findTables(db: Executor, tableIds: string[]): Promise<TableWithServer[]> {
  if (tableIds.length === 0) return [];
  const rows = await selectTables(db).where(inArray(tables.id, tableIds));
  return sortTables(rows.map(flatten));
}

export async function findTable(
  db: Executor,
  tableId: string,
): Promise<TableWithServer | undefined> {
  const [row] = await selectTables(db).where(eq(tables.id, tableId));
  return row ? flatten(row) : undefined;
}

export async function findTableInRestaurant(db: Executor, restaurantId: string, tableId: string) {
  const [row] = await db
    .select()
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId)));
  return row;
}

export async function insertTableIfFree(db: Executor, row: typeof tables.$inferInsert) {
  const [inserted] = await db.insert(tables).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Inserts every row or, where a number is taken (even by a concurrent insert), skips it: the caller compares. */
export async function insertTablesIfFree(db: Executor, rows: (typeof tables.$inferInsert)[]) {
  return db.insert(tables).values(rows).onConflictDoNothing().returning();
}

/** Which of these numbers the restaurant already has. */
export async function takenNumbers(
  db: Executor,
  restaurantId: string,
  numbers: string[],
): Promise<string[]> {
  if (numbers.length === 0) return [];
  const rows = await db
    .select({ number: tables.number })
    .from(tables)
    .where(and(eq(tables.restaurantId, restaurantId), inArray(tables.number, numbers)));
  return rows.map((r) => r.number);
}

/** A new label for a table; a number taken in its restaurant raises the unique index's violation (the caller maps it). */
export async function renameTableRow(
  db: Executor,
  tableId: string,
  number: string,
  now: number,
): Promise<TableRow | undefined> {
  const [row] = await db
    .update(tables)
    .set({ number, updatedAt: now })
    .where(eq(tables.id, tableId))
    .returning();
  return row;
}

/** The restaurant's tables among these ids (others' and missing ids are left out). */
export async function tablesInRestaurant(
  db: Executor,
  restaurantId: string,
  tableIds: string[],
): Promise<TableRow[]> {
  return db
    .select()
    .from(tables)
    .where(and(eq(tables.restaurantId, restaurantId), inArray(tables.id, tableIds)));
}

export async function deleteTableRows(db: Executor, restaurantId: string, tableIds: string[]) {
  const rows = await db
    .delete(tables)
    .where(and(eq(tables.restaurantId, restaurantId), inArray(tables.id, tableIds)))
    .returning({ id: tables.id });
  return rows.map((r) => r.id);
}

/** Sets serverId only when the table is still unassigned or already this server's (no stealing, no races). */
export async function assignTable(db: Executor, tableId: string, serverId: string, now: number) {
  const [row] = await db
    .update(tables)
    .set({ serverId, updatedAt: now })
    .where(
      and(
        eq(tables.id, tableId),
        sql`(${tables.serverId} is null or ${tables.serverId} = ${serverId})`,
      ),
    )
    .returning();
  return row;
}

/** The owner's assignment (decision 077): sets the table's server whoever had it; returns who had it before. */
export async function setTableServerRow(
  db: Executor,
  tableId: string,
  serverId: string | null,
  now: number,
): Promise<string | null> {
  const [before] = await db
    .select({ serverId: tables.serverId })
    .from(tables)
    .where(eq(tables.id, tableId))
    .for('update');
  await db.update(tables).set({ serverId, updatedAt: now }).where(eq(tables.id, tableId));
  return before?.serverId ?? null;
}

export async function unassignTable(db: Executor, tableId: string, serverId: string, now: number) {
  const [row] = await db
    .update(tables)
    .set({ serverId: null, updatedAt: now })
    .where(and(eq(tables.id, tableId), eq(tables.serverId, serverId)))
    .returning();
  return row;
}

/** The dashboard's Recent Activity: one line per assignment or unassignment (decision 044). */
export async function recordAssignment(
  db: Executor,
  row: Omit<typeof tableAssignments.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(tableAssignments).values({ id: randomUUID(), ...row });
}

export async function deleteTableRow(db: Executor, restaurantId: string, tableId: string) {
  const rows = await db
    .delete(tables)
    .where(and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId)))
    .returning({ id: tables.id });
  return rows.length > 0;
}
