import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { REMINDER_TYPES } from '@shared/request-types';
import { alias } from 'drizzle-orm/pg-core';
import { queryPreparedText, queryRows, type Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import type { StatementNotify } from '../../live/bus';
import { requests, restaurants, tables, users } from '../../db/schema';
import { onDutyIdsSql, routedServerIdsSql } from '../shifts/on-duty';

/**
 * A request as the app uses it; its press key (decision 056) matters only to the press itself, its visit (decision
 * 092) only to the guest page's and the visits' statements.
 */
export type RequestRow = Omit<typeof requests.$inferSelect, 'pressKey' | 'visitId'>;
export type RequestStatus = RequestRow['status'];
export type RequestWithContext = RequestRow & {
  tableNumber: string | null;
  escalateAfterMinutes: number;
  /** Display names of who took and who resolved it (null: nobody, or the account is gone). */
  acknowledgedByName?: string | null;
  resolvedByName?: string | null;
  showServerNames?: boolean;
  /**
   * The servers on duty at the restaurant now (decision 094), read with the row; null: nobody is (shifts not in use),
   * which means every server. What a re-routed call reaches (decision 091); absent where a row cannot be re-routed.
   */
  onDutyServerIds?: string[] | null;
};

const takers = alias(users, 'takers');
const resolvers = alias(users, 'resolvers');

const selection = {
  r: requests,
  tableNumber: tables.number,
  escalateAfterMinutes: restaurants.escalateAfterMinutes,
  showServerNames: restaurants.showServerNames,
  acknowledgedByName: takers.name,
  resolvedByName: resolvers.name,
  onDutyServerIds: sql<
    string[] | string | null
  >`${sql.raw(onDutyIdsSql('"requests"."restaurant_id"'))}`,
};

type SelectedRow = {
  r: RequestRow;
  tableNumber: string | null;
  escalateAfterMinutes: number;
  showServerNames: boolean;
  acknowledgedByName: string | null;
  resolvedByName: string | null;
  onDutyServerIds: string[] | string | null;
};

const flatten = (rows: SelectedRow[]): RequestWithContext[] =>
  rows.map((row) => ({
    ...row.r,
    tableNumber: row.tableNumber,
    escalateAfterMinutes: row.escalateAfterMinutes,
    showServerNames: row.showServerNames,
    acknowledgedByName: row.acknowledgedByName,
    resolvedByName: row.resolvedByName,
    onDutyServerIds: row.onDutyServerIds === null ? null : textArray(row.onDutyServerIds),
  }));

/** One guest press, as the press statement takes it. */
export interface PressInput {
  id: string;
  restaurantId: string;
  tableId: string;
  type: RequestRow['type'];
  now: number;
  cooldownMs: number;
  /**
   * The guest device's idempotency key for this press (decision 056), or null. A press whose key is already on a
   * request of its table claims nothing (the caller answers with that request); the unique index
   * requests_table_press_key_unique is the last word if two such presses ever raced.
   */
  pressKey: string | null;
  /** The guest's note, already checked (shared/guest-note.ts), and the allergy / urgent flag (decision 070). */
  note: string | null;
  urgent: boolean;
  /**
   * With PostgreSQL, the request.created event the statement NOTIFYs (LiveService.requestCreatedInStatement): its
   * `event.request` is complete except serverId and tableNumber, which the statement fills in from the table it
   * claimed. Saves a round trip per press, and the event is sent only if the press committed. Null: the caller
   * publishes the event itself (in-process bus, or a payload too large to carry).
   */
  notify: StatementNotify | null;
  /**
   * Where the press came from (decision 089: the guest page's device id and the address key), written by the same
   * statement (press_origins), so a press costs one commit; null writes none.
   */
  origin: { deviceId: string | null; address: string } | null;
}

/** What the guest's press needs back to announce the new request without reading it again. */
export interface ClaimedPress {
  serverId: string | null;
  /** Decision 077: the section's servers the request is routed to (the table had no server of its own). */
  sectionServerIds: string[];
  tableNumber: string;
  escalateAfterMinutes: number;
  /** A push was queued in the outbox (the restaurant has a device subscribed). */
  pushQueued: boolean;
}

/**
 * A batch's rows in the order their locks are to be taken. The batch statements lock rows in the order of their input
 * (the plan walks it, looking each row up by its key): in key order, two statements that share rows — batches on two
 * instances, or two in flight on one — lock them in the same order and cannot deadlock.
 */
function inLockOrder<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}

