/** Sections of the floor and their servers (decision 077). */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sectionServers, sections, tables, users } from '../../db/schema';

export type SectionRow = typeof sections.$inferSelect;

export async function findSection(db: Executor, sectionId: string) {
  const [row] = await db.select().from(sections).where(eq(sections.id, sectionId));
  return row;
}

export async function listSectionRows(db: Executor, restaurantId: string) {
  return db
    .select()
    .from(sections)
    .where(eq(sections.restaurantId, restaurantId))
    .orderBy(asc(sections.createdAt), asc(sections.id));
}

export async function countSections(db: Executor, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sections)
    .where(eq(sections.restaurantId, restaurantId));
  return Number(row?.n ?? 0);
}

/** The servers of these sections, with their names. */
export async function serversOfSections(db: Executor, sectionIds: string[]) {
  if (sectionIds.length === 0) return [];
  return db
    .select({ sectionId: sectionServers.sectionId, id: users.id, name: users.name })
    .from(sectionServers)
    .innerJoin(users, eq(users.id, sectionServers.serverId))
    .where(inArray(sectionServers.sectionId, sectionIds));
}

/** The tables of these sections: id, label, section. */
export async function tablesOfSections(db: Executor, sectionIds: string[]) {
  if (sectionIds.length === 0) return [];
  return db
    .select({ id: tables.id, number: tables.number, sectionId: tables.sectionId })
    .from(tables)
    .where(inArray(tables.sectionId, sectionIds));
}

export async function insertSection(db: Executor, row: typeof sections.$inferInsert) {
  const [inserted] = await db.insert(sections).values(row).returning();
  return inserted!;
}

export async function renameSectionRow(db: Executor, sectionId: string, name: string, now: number) {
  await db.update(sections).set({ name, updatedAt: now }).where(eq(sections.id, sectionId));
}

/** Deletes the section; its tables' section_id becomes null (the foreign key's ON DELETE SET NULL). */
export async function deleteSectionRow(db: Executor, sectionId: string) {
  await db.delete(sections).where(eq(sections.id, sectionId));
}

/** Replaces the section's servers with these. */
export async function replaceSectionServers(
  db: Executor,
  section: SectionRow,
  serverIds: string[],
  now: number,
) {
  await db.delete(sectionServers).where(eq(sectionServers.sectionId, section.id));
  if (serverIds.length > 0)
    await db.insert(sectionServers).values(
      serverIds.map((serverId) => ({
        sectionId: section.id,
        serverId,
        restaurantId: section.restaurantId,
        createdAt: now,
      })),
    );
  await db.update(sections).set({ updatedAt: now }).where(eq(sections.id, section.id));
}

/** Servers of this restaurant among these ids, with whether each is deactivated. */
export async function serversOfRestaurant(db: Executor, restaurantId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(
      and(
        eq(users.role, 'server'),
        eq(users.restaurantId, restaurantId),
        inArray(users.id, userIds),
      ),
    );
}

/** Puts these tables (all of the restaurant) in the section, or in none. */
export async function setSectionOfTables(
  db: Executor,
  restaurantId: string,
  tableIds: string[],
  sectionId: string | null,
  now: number,
) {
  await db
    .update(tables)
    .set({ sectionId, updatedAt: now })
    .where(and(eq(tables.restaurantId, restaurantId), inArray(tables.id, tableIds)));
}

/** Ids of the tables in a section now (to republish them when the section changes). */
export async function tableIdsOfSection(db: Executor, sectionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: tables.id })
    .from(tables)
    .where(eq(tables.sectionId, sectionId));
  return rows.map((r) => r.id);
}

/** Takes a server out of every section (deactivated); returns the tables whose routing changed. */
export async function removeServerFromSections(db: Executor, serverId: string): Promise<string[]> {
  const removed = await db
    .delete(sectionServers)
    .where(eq(sectionServers.serverId, serverId))
    .returning({ sectionId: sectionServers.sectionId });
  const ids = [...new Set(removed.map((r) => r.sectionId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tables.id })
    .from(tables)
    .where(inArray(tables.sectionId, ids));
  return rows.map((r) => r.id);
}
