/**
 * Shifts with a safe hand-over (issue 27 item 3, decisions 094–096). A server starts a shift (on duty, picking
 * sections whose uncovered tables become theirs) and ends it — refused while they hold tables or open requests,
 * unless a named colleague on duty accepts a hand-over of everything they hold. The owner may force-end a shift for
 * someone who left. Every rule is checked here; the client only shows the outcome.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { MSG } from '@shared/messages';
import { tableLabel } from '@shared/table-label';
import { normalizeNote, noteProblem } from '@shared/guest-note';
import type { Handover, Shift, ShiftHistoryResponse, ShiftState, Table } from '@shared/schemas';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../http/errors';
import type { LiveService } from '../../live/live.service';
import {
  assertRestaurantAccess,
  canAccessRestaurant,
  worksAt,
  type SessionUser,
} from '../../policy/policy';
import { findRestaurantDayStart } from '../restaurants/restaurants.repo';
import { findRequest } from '../requests/requests.repo';
import { toApiRequest } from '../requests/requests.mapper';
import { assertServersOf, sectionNotFound } from '../tables/sections.service';
import { findTable, recordAssignment } from '../tables/tables.repo';
import { listSectionRows } from '../tables/sections.repo';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
import {
  answerHandover,
  closeOffersOf,
  closeShift,
  findHandover,
  findShift,
  holdings,
  insertHandover,
  insertShift,
  isOnDuty,
  listHandoversSince,
  listOffered,
  listOnDuty,
  listShiftsSince,
  moveHoldings,
  recordMoved,
  releaseHoldings,
  sectionsInRestaurant,
  setTableNoteRow,
  tableNumbers,
  takeUncoveredTables,
  type HandoverRow,
  type ShiftRow,
} from './shifts.repo';

const notOnDuty = () => conflict(MSG.notOnDuty, 'not_on_duty');
const colleagueNotOnDuty = () => conflict(MSG.colleagueNotOnDuty, 'colleague_not_on_duty');
const handoverNotFound = () => notFound(MSG.handoverNotFound, 'handover_not_found');
const shiftNotFound = () => notFound(MSG.shiftNotFound, 'shift_not_found');

function toApiShift(row: ShiftRow): Shift {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    server: { id: row.serverId, name: row.serverName },
    sectionIds: row.sectionIds,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    endedBy: row.endedBy ? { id: row.endedBy, name: row.endedByName ?? '' } : null,
  };
}

type Moved = { tables: { id: string; number: string }[]; requestIds: string[] };

export class ShiftsService {
  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
    /** Republishes tables whose server changed (TablesService.publish). */
    private readonly publishTables: (tableIds: string[]) => Promise<void>,
    private readonly tableOf: (tableId: string) => Promise<Table>,
    private readonly clock: () => number = Date.now,
  ) {}

  private async toApiHandover(row: HandoverRow, held?: Moved): Promise<Handover> {
    const tables = held?.tables ?? (await tableNumbers(this.db, row.tableIds));
    return {
      id: row.id,
      restaurantId: row.restaurantId,
      from: { id: row.fromServerId, name: row.fromName },
      to: { id: row.toServerId, name: row.toName },
      state: row.state,
      tables: tables.map(({ id, number }) => ({ id, number })),
      requestIds: held?.requestIds ?? row.requestIds,
      by: row.byUserId ? { id: row.byUserId, name: row.byName ?? '' } : null,
      offeredAt: row.offeredAt,
      answeredAt: row.answeredAt,
    };
  }

  /** A server of this restaurant (their own shift); anyone else: 404 like a missing restaurant, or 403 for an owner. */
  private async assertServerAt(user: SessionUser, restaurantId: string) {
    await assertRestaurantAccess(this.db, user, restaurantId);
    if (!worksAt(user, restaurantId)) throw forbidden();
  }

  async state(user: SessionUser, restaurantId: string): Promise<ShiftState> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const [onDutyRows, sectionRows] = await Promise.all([
      listOnDuty(this.db, restaurantId),
      listSectionRows(this.db, restaurantId),
    ]);
    const onDuty = onDutyRows.map(toApiShift);
    const sections = sectionRows
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => collator.compare(a.name, b.name));
    if (!worksAt(user, restaurantId))
      return {
        sections,
        myShift: null,
        onDuty,
        holding: { tables: [], openRequests: 0 },
        incoming: [],
        outgoing: null,
      };
    const [held, incoming, outgoing] = await Promise.all([
      holdings(this.db, restaurantId, user.id),
      listOffered(this.db, restaurantId, 'to', user.id),
      listOffered(this.db, restaurantId, 'from', user.id),
    ]);
    const mine = onDuty.find((s) => s.server.id === user.id) ?? null;
    const own = outgoing[0];
    return {
      sections,
      myShift: mine,
      onDuty,
      holding: { tables: held.tables, openRequests: held.requestIds.length },
      incoming: await Promise.all(incoming.map((h) => this.toApiHandover(h))),
      outgoing: own ? await this.toApiHandover(own, held) : null,
    };
  }

  async start(user: SessionUser, restaurantId: string, sectionIds: string[]): Promise<ShiftState> {
    await this.assertServerAt(user, restaurantId);
    const ids = [...new Set(sectionIds)];
    const now = this.clock();
    const taken = await this.db
      .transaction(async (tx) => {
        if ((await sectionsInRestaurant(tx, restaurantId, ids)).length !== ids.length)
          throw sectionNotFound();
        // The partial unique index (restaurant, server) where ended_at is null decides a double start.
        await insertShift(tx, {
          id: randomUUID(),
          restaurantId,
          serverId: user.id,
          sectionIds: ids,
          startedAt: now,
        });
        const tableIds = await takeUncoveredTables(tx, restaurantId, user.id, ids, now);
        for (const tableId of tableIds)
          await recordAssignment(tx, {
            restaurantId,
            tableId,
            serverId: user.id,
            kind: 'assigned',
            at: now,
          });
        return tableIds;
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? conflict(MSG.shiftAlreadyOpen, 'shift_open') : err;
      });
    await this.publishTables(taken);
    this.live.shiftChanged(restaurantId);
    return this.state(user, restaurantId);
  }

  /** Refused, naming what they hold, while the server holds tables or open requests (decision 094). */
  async end(user: SessionUser, restaurantId: string): Promise<ShiftState> {
    await this.assertServerAt(user, restaurantId);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      if (!(await closeShift(tx, restaurantId, user.id, now, null))) throw notOnDuty();
      const held = await holdings(tx, restaurantId, user.id);
      if (held.tables.length > 0 || held.requestIds.length > 0) {
        const labels = held.tables.map((t) => tableLabel(t.number, (n) => `Table ${n}`));
        throw conflict(
          MSG.shiftHoldsWork(labels.join(', '), held.tables.length, held.requestIds.length),
          'shift_holds_work',
          {
            values: {
              // The labels as written, one a line (a label has no line break): the client words each.
              tables: held.tables.map((t) => t.number).join('\n'),
              tableCount: held.tables.length,
              requestCount: held.requestIds.length,
            },
          },
        );
      }
      await closeOffersOf(tx, restaurantId, user.id, now);
    });
    this.live.shiftChanged(restaurantId);
    return this.state(user, restaurantId);
  }

  /** Offers everything the server holds to a named colleague on duty (decision 095). */
  async offer(user: SessionUser, restaurantId: string, toServerId: string): Promise<Handover> {
    await this.assertServerAt(user, restaurantId);
    if (toServerId === user.id) throw badRequest(MSG.handoverToSelf, 'handover_to_self');
    const now = this.clock();
    const id = randomUUID();
    await this.db
      .transaction(async (tx) => {
        if (!(await isOnDuty(tx, restaurantId, user.id))) throw notOnDuty();
        await assertServersOf(tx, restaurantId, [toServerId]);
        if (!(await isOnDuty(tx, restaurantId, toServerId))) throw colleagueNotOnDuty();
        const held = await holdings(tx, restaurantId, user.id);
        // One open offer per offerer: the partial unique index decides two offers at once.
        await insertHandover(tx, {
          id,
          restaurantId,
          fromServerId: user.id,
          toServerId,
          state: 'offered',
          tableIds: held.tables.map((t) => t.id),
          requestIds: held.requestIds,
          offeredAt: now,
        });
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? conflict(MSG.handoverPending, 'handover_pending') : err;
      });
    this.live.shiftChanged(restaurantId);
    return this.one(id);
  }

  private async one(handoverId: string, moved?: Moved): Promise<Handover> {
    const row = await findHandover(this.db, handoverId);
    if (!row) throw handoverNotFound();
    return this.toApiHandover(row, moved);
  }

  /** The hand-over as this server may see it: theirs (either side), of their restaurant; else 404. */
  private async handoverFor(user: SessionUser, handoverId: string, side: 'from' | 'to') {
    const row = await findHandover(this.db, handoverId);
    if (!row || !worksAt(user, row.restaurantId)) throw handoverNotFound();
    const mine = side === 'from' ? row.fromServerId : row.toServerId;
    if (mine !== user.id) throw handoverNotFound();
    if (row.state !== 'offered') throw conflict(MSG.handoverClosed, 'handover_closed');
    return row;
  }

  /**
   * In one transaction: the offer is accepted, the offerer's tables (with their notes) and open requests move to the
   * accepting server, and the offerer's shift ends (decision 095).
   */
  async accept(user: SessionUser, handoverId: string): Promise<Handover> {
    const row = await this.handoverFor(user, handoverId, 'to');
    const now = this.clock();
    const moved = await this.db.transaction(async (tx) => {
      const answered = await answerHandover(tx, handoverId, 'to', user.id, 'accepted', now);
      if (!answered) throw conflict(MSG.handoverClosed, 'handover_closed');
      if (!(await isOnDuty(tx, row.restaurantId, user.id))) throw notOnDuty();
      const result = await this.moveInTx(
        tx,
        row.restaurantId,
        row.fromServerId,
        user.id,
        now,
        null,
      );
      await recordMoved(tx, handoverId, result);
      await closeShift(tx, row.restaurantId, row.fromServerId, now, null);
      await closeOffersOf(tx, row.restaurantId, row.fromServerId, now);
      return result;
    });
    await this.announce(row.restaurantId, moved);
    return this.one(handoverId, moved);
  }

  async decline(user: SessionUser, handoverId: string): Promise<Handover> {
    return this.close(user, handoverId, 'to', 'declined');
  }

  async cancel(user: SessionUser, handoverId: string): Promise<Handover> {
    return this.close(user, handoverId, 'from', 'cancelled');
  }

  private async close(
    user: SessionUser,
    handoverId: string,
    side: 'from' | 'to',
    state: 'declined' | 'cancelled',
  ): Promise<Handover> {
    const row = await this.handoverFor(user, handoverId, side);
    const answered = await answerHandover(this.db, handoverId, side, user.id, state, this.clock());
    if (!answered) throw conflict(MSG.handoverClosed, 'handover_closed');
    this.live.shiftChanged(row.restaurantId);
    return this.one(handoverId);
  }

  private async moveInTx(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    restaurantId: string,
    from: string,
    to: string | null,
    now: number,
    byUserId: string | null,
  ): Promise<Moved> {
    const result =
      to === null
        ? await releaseHoldings(tx, restaurantId, from, now)
        : await moveHoldings(tx, restaurantId, from, to, now);
    for (const table of result.tables) {
      const line = { restaurantId, tableId: table.id, byUserId, at: now };
      await recordAssignment(tx, { ...line, serverId: from, kind: 'unassigned' });
      if (to !== null) await recordAssignment(tx, { ...line, serverId: to, kind: 'assigned' });
    }
    return result;
  }

  /**
   * A server the owner deactivates (decision 068) leaves duty in the deactivation's own transaction (decision 095):
   * their open shift ends, ended by the owner; their offers close; every table and open request they held goes back
   * to the floor. So a deactivated server is never left on duty holding calls nobody else sees. Answers what to
   * announce once committed (null: they were not on duty and held nothing).
   */
  async leaveDutyInTx(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    restaurantId: string,
    serverId: string,
    byUserId: string | null,
    now: number,
  ): Promise<(() => Promise<void>) | null> {
    const ended = await closeShift(tx, restaurantId, serverId, now, byUserId);
    await closeOffersOf(tx, restaurantId, serverId, now);
    const moved = await this.moveInTx(tx, restaurantId, serverId, null, now, byUserId);
    if (!ended && moved.tables.length === 0 && moved.requestIds.length === 0) return null;
    return () => this.announce(restaurantId, moved);
  }

  /** Consoles update without a reload: each moved table and request, then everyone's shift state. */
  private async announce(restaurantId: string, moved: Moved) {
    await this.publishTables(moved.tables.map((t) => t.id));
    const now = this.clock();
    for (const id of moved.requestIds) {
      const request = await findRequest(this.db, id);
      if (request)
        this.live.requestUpdated(toApiRequest(request, now), request.showServerNames ?? false);
    }
    this.live.shiftChanged(restaurantId);
  }

  /**
   * The owner ends a server's shift (someone who left, decision 095): their work goes to a named server on duty, or
   * back to the floor (null). A hand-over line names the owner when it went to someone.
   */
  async forceEnd(user: SessionUser, shiftId: string, toServerId: string | null): Promise<Shift> {
    const shift = await findShift(this.db, shiftId);
    if (!shift || user.role !== 'admin') throw shiftNotFound();
    if (!(await canAccessRestaurant(this.db, user, shift.restaurantId))) throw shiftNotFound();
    if (shift.endedAt !== null) throw conflict(MSG.shiftEnded, 'shift_ended');
    if (toServerId === shift.serverId) throw badRequest(MSG.handoverToSelf, 'handover_to_self');
    const { restaurantId } = shift;
    const now = this.clock();
    const moved = await this.db.transaction(async (tx) => {
      if (toServerId !== null) {
        await assertServersOf(tx, restaurantId, [toServerId]);
        if (!(await isOnDuty(tx, restaurantId, toServerId))) throw colleagueNotOnDuty();
      }
      if (!(await closeShift(tx, restaurantId, shift.serverId, now, user.id)))
        throw conflict(MSG.shiftEnded, 'shift_ended');
      await closeOffersOf(tx, restaurantId, shift.serverId, now);
      const result = await this.moveInTx(
        tx,
        restaurantId,
        shift.serverId,
        toServerId,
        now,
        user.id,
      );
      if (toServerId !== null)
        await insertHandover(tx, {
          id: randomUUID(),
          restaurantId,
          fromServerId: shift.serverId,
          toServerId,
          state: 'accepted',
          tableIds: result.tables.map((t) => t.id),
          requestIds: result.requestIds,
          byUserId: user.id,
          offeredAt: now,
          answeredAt: now,
        });
      return result;
    });
    await this.announce(restaurantId, moved);
    const ended = await findShift(this.db, shiftId);
    return toApiShift(ended!);
  }

  /** Today's shifts and hand-overs (decision 096): the owner sees all, a server their own. */
  async history(user: SessionUser, restaurantId: string): Promise<ShiftHistoryResponse> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const since = await findRestaurantDayStart(this.db, restaurantId, this.clock());
    if (since === undefined) throw notFound(MSG.restaurantNotFound, 'restaurant_not_found');
    const scope = user.role === 'admin' ? null : user.id;
    const [shiftRows, handoverRows] = await Promise.all([
      listShiftsSince(this.db, restaurantId, since, scope),
      listHandoversSince(this.db, restaurantId, since, scope),
    ]);
    return {
      shifts: shiftRows.map(toApiShift),
      handovers: await Promise.all(handoverRows.map((h) => this.toApiHandover(h))),
      since,
    };
  }

  /** The staff's note on a table (decision 096): its own server, or the owner; the guest note's rules. */
  async setNote(user: SessionUser, tableId: string, input: string): Promise<Table> {
    const row = await findTable(this.db, tableId);
    if (!row) throw notFound(MSG.tableNotFound, 'table_not_found');
    if (user.role === 'admin') {
      if (!(await canAccessRestaurant(this.db, user, row.restaurantId)))
        throw notFound(MSG.tableNotFound, 'table_not_found');
    } else {
      if (!worksAt(user, row.restaurantId)) throw notFound(MSG.tableNotFound, 'table_not_found');
      if (row.serverId !== user.id) throw forbidden(MSG.notYourTable, 'not_your_table');
    }
    const note = normalizeNote(input);
    const problem = note === null ? null : noteProblem(note);
    if (problem === 'note_too_long') throw badRequest(MSG.noteTooLong, problem);
    if (problem === 'note_invalid') throw badRequest(MSG.noteInvalid, problem);
    if (note !== row.note) {
      await setTableNoteRow(this.db, tableId, note, this.clock());
      await this.publishTables([tableId]);
    }
    return this.tableOf(tableId);
  }
}