/**
 * Guest presses as one statement (one round trip, no explicit transaction), for one press or a batch of them
 * (press-batcher.ts): each table's cool-down is claimed by a conditional UPDATE and the request inserted from it.
 * PostgreSQL row-locks the table row for the UPDATE and re-checks the WHERE on the newest version after waiting (READ
 * COMMITTED), so of two simultaneous presses at one table exactly one claims it. The same statement queues each
 * request's push in push_outbox, so a crash after the 201 cannot lose the alert, records where it came from
 * (press_origins), and sends each request.created NOTIFY (committed with the press, or not at all). Every press in a batch must be at a different table.
 *
 * Returns the claimed presses by request id; a press missing from the map claimed nothing: no such table, or still
 * cooling down.
 */
export async function claimTablesAndInsertRequests(
  db: Executor,
  presses: readonly PressInput[],
): Promise<Map<string, ClaimedPress>> {
  presses = inLockOrder(presses, (p) => p.tableId);
  // Every event goes on the bus's one channel (bus.ts CHANNEL).
  const channel = presses.find((p) => p.notify)?.notify?.channel ?? null;
  const rows = await queryPreparedText<{
    id: string;
    server_id: string | null;
    section_server_ids: string[] | string;
    number: string;
    escalate_after_minutes: number;
    push_queued: boolean;
  }>(db, 'guest_presses', PRESS_SQL, [
    presses.map((p) => p.id),
    presses.map((p) => p.restaurantId),
    presses.map((p) => p.tableId),
    presses.map((p) => p.type),
    presses.map((p) => p.now),
    presses.map((p) => p.now - p.cooldownMs),
    presses.map((p) => p.notify?.payload ?? null),
    presses.map((p) => p.pressKey),
    presses.map((p) => p.note),
    presses.map((p) => p.urgent),
    channel,
    presses.map((p) => (p.origin ? p.id : null)),
    presses.map((p) => p.origin?.deviceId ?? null),
    presses.map((p) => p.origin?.address ?? null),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        serverId: row.server_id,
        sectionServerIds: textArray(row.section_server_ids),
        tableNumber: row.number,
        escalateAfterMinutes: Number(row.escalate_after_minutes),
        pushQueued: row.push_queued,
      },
    ]),
  );
}

