/**
 * The owner's sections of the floor (decision 077): named groups of tables, each with the servers the owner assigned
 * to it. A table with no server of its own is routed to its section's servers (policy `routedTo`); only the owning
 * admin manages sections, and only the restaurant's own servers can be assigned.
 */
import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../../db/client';
import { MAX_SECTIONS_PER_RESTAURANT } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { Section } from '@shared/schemas';
import { compareTableLabels } from '@shared/table-label';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../http/errors';
import { assertRestaurantAccess, type SessionUser } from '../../policy/policy';
import {
  countSections,
  deleteSectionRow,
  findSection,
  insertSection,
  listSectionRows,
  renameSectionRow,
  replaceSectionServers,
  serversOfRestaurant,
  serversOfSections,
  tableIdsOfSection,
  tablesOfSections,
  type SectionRow,
} from './sections.repo';

export const sectionNotFound = () => notFound(MSG.sectionNotFound, 'section_not_found');
const nameTaken = () => conflict(MSG.sectionNameExists, 'section_name_exists');
const staffNotFound = () => notFound(MSG.staffNotFound, 'staff_not_found');

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Checks that every id is an active server of the restaurant (decision 077). Another restaurant's server, an admin, a
 * missing id: all answer 404 staff_not_found, so ids of other tenants leak nothing; a deactivated one 409.
 */
export async function assertServersOf(db: Executor, restaurantId: string, userIds: string[]) {
  const found = await serversOfRestaurant(db, restaurantId, userIds);
  if (found.length !== userIds.length) throw staffNotFound();
  if (found.some((s) => s.deactivatedAt !== null))
    throw conflict(MSG.staffDeactivated, 'staff_deactivated');
  return found;
}

export class SectionsService {
  constructor(
    private readonly db: Db,
    /** Republishes tables whose section, or whose section's servers, changed (TablesService.publish). */
    private readonly publishTables: (tableIds: string[]) => Promise<void>,
  ) {}

  /** Only the owning admin; another restaurant's section answers exactly like a missing one. */
  private async sectionForAdmin(user: SessionUser, sectionId: string): Promise<SectionRow> {
    const row = await findSection(this.db, sectionId);
    if (!row) throw sectionNotFound();
    await assertRestaurantAccess(this.db, user, row.restaurantId).catch(() => {
      throw sectionNotFound();
    });
    if (user.role !== 'admin') throw forbidden();
    return row;
  }

  private async assertOwner(user: SessionUser, restaurantId: string) {
    await assertRestaurantAccess(this.db, user, restaurantId);
    if (user.role !== 'admin') throw forbidden();
  }

  private async toApi(rows: SectionRow[]): Promise<Section[]> {
    const ids = rows.map((r) => r.id);
    const [servers, tableRows] = await Promise.all([
      serversOfSections(this.db, ids),
      tablesOfSections(this.db, ids),
    ]);
    return rows.map((row) => ({
      id: row.id,
      restaurantId: row.restaurantId,
      name: row.name,
      servers: servers
        .filter((s) => s.sectionId === row.id)
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1)),
      tableIds: tableRows
        .filter((t) => t.sectionId === row.id)
        .sort((a, b) => compareTableLabels(a.number, b.number))
        .map((t) => t.id),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    }));
  }

  private async one(sectionId: string): Promise<Section> {
    const row = await findSection(this.db, sectionId);
    if (!row) throw sectionNotFound();
    const [section] = await this.toApi([row]);
    return section!;
  }

  /** The restaurant's sections in natural order of their names. */
  async list(user: SessionUser, restaurantId: string): Promise<Section[]> {
    await this.assertOwner(user, restaurantId);
    const rows = await listSectionRows(this.db, restaurantId);
    rows.sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
    return this.toApi(rows);
  }

  async create(user: SessionUser, restaurantId: string, input: string): Promise<Section> {
    await this.assertOwner(user, restaurantId);
    const name = input.trim();
    if (!name) throw badRequest(MSG.sectionNameRequired, 'name_required');
    const now = Date.now();
    const id = randomUUID();
    await this.db
      .transaction(async (tx) => {
        if ((await countSections(tx, restaurantId)) >= MAX_SECTIONS_PER_RESTAURANT)
          throw conflict(MSG.sectionLimit(MAX_SECTIONS_PER_RESTAURANT), 'section_limit', {
            values: { max: MAX_SECTIONS_PER_RESTAURANT },
          });
        // The unique index (restaurant, lower(name)) decides, even between two concurrent adds.
        await insertSection(tx, { id, restaurantId, name, createdAt: now, updatedAt: now });
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? nameTaken() : err;
      });
    return this.one(id);
  }

  async rename(user: SessionUser, sectionId: string, input: string): Promise<Section> {
    const row = await this.sectionForAdmin(user, sectionId);
    const name = input.trim();
    if (!name) throw badRequest(MSG.sectionNameRequired, 'name_required');
    if (name !== row.name) {
      await renameSectionRow(this.db, sectionId, name, Date.now()).catch((err: unknown) => {
        throw isUniqueViolation(err) ? nameTaken() : err;
      });
      // Every console showing its tables shows the new name.
      await this.publishTables(await tableIdsOfSection(this.db, sectionId));
    }
    return this.one(sectionId);
  }

  /** Its tables stay, in no section: those with no server of their own become uncovered (everyone's). */
  async delete(user: SessionUser, sectionId: string): Promise<void> {
    await this.sectionForAdmin(user, sectionId);
    const tableIds = await this.db.transaction(async (tx) => {
      const ids = await tableIdsOfSection(tx, sectionId);
      await deleteSectionRow(tx, sectionId);
      return ids;
    });
    await this.publishTables(tableIds);
  }

  /** The section's servers as a whole: each an active server of its restaurant, or nothing changes. */
  async setServers(user: SessionUser, sectionId: string, serverIds: string[]): Promise<Section> {
    const row = await this.sectionForAdmin(user, sectionId);
    const ids = [...new Set(serverIds)];
    const tableIds = await this.db.transaction(async (tx) => {
      await assertServersOf(tx, row.restaurantId, ids);
      await replaceSectionServers(tx, row, ids, Date.now());
      return tableIdsOfSection(tx, sectionId);
    });
    // The tables' routing changed: a server newly given the section gets them, one taken off loses them.
    await this.publishTables(tableIds);
    return this.one(sectionId);
  }
}
