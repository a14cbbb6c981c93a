/** Tables: listing, assignment (SPEC §4), creation and deletion (SPEC §5 Add table). */
import { regenerateGuestCodes } from '../pranks/pranks.repo';
import { assertRoomFor, DEFAULT_RESTAURANT_CAPS } from '../restaurants/restaurant-caps';
import { randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/client';
import { MSG } from '@shared/messages';
import type { Table } from '@shared/schemas';
import { duplicateLabels } from '@shared/table-input';
import { normalizeTableNumber } from '@shared/table-label';
import {
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  type AppError,
} from '../../http/errors';
import type { LiveService } from '../../live/live.service';
import {
  assertRestaurantAccess,
  canSeeTable,
  worksAt,
  type SessionUser,
} from '../../policy/policy';
import { findSection, setSectionOfTables } from './sections.repo';
import { assertServersOf, sectionNotFound } from './sections.service';
import { toApiTable } from './tables.mapper';
import {
  assignTable,
  deleteTableRow,
  deleteTableRows,
  findTable,
  findTables,
  insertTableIfFree,
  insertTablesIfFree,
  listTables,
  recordAssignment,
  renameTableRow,
  setTableServerRow,
  tablesInRestaurant,
  takenNumbers,
  unassignTable,
  type TableRow,
} from './tables.repo';

/** Short random ids keep the QR code sparse (easier to scan); 96 bits cannot be guessed. */
export const newTableId = () => randomBytes(12).toString('base64url');

/** A new table row as both the single and the bulk add insert it (SPEC §4: status starts 'available'). */
function newTableRow(restaurantId: string, number: string, now: number) {
  return {
    id: newTableId(),
    restaurantId,
    number,
    status: 'available' as const,
    createdAt: now,
    updatedAt: now,
  };
}

export async function createTableRow(
  db: Executor,
  restaurantId: string,
  numberInput: string,
): Promise<TableRow> {
  const number = normalizeTableNumber(numberInput);
  if (!number) throw badRequest(MSG.tableNumberRequired, 'number_required');
  if (!restaurantId) throw badRequest(MSG.noRestaurantSelected, 'no_restaurant');
  const now = Date.now();
  // The unique index (restaurant_id, number) decides; no check-then-insert race.
  const row = await insertTableIfFree(db, newTableRow(restaurantId, number, now));
  if (!row) throw numbersTaken([number]);
  return row;
}

/** SPEC §5 'Table number already exists', naming which (decision 065: a bulk add says which of its labels). */
const numbersTaken = (numbers: string[]): AppError =>
  conflict(MSG.tableNumberExists, 'table_number_exists', {
    values: { numbers: numbers.join(', '), count: numbers.length },
  });

export class TablesService {
  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
    private readonly publicUrl: string,
    /** MAX_TABLES_PER_RESTAURANT (restaurant-caps.ts). */
    private readonly maxTables: number = DEFAULT_RESTAURANT_CAPS.tables,
  ) {}

  /** One table as the API shows it (no access check: for services that checked already). */
  get(tableId: string): Promise<Table> {
    return this.loadApi(tableId);
  }

  private async loadApi(tableId: string): Promise<Table> {
    const row = await findTable(this.db, tableId);
    if (!row) throw notFound(MSG.tableNotFound, 'table_not_found');
    return toApiTable(row, this.publicUrl);
  }

  /** Tells every console that these tables changed (e.g. unassigned when their server was deleted). */
  async publish(tableIds: string[]): Promise<void> {
    for (const id of tableIds) {
      const row = await findTable(this.db, id);
      if (row) this.live.tableChanged(toApiTable(row, this.publicUrl));
    }
  }

  /** SPEC §6: a server sees own and unassigned tables; an owning admin sees all. */
  async list(user: SessionUser, restaurantId: string): Promise<Table[]> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const rows = await listTables(this.db, restaurantId);
    return rows.filter((t) => canSeeTable(user, t)).map((t) => toApiTable(t, this.publicUrl));
  }

  private async tableForStaff(user: SessionUser, tableId: string) {
    const row = await findTable(this.db, tableId);
    // Another restaurant's table answers exactly like a missing one.
    if (!row || !worksAt(user, row.restaurantId))
      throw notFound(MSG.tableNotFound, 'table_not_found');
    return row;
  }

  /**
   * Decision 089: "Regenerate QR codes": every table gets a fresh code; the printed ones stop working (they answer
   * the guest page's "no longer valid"). Ids, calls, history and analytics stay. Open consoles get the new URLs live.
   */
  async regenerateCodes(user: SessionUser, restaurantId: string): Promise<Table[]> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    await regenerateGuestCodes(this.db, restaurantId, Date.now());
    const tables = (await listTables(this.db, restaurantId)).map((t) =>
      toApiTable(t, this.publicUrl),
    );
    for (const table of tables) this.live.tableChanged(table);
    return tables;
  }

  /** SPEC §5: only users with role server can assign tables to themselves. */
  async assign(user: SessionUser, tableId: string): Promise<Table> {
    if (user.role !== 'server') throw forbidden(MSG.onlyServersAssign);
    const before = await this.tableForStaff(user, tableId);
    const now = Date.now();
    // The assignment and its activity line commit together (decision 044); a repeated tap records nothing.
    const updated = await this.db.transaction(async (tx) => {
      const row = await assignTable(tx, tableId, user.id, now);
      if (row && before.serverId !== user.id)
        await recordAssignment(tx, {
          restaurantId: row.restaurantId,
          tableId,
          serverId: user.id,
          kind: 'assigned',
          at: now,
        });
      return row;
    });
    if (!updated) throw conflict(MSG.tableAssignedToOther, 'table_taken');
    const table = await this.loadApi(tableId);
    this.live.tableChanged(table);
    return table;
  }

  async unassign(user: SessionUser, tableId: string): Promise<Table> {
    if (user.role !== 'server') throw forbidden(MSG.onlyServersAssign);
    const row = await this.tableForStaff(user, tableId);
    if (row.serverId !== null && row.serverId !== user.id) {
      throw forbidden(MSG.notYourTable, 'not_your_table');
    }
    if (row.serverId === user.id) {
      const now = Date.now();
      await this.db.transaction(async (tx) => {
        if (await unassignTable(tx, tableId, user.id, now))
          await recordAssignment(tx, {
            restaurantId: row.restaurantId,
            tableId,
            serverId: user.id,
            kind: 'unassigned',
            at: now,
          });
      });
    }
    const table = await this.loadApi(tableId);
    this.live.tableChanged(table);
    return table;
  }

  async create(user: SessionUser, restaurantId: string, number: string): Promise<Table> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    // Issue 25: at most MAX_TABLES_PER_RESTAURANT, checked under a lock in the inserting transaction.
    const row = await this.db.transaction(async (tx) => {
      await assertRoomFor(tx, restaurantId, 'tables', this.maxTables);
      return createTableRow(tx, restaurantId, number);
    });
    const table = await this.loadApi(row.id);
    this.live.tableChanged(table);
    return table;
  }

  /**
   * Bulk add (decision 065): every label created, or none — a duplicate in the list or against the restaurant's
   * tables (even one a concurrent request just added) refuses the whole list, naming the labels.
   */
  async createMany(user: SessionUser, restaurantId: string, input: string[]): Promise<Table[]> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const numbers = input.map(normalizeTableNumber);
    if (numbers.some((n) => n === '')) throw badRequest(MSG.tableNumberRequired, 'number_required');
    const repeated = duplicateLabels(numbers);
    if (repeated.length > 0) throw numbersTaken(repeated);
    const now = Date.now();
    const rows = await this.db.transaction(async (tx) => {
      const taken = await takenNumbers(tx, restaurantId, numbers);
      if (taken.length > 0) throw numbersTaken(numbers.filter((n) => taken.includes(n)));
      const inserted = await insertTablesIfFree(
        tx,
        numbers.map((number) => newTableRow(restaurantId, number, now)),
      );
      if (inserted.length < numbers.length) {
        const made = new Set(inserted.map((r) => r.number));
        // Thrown inside the transaction: the rows inserted so far are rolled back with it.
        throw numbersTaken(numbers.filter((n) => !made.has(n)));
      }
      return inserted;
    });
    const created = rows.map((row) =>
      toApiTable(
        { ...row, serverName: null, sectionName: null, sectionServerIds: [] },
        this.publicUrl,
      ),
    );
    for (const table of created) this.live.tableChanged(table);
    return created;
  }

  /** Another restaurant's table answers exactly like a missing one; only its owner may change it. */
  private async tableForAdmin(user: SessionUser, tableId: string) {
    const row = await findTable(this.db, tableId);
    if (!row) throw notFound(MSG.tableNotFound, 'table_not_found');
    await assertRestaurantAccess(this.db, user, row.restaurantId).catch(() => {
      throw notFound(MSG.tableNotFound, 'table_not_found');
    });
    if (user.role !== 'admin') throw forbidden();
    return row;
  }

  /** Rename (decision 065): unique within the restaurant; the id, and so the QR code and guest URL, stay. */
  async rename(user: SessionUser, tableId: string, input: string): Promise<Table> {
    const row = await this.tableForAdmin(user, tableId);
    const number = normalizeTableNumber(input);
    if (!number) throw badRequest(MSG.tableNumberRequired, 'number_required');
    if (number !== row.number) {
      if ((await takenNumbers(this.db, row.restaurantId, [number])).length > 0)
        throw numbersTaken([number]);
      // The unique index still decides when two renames race.
      await renameTableRow(this.db, tableId, number, Date.now()).catch((err: unknown) => {
        throw isUniqueViolation(err) ? numbersTaken([number]) : err;
      });
    }
    const table = await this.loadApi(tableId);
    this.live.tableChanged(table);
    return table;
  }

  /** Delete several at once: all of them are this restaurant's tables and are deleted together, or none is. */
  async deleteMany(user: SessionUser, restaurantId: string, tableIds: string[]): Promise<void> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    if (user.role !== 'admin') throw forbidden();
    const ids = [...new Set(tableIds)];
    await this.db.transaction(async (tx) => {
      const found = await tablesInRestaurant(tx, restaurantId, ids);
      if (found.length !== ids.length) throw notFound(MSG.tableNotFound, 'table_not_found');
      await deleteTableRows(tx, restaurantId, ids);
    });
    for (const id of ids) this.live.tableDeleted(restaurantId, id);
  }

  /**
   * Decision 077: the owner gives a table to one of the restaurant's active servers (taking it from whoever had it),
   * or takes it from its server (null). Each change is a line of the assignment history, naming the owner.
   */
  async setServer(user: SessionUser, tableId: string, serverId: string | null): Promise<Table> {
    const row = await this.tableForAdmin(user, tableId);
    if (serverId !== null) await assertServersOf(this.db, row.restaurantId, [serverId]);
    if (serverId !== row.serverId) {
      const now = Date.now();
      await this.db.transaction(async (tx) => {
        if (serverId !== null) await assertServersOf(tx, row.restaurantId, [serverId]);
        const previous = await setTableServerRow(tx, tableId, serverId, now);
        const line = { restaurantId: row.restaurantId, tableId, byUserId: user.id, at: now };
        if (previous !== null)
          await recordAssignment(tx, { ...line, serverId: previous, kind: 'unassigned' });
        if (serverId !== null) await recordAssignment(tx, { ...line, serverId, kind: 'assigned' });
      });
    }
    const table = await this.loadApi(tableId);
    this.live.tableChanged(table);
    return table;
  }

  /** Decision 077: puts tables in one of the restaurant's sections, or in none (null): all of them, or none. */
  async setSection(
    user: SessionUser,
    restaurantId: string,
    tableIds: string[],
    sectionId: string | null,
  ): Promise<Table[]> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    if (user.role !== 'admin') throw forbidden();
    const ids = [...new Set(tableIds)];
    await this.db.transaction(async (tx) => {
      if (sectionId !== null) {
        const section = await findSection(tx, sectionId);
        if (!section || section.restaurantId !== restaurantId) throw sectionNotFound();
      }
      const found = await tablesInRestaurant(tx, restaurantId, ids);
      if (found.length !== ids.length) throw notFound(MSG.tableNotFound, 'table_not_found');
      await setSectionOfTables(tx, restaurantId, ids, sectionId, Date.now());
    });
    const rows = await findTables(this.db, ids);
    const changed = rows.map((row) => toApiTable(row, this.publicUrl));
    for (const table of changed) this.live.tableChanged(table);
    return changed;
  }

  async delete(user: SessionUser, tableId: string): Promise<void> {
    const row = await this.tableForAdmin(user, tableId);
    await deleteTableRow(this.db, row.restaurantId, tableId);
    this.live.tableDeleted(row.restaurantId, tableId);
  }
}