const PRESS_SQL = `
with input as (
  -- unnest() of the arrays, behind a function that keeps the prepared plan generic (migration 0006).
  select * from guest_press_input($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[],
    $7::text[], $8::text[], $9::text[], $10::boolean[]) p
), claimed as (
  -- A key already on one of the table's requests claims nothing: the service answers with that request (decision
  -- 056). An index lookup (requests_table_press_key_unique), only for a press that carries a key.
  -- Decision 092: the table's first press opens the party's visit (named by this request's id).
  update tables t set last_request_at = p.now,
    visit_id = coalesce(t.visit_id, p.id), seated_at = coalesce(t.seated_at, p.now)
  from input p
  where t.id = p.table_id and t.restaurant_id = p.restaurant_id
    and (t.last_request_at is null or t.last_request_at <= p.threshold)
    and (p.press_key is null or not exists (
      select 1 from requests e where e.table_id = p.table_id and e.press_key = p.press_key))
    -- Decision 087: only a button the restaurant shows: one of SPEC's four it does not hide, or one of its own not
    -- deleted (a primary key read of the restaurant, inside the same statement).
    and exists (select 1 from restaurants r where r.id = p.restaurant_id and case
      when p.type in ('server','order','refill','bill') then not ((r.request_types -> 'hidden') @> to_jsonb(p.type))
      else (r.request_types -> 'custom') @> jsonb_build_array(jsonb_build_object('key', p.type, 'deletedAt', null))
      end)
  returning p.id, t.id as table_id, t.restaurant_id, t.server_id, t.number, p.type, p.now, p.payload,
    p.press_key, p.note, p.urgent, t.visit_id,
    -- Decision 077: a table with no server of its own is routed to its section's servers (none: to everyone).
    -- Decision 094: once anyone is on duty, only servers on duty (shifts/on-duty.ts, the one rule).
    case when t.server_id is null then ${routedServerIdsSql('t.section_id', 't.restaurant_id')}
      else '{}'::text[] end as section_server_ids
), inserted as (
  insert into requests (id, restaurant_id, table_id, server_id, type, status, created_at, updated_at, press_key,
    note, urgent, section_server_ids, visit_id)
  select id, restaurant_id, table_id, server_id, type, 'pending', now, now, press_key, note, urgent,
    section_server_ids, visit_id from claimed
  returning id, restaurant_id, created_at
), opened as (
  -- Decision 092: the visit this press opened (its id is the press's own).
  insert into visits (id, restaurant_id, table_id, opened_at)
  select id, restaurant_id, table_id, now from claimed where visit_id = id
  returning id
), origins as (
  -- Decision 089: where each stored press came from, for a prank dismissal; in the press's own commit (a statement
  -- of its own was a second commit and fsync per press batch). A retry claims nothing, so it writes nothing new.
  insert into press_origins (request_id, restaurant_id, device_id, address, created_at)
  select c.id, c.restaurant_id, o.device_id, o.address, c.now
  from claimed c join unnest($12::text[], $13::text[], $14::text[]) o(id, device_id, address) on o.id = c.id
  on conflict do nothing
  returning request_id
), outboxed as (
  -- The push it owes, durable with it (docs/decisions/013); skipped when the restaurant has no device at all.
  insert into push_outbox (id, request_id, restaurant_id, kind, created_at, next_attempt_at)
  select 'new:' || i.id, i.id, i.restaurant_id, 'new', i.created_at, i.created_at from inserted i
  where exists (select 1 from push_subscriptions s where s.restaurant_id = i.restaurant_id)
  returning request_id
), notified as (
  -- jsonb_set is strict: a null server must become JSON null, not a null payload. count() makes every row run.
  select count(pg_notify($11, jsonb_set(jsonb_set(
    jsonb_set(c.payload::jsonb, '{event,request,serverId}', coalesce(to_jsonb(c.server_id), 'null'::jsonb)),
    '{event,request,tableNumber}', to_jsonb(c.number)),
    '{event,request,sectionServerIds}', to_jsonb(c.section_server_ids))::text)) as sent
  from claimed c where c.payload is not null
)
select c.id, c.server_id, c.section_server_ids, c.number, r.escalate_after_minutes,
  c.id in (select request_id from outboxed) as push_queued
from claimed c
join restaurants r on r.id = c.restaurant_id
cross join notified`;

/**
 * A server sees the requests routed to them (docs/decisions/004, 077): their own tables', and those of tables with no
 * server, from their sections or from no section with servers. The SQL form of policy canSeeRequest, given policy requestScopeOf (null: every request).
 */
const visibleTo = (serverId: string | null): SQL | undefined =>
  serverId
    ? or(
        eq(requests.serverId, serverId),
        and(
          isNull(requests.serverId),
          sql`(cardinality(${requests.sectionServerIds}) = 0 or ${serverId} = any(${requests.sectionServerIds}))`,
        ),
        // Decision 091: a call the reach sweep re-routed is every server's on duty (policy reachesOnDuty): all of
        // them while nobody is on duty at the restaurant (null), else only those with an open shift (decision 094).
        // (`::text[]` makes the subquery an array expression: `= any((select …))` would compare with each row.)
        sql`(${requests.reachStage} > 0 and coalesce(${serverId} = any(${sql.raw(
          onDutyIdsSql('"requests"."restaurant_id"'),
        )}::text[]), true))`,
      )
    : undefined;

/** A text[] as the driver hands it back through a text-mode query: an array, or its literal ('{a,b}'). */
export function textArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((v) => v.replace(/^"|"$/g, ''));
}

function query(db: Executor) {
  return db
    .select(selection)
    .from(requests)
    .leftJoin(tables, eq(tables.id, requests.tableId))
    .innerJoin(restaurants, eq(restaurants.id, requests.restaurantId))
    .leftJoin(takers, eq(takers.id, requests.acknowledgedBy))
    .leftJoin(resolvers, eq(resolvers.id, requests.resolvedBy));
}

/**
 * Decision 097: SQL, the request `alias` is one of the service timers' staff-only reminders. Every reader for guests
 * (the guest page, floor boards) or for figures (analytics, usual waits, the dashboard, escalation, re-routing, the
 * press budget, the visits sweep) leaves them out with `not (…)`.
 */
export const isReminderSql = (alias: string) =>
  `${alias}.type in ('reminder_order', 'reminder_bill')`;

/** Which open requests a list reads: with the staff's reminders (consoles), or without them (floor boards). */
export interface OpenListOptions {
  reminders?: boolean;
}

/** What the console's list counts as open: pending, or acknowledged (taken, not yet done). */
const openIn = (restaurantId: string, serverId: string | null, options: OpenListOptions = {}) =>
  and(
    eq(requests.restaurantId, restaurantId),
    inArray(requests.status, ['pending', 'acknowledged']),
    visibleTo(serverId),
    options.reminders === false ? notInArray(requests.type, [...REMINDER_TYPES]) : undefined,
  );

/**
 * A page of open requests, oldest first after the keyset cursor (createdAt, id): the console's list (decision 054;
 * requests_open_idx serves the range and the order).
 */
export async function listPending(
  db: Executor,
  restaurantId: string,
  serverId: string | null,
  page: { after: { createdAt: number; id: string } | null; limit: number },
  options: OpenListOptions = {},
) {
  const rows = await query(db)
    .where(
      and(
        openIn(restaurantId, serverId, options),
        page.after
          ? sql`(${requests.createdAt}, ${requests.id}) > (${page.after.createdAt}::bigint, ${page.after.id}::text)`
          : undefined,
      ),
    )
    .orderBy(asc(requests.createdAt), asc(requests.id))
    .limit(page.limit);
  return flatten(rows);
}

/** How many requests are open for this viewer in all (the console's total beside a page, issue 25). */
export async function countOpen(
  db: Executor,
  restaurantId: string,
  serverId: string | null,
  options: OpenListOptions = {},
) {
  const [row] = await db
    .select({ total: count() })
    .from(requests)
    .where(openIn(restaurantId, serverId, options));
  return Number(row?.total ?? 0);
}

export async function listRecentlyCompleted(
  db: Executor,
  restaurantId: string,
  serverId: string | null,
  limit: number,
) {
  const rows = await query(db)
    .where(
      and(
        eq(requests.restaurantId, restaurantId),
        eq(requests.status, 'completed'),
        visibleTo(serverId),
      ),
    )
    .orderBy(desc(requests.updatedAt))
    .limit(limit);
  return flatten(rows);
}

/** Twice for every staff action (who may act, then the result): prepared (db/prepared.ts). */
const findRequestStatement = preparedPerDatabase((db) =>
  query(db)
    .where(eq(requests.id, sql.placeholder('id')))
    .prepare('find_request'),
);

export async function findRequest(
  db: Executor,
  id: string,
): Promise<RequestWithContext | undefined> {
  const [row] = await findRequestStatement(db).execute({ id });
  return row ? flatten([row])[0] : undefined;
}

/** Several requests with their context, in no particular order (the reach sweep's claimed rows, decision 091). */
export async function findRequests(
  db: Executor,
  ids: readonly string[],
): Promise<RequestWithContext[]> {
  if (ids.length === 0) return [];
  return flatten(await query(db).where(inArray(requests.id, [...ids])));
}

export interface TransitionInput {
  id: string;
  restaurantId: string;
  from: readonly RequestStatus[];
  to: 'acknowledged' | 'completed' | 'dismissed';
  by: string;
  now: number;
}

/**
 * Transitions as one conditional UPDATE (docs/decisions/028), of one request or of several that staff acted on at
 * the same moment (group commit, requests.service.ts): each row changes only if its status is still one of its
 * `from`, so of two staff acting at once exactly one wins (PostgreSQL re-checks the WHERE on the newest row version
 * after the row lock). Answers, in the input's order, false where the request was no longer in `from` (or is another
 * restaurant's). There is no reverse transition (SPEC §4). A request appears at most once in `inputs`.
 */
export async function transitionRequests(
  db: Executor,
  inputs: readonly TransitionInput[],
): Promise<boolean[]> {
  const sorted = inLockOrder(inputs, (i) => i.id);
  const rows = await queryPreparedText<{ id: string }>(db, 'request_transitions', TRANSITION_SQL, [
    sorted.map((i) => i.id),
    sorted.map((i) => i.restaurantId),
    sorted.map((i) => i.from.join(',')),
    sorted.map((i) => i.to),
    sorted.map((i) => i.by),
    sorted.map((i) => i.now),
  ]);
  const changed = new Set(rows.map((r) => r.id));
  return inputs.map((i) => changed.has(i.id));
}

/**
 * Completing or dismissing the table's latest request ends the table's cool-down in the same statement (issue 28
 * item 5, decision 057): `last_request_at` goes back to null when it still is that request's createdAt (a newer
 * request's cool-down stands). Data-modifying CTEs always run to completion, read or not.
 */
const TRANSITION_SQL = `
with changed as (
update requests r set
  status = i.to_status,
  acknowledged_at = case when i.to_status = 'acknowledged' then i.at else r.acknowledged_at end,
  acknowledged_by = case when i.to_status = 'acknowledged' then i.by_user else r.acknowledged_by end,
  resolved_at = case when i.to_status = 'acknowledged' then r.resolved_at else i.at end,
  resolved_by = case when i.to_status = 'acknowledged' then r.resolved_by else i.by_user end,
  updated_at = i.at
from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[])
  as i(id, restaurant_id, from_statuses, to_status, by_user, at)
where r.id = i.id and r.restaurant_id = i.restaurant_id
  and r.status = any(string_to_array(i.from_statuses, ','))
returning r.id, r.table_id, r.created_at, r.status, r.type
), freed as (
  update tables t set last_request_at = null
  from changed c
  where c.status in ('completed', 'dismissed') and t.id = c.table_id and t.last_request_at = c.created_at
    -- Decision 097: a reminder never started the cool-down, so handling it never ends one.
    and c.type not in ('reminder_order', 'reminder_bill')
  returning t.id
)
select id from changed`;

/** The request a press with this key made at this table (decision 056), if any. */
export async function findRequestByPressKey(
  db: Executor,
  tableId: string,
  pressKey: string,
): Promise<Pick<RequestRow, 'id' | 'type' | 'createdAt'> | undefined> {
  const [row] = await db
    .select({ id: requests.id, type: requests.type, createdAt: requests.createdAt })
    .from(requests)
    .where(and(eq(requests.tableId, tableId), eq(requests.pressKey, pressKey)))
    .limit(1);
  return row;
}

/**
 * A table's open requests (pending or acknowledged) of the party's visit there now (decision 093), newest first:
 * what its guest page shows, and what a second phone is told is "already in".
 */
export async function listOpenForTable(db: Executor, restaurantId: string, tableId: string) {
  const rows = await query(db)
    .where(
      and(
        eq(requests.restaurantId, restaurantId),
        eq(requests.tableId, tableId),
        inArray(requests.status, ['pending', 'acknowledged']),
        sql`${requests.visitId} is not distinct from ${tables.visitId}`,
        // Decision 097: the staff's reminders are never the guest's.
        notInArray(requests.type, [...REMINDER_TYPES]),
      ),
    )
    .orderBy(desc(requests.createdAt))
    .limit(10);
  return flatten(rows);
}

/**
 * The table's request of the party's visit done since `since` (the latest, if any; reminders never): the guest page
 * that connects just after it was done hears "Done ✓" too (guest.service recentlyDone). requests_table_created_idx
 * finds the table's requests.
 */
export async function findRecentlyDoneForTable(
  db: Executor,
  restaurantId: string,
  tableId: string,
  since: number,
) {
  const rows = await query(db)
    .where(
      and(
        eq(requests.restaurantId, restaurantId),
        eq(requests.tableId, tableId),
        eq(requests.status, 'completed'),
        gte(requests.resolvedAt, since),
        sql`${requests.visitId} is not distinct from ${tables.visitId}`,
        notInArray(requests.type, [...REMINDER_TYPES]),
      ),
    )
    .orderBy(desc(requests.resolvedAt))
    .limit(1);
  return flatten(rows)[0] ?? null;
}

/**
 * One page of the shift history (docs/decisions/030): the restaurant's requests handled since `since`, most
 * recently handled first, after the keyset cursor (resolved_at, id). requests_history_idx serves the range and
 * the order, so a page costs the same with a million rows.
 */
export async function listHistoryPage(
  db: Executor,
  input: {
    restaurantId: string;
    serverId: string | null;
    since: number;
    after: { resolvedAt: number; id: string } | null;
    limit: number;
  },
) {
  const rows = await query(db)
    .where(
      and(
        eq(requests.restaurantId, input.restaurantId),
        gte(requests.resolvedAt, input.since),
        // A row comparison: the index walks straight to the cursor.
        input.after
          ? sql`(${requests.resolvedAt}, ${requests.id}) < (${input.after.resolvedAt}::bigint, ${input.after.id}::text)`
          : undefined,
        visibleTo(input.serverId),
      ),
    )
    .orderBy(desc(requests.resolvedAt), desc(requests.id))
    .limit(input.limit);
  return flatten(rows);
}

/** A guest's change to its own request (decision 071): which request, at which table, proven by its press key. */
export interface GuestOwnedRequest {
  id: string;
  restaurantId: string;
  tableId: string;
  pressKey: string;
}

/**
 * Cancel my call (decision 071): pending → cancelled, only with the press key the request was made with, and only
 * while nobody has taken it — one conditional UPDATE, so a take and a cancel at the same moment cannot both win. The
 * table's cool-down ends with it, in the same statement, as after a dismissal (decision 057). Resolved by nobody:
 * it is no one's answer, and never counts in response times. Answers whether it changed.
 */
export async function cancelGuestRequest(
  db: Executor,
  target: GuestOwnedRequest,
  now: number,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    with changed as (
      update requests r set status = 'cancelled', resolved_at = ${now}, updated_at = ${now}
      where r.id = ${target.id} and r.restaurant_id = ${target.restaurantId} and r.table_id = ${target.tableId}
        and r.press_key = ${target.pressKey} and r.status = 'pending'
      returning r.id, r.table_id, r.created_at
    ), freed as (
      update tables t set last_request_at = null
      from changed c
      where t.id = c.table_id and t.last_request_at = c.created_at
      returning t.id
    )
    select id from changed`,
  );
  return rows.length > 0;
}

/**
 * The bill's payment method (decision 071), set by the device that pressed Get Bill while the bill is open (pending
 * or taken: the server on the way still learns whether to bring the card terminal). Answers whether it changed.
 */
export async function setGuestBillMethod(
  db: Executor,
  target: GuestOwnedRequest,
  method: 'card' | 'cash',
  now: number,
): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set({ billMethod: method, updatedAt: now })
    .where(
      and(
        eq(requests.id, target.id),
        eq(requests.restaurantId, target.restaurantId),
        eq(requests.tableId, target.tableId),
        eq(requests.pressKey, target.pressKey),
        eq(requests.type, 'bill'),
        inArray(requests.status, ['pending', 'acknowledged']),
      ),
    )
    .returning({ id: requests.id });
  return rows.length > 0;
}

/**
 * "Did you get what you needed?" (decision 082): the device that pressed answers once, within `windowMs` of the
 * request's completion — one conditional UPDATE. No (`resolved` false) sends the request back to pending as if it
 * had just come in: nobody has taken or resolved it, it is not escalated nor re-routed (its reach starts again from
 * its servers, waiting for a new receipt, decision 091), reopened_at starts its new wait, and the
 * push it owes is queued in the same statement (as the press does, decision 013; 'reopened:{id}', once per request,
 * as there is one answer). Answers whether it changed, and whether a push was queued.
 */
export async function answerGuestOutcome(
  db: Executor,
  target: GuestOwnedRequest,
  resolved: boolean,
  now: number,
  windowMs: number,
): Promise<{ changed: boolean; pushQueued: boolean }> {
  const reopen = !resolved;
  const rows = await queryRows<{ id: string; push_queued: boolean }>(
    db,
    sql`
    with changed as (
      update requests r set
        outcome = ${resolved ? 'resolved' : 'not_resolved'}, outcome_at = ${now}, updated_at = ${now},
        status = case when ${reopen}::boolean then 'pending' else r.status end,
        reopened_at = case when ${reopen}::boolean then ${now}::bigint else r.reopened_at end,
        acknowledged_at = case when ${reopen}::boolean then null else r.acknowledged_at end,
        acknowledged_by = case when ${reopen}::boolean then null else r.acknowledged_by end,
        resolved_at = case when ${reopen}::boolean then null else r.resolved_at end,
        resolved_by = case when ${reopen}::boolean then null else r.resolved_by end,
        escalated_at = case when ${reopen}::boolean then null else r.escalated_at end,
        -- Its alert goes out again (decision 091): routed to its servers first, waiting for a new receipt.
        reach_stage = case when ${reopen}::boolean then 0 else r.reach_stage end,
        receipted_at = case when ${reopen}::boolean then null else r.receipted_at end,
        realerted_at = case when ${reopen}::boolean then null else r.realerted_at end
      where r.id = ${target.id} and r.restaurant_id = ${target.restaurantId} and r.table_id = ${target.tableId}
        and r.press_key = ${target.pressKey} and r.status = 'completed' and r.outcome is null
        and r.resolved_at >= ${now - windowMs}
        -- Decision 093: "no" cannot send a request back once its party's visit is over (the table was cleared).
        and (${resolved}::boolean or r.visit_id is null
          or exists (select 1 from tables t where t.id = r.table_id and t.visit_id = r.visit_id))
      returning r.id, r.restaurant_id
    ), outboxed as (
      insert into push_outbox (id, request_id, restaurant_id, kind, created_at, next_attempt_at)
      select 'reopened:' || c.id, c.id, c.restaurant_id, 'new', ${now}, ${now} from changed c
      where ${reopen}::boolean
        and exists (select 1 from push_subscriptions s where s.restaurant_id = c.restaurant_id)
      on conflict (id) do nothing
      returning request_id
    )
    select c.id, exists (select 1 from outboxed) as push_queued from changed c`,
  );
  const row = rows[0];
  return { changed: row !== undefined, pushQueued: row?.push_queued === true };
}

/**
 * The private rating after the bill (decision 083): once per completed bill, from the device that pressed Get
 * Bill, within `windowMs` of its completion. Answers whether it was stored.
 */
export async function rateGuestBill(
  db: Executor,
  target: GuestOwnedRequest,
  rating: { stars: number; comment: string | null },
  now: number,
  windowMs: number,
): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set({ rating: rating.stars, ratingComment: rating.comment, ratedAt: now, updatedAt: now })
    .where(
      and(
        eq(requests.id, target.id),
        eq(requests.restaurantId, target.restaurantId),
        eq(requests.tableId, target.tableId),
        eq(requests.pressKey, target.pressKey),
        eq(requests.type, 'bill'),
        eq(requests.status, 'completed'),
        isNull(requests.rating),
        gte(requests.resolvedAt, now - windowMs),
      ),
    )
    .returning({ id: requests.id });
  return rows.length > 0;
}

/** A request of this table, with its press key, to tell the guest why a change was refused. */
export async function findTableRequestWithKey(
  db: Executor,
  restaurantId: string,
  tableId: string,
  id: string,
) {
  const [row] = await db
    .select({
      id: requests.id,
      type: requests.type,
      status: requests.status,
      pressKey: requests.pressKey,
      resolvedAt: requests.resolvedAt,
      outcome: requests.outcome,
      rating: requests.rating,
      ratingComment: requests.ratingComment,
    })
    .from(requests)
    .where(
      and(
        eq(requests.id, id),
        eq(requests.restaurantId, restaurantId),
        eq(requests.tableId, tableId),
      ),
    )
    .limit(1);
  return row;
}

/** Per type: how many requests were answered, and their median wait in ms (the honest wait, decision 071). */
export interface UsualWaitRow {
  type: RequestRow['type'];
  answered: number;
  median_ms: number | null;
}

/**
 * The restaurant's answered requests of the last `days` days pressed in the same hour of the day as `now`, in its
 * own time zone, per type: how many, and the median time to their answer (taken, or completed without a take — as
 * analytics counts it, decision 046). One range scan of requests_restaurant_created_idx; dismissed and cancelled
 * requests were never answered and do not count.
 */
export async function usualWaitsAt(
  db: Executor,
  restaurantId: string,
  now: number,
  days: number,
): Promise<UsualWaitRow[]> {
  const rows = await queryRows<UsualWaitRow>(
    db,
    sql`
    with place as (
      select time_zone as tz,
        extract(hour from to_timestamp(${now}::float8 / 1000) at time zone time_zone)::int as hour
      from restaurants where id = ${restaurantId}
    ), answered as (
      select r.type,
        (case
          when r.acknowledged_at is not null then r.acknowledged_at - r.created_at
          when r.status = 'completed' then r.resolved_at - r.created_at
        end)::float8 as wait_ms
      from requests r, place p
      where r.restaurant_id = ${restaurantId}
        and r.created_at >= ${now - days * 86_400_000} and r.created_at < ${now}
        and extract(hour from to_timestamp(r.created_at::float8 / 1000) at time zone p.tz)::int = p.hour
        -- Decision 097: a reminder is no guest's wait.
        and not ${sql.raw(isReminderSql('r'))}
    )
    select type, count(wait_ms)::int as answered,
      percentile_cont(0.5) within group (order by wait_ms) as median_ms
    from answered
    where wait_ms is not null
    group by type`,
  );
  return rows.map((r) => ({
    type: r.type,
    answered: Number(r.answered),
    median_ms: r.median_ms === null ? null : Number(r.median_ms),
  }));
}
