/**
 * The whole database. Every tenant table carries restaurant_id (docs/architecture.md) so the data can later be
 * distributed by that key. Timestamps are ms since the epoch (SPEC §3), stored as bigint.
 */
import { sql } from 'drizzle-orm';
import type { OpeningHours } from '@shared/opening-hours';
import type { RequestTypesConfig, StaffRequestKind } from '@shared/request-types';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ms = (name: string) => bigint(name, { mode: 'number' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Lowercased; null for PIN-only servers. */
    email: text('email'),
    /**
     * Decision 058: the address an admin gave a password staff member when it already belonged to an account the
     * admin cannot see. Shown to that admin as the member's email, so the answer looks like any new member's;
     * never unique, never signed in with, never mailed. Null otherwise.
     */
    claimedEmail: text('claimed_email'),
    role: text('role', { enum: ['super_admin', 'admin', 'server'] }).notNull(),
    /** For servers: the restaurant they work at (SPEC §3 restaurantId). */
    restaurantId: text('restaurant_id').references((): AnyPgColumn => restaurants.id, {
      onDelete: 'cascade',
    }),
    /** Lowercased login ID for PIN sign-in. */
    loginId: text('login_id'),
    authMethod: text('auth_method', { enum: ['password', 'pin'] }).notNull(),
    passwordHash: text('password_hash'),
    pinHash: text('pin_hash'),
    emailVerifiedAt: ms('email_verified_at'),
    /** The language of this user's screens, toasts, push notifications and mails (issue 15); null: the browser's. */
    language: text('language'),
    /**
     * Set while an owner has deactivated this staff member (decision 068): every sign-in and every existing session is
     * refused, their history stays. Null: active.
     */
    deactivatedAt: ms('deactivated_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_login_id_unique').on(t.loginId),
    index('users_restaurant_idx').on(t.restaurantId),
    /** Keyset pagination of the super admin's user list (issue 4: fast with 10,000 users). */
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

export const restaurants = pgTable(
  'restaurants',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    primaryColor: text('primary_color').notNull().default('#1E40AF'),
    secondaryColor: text('secondary_color').notNull().default('#F59E0B'),
    reviewUrl: text('review_url'),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Minutes a request may stay pending before it is escalated (docs/decisions/012). */
    escalateAfterMinutes: integer('escalate_after_minutes').notNull().default(3),
    /**
     * Decision 091: seconds a call waits for a device of its responsible server to confirm it showed the alert
     * before it is offered to every server on duty, and as long again before the admin.
     */
    receiptTimeoutSeconds: integer('receipt_timeout_seconds').notNull().default(20),
    /** Decision 091: pager style, an open call's alert repeats every receipt_timeout_seconds until someone takes it. */
    pagerRepeat: boolean('pager_repeat').notNull().default(false),
    /** The guest page names the server who took a request ("Anna is on the way"); off: "Your server" (decision 029). */
    showServerNames: boolean('show_server_names').notNull().default(true),
    /** IANA time zone: "today" and hours on the dashboard and analytics follow it (issue 13). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The guest page's language when none of the guest's browser languages is available (issue 15). */
    guestLanguage: text('guest_language').notNull().default('en'),
    /**
     * The guest's buttons (decision 087): SPEC's types it hides, and its own types, deleted ones kept (deletedAt) so
     * that past requests keep their name. Read by the press statement's check (requests.repo PRESS_SQL).
     */
    requestTypes: jsonb('request_types')
      .$type<RequestTypesConfig>()
      .notNull()
      .default({ hidden: [], custom: [] }),
    /**
     * Decision 092: a visit closes by itself this many minutes after its bill was completed (the party paid and left
     * without anyone pressing Clear table). Null: only staff close a visit.
     */
    visitCloseAfterBillMinutes: integer('visit_close_after_bill_minutes').default(15),
    /** Decision 097: remind the table's server when a visit is seated this long with no order request (null: off). */
    orderReminderMinutes: integer('order_reminder_minutes'),
    /** Decision 097: remind the table's server when a bill request is still open this long (null: off). */
    billReminderMinutes: integer('bill_reminder_minutes'),
    /** Decision 088: when presses are taken, in time_zone; null: open all day (the default). */
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    /** Decision 088: presses a minute across all the restaurant's tables before a press is refused as busy. */
    pressBudgetPerMinute: integer('press_budget_per_minute').notNull().default(120),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('restaurants_owner_idx').on(t.ownerId, t.createdAt)],
);

/**
 * Every restaurant id ever issued, kept when the restaurant is deleted: an id is claimed here before the restaurant
 * row is written, so no id is ever issued twice — a deleted restaurant's id (in open consoles, printed QR codes,
 * links) can never name someone else's restaurant (docs/decisions/024).
 */
export const restaurantIds = pgTable('restaurant_ids', {
  id: text('id').primaryKey(),
  issuedAt: ms('issued_at').notNull(),
});

/** Logos live in the database (DESIGN.md): an instance can die at any time and nothing is lost. */
export const restaurantLogos = pgTable('restaurant_logos', {
  restaurantId: text('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  etag: text('etag').notNull(),
  uploadedBy: text('uploaded_by'),
  updatedAt: ms('updated_at').notNull(),
});

/**
 * The owner's sections of the floor (decision 077): named groups of tables (Terrace, Bar …). A table is in at most one
 * (tables.section_id); the servers the owner assigned to a section are section_servers.
 */
export const sections = pgTable(
  'sections',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [uniqueIndex('sections_restaurant_name_unique').on(t.restaurantId, sql`lower(${t.name})`)],
);

/** Which servers the owner assigned to a section (decision 077): a table of it with no server of its own is theirs. */
export const sectionServers = pgTable(
  'section_servers',
  {
    sectionId: text('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    serverId: text('server_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sectionId, t.serverId] }),
    index('section_servers_server_idx').on(t.serverId),
  ],
);

export const tables = pgTable(
  'tables',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    status: text('status').notNull().default('available'),
    serverId: text('server_id').references(() => users.id, { onDelete: 'set null' }),
    /** The owner's section this table is in (decision 077); null: none. */
    sectionId: text('section_id').references((): AnyPgColumn => sections.id, {
      onDelete: 'set null',
    }),
    /**
     * createdAt of this table's latest request: the cool-down is checked and set under a row lock. Back to null when
     * that request is completed or dismissed: the cool-down ends with the request (decision 057).
     */
    lastRequestAt: ms('last_request_at'),
    /**
     * The staff's short note on the table (decision 096: "allergy seat 2"): untrusted one-line text, the guest note's
     * rules (shared/guest-note.ts); it travels with the table in a hand-over. Null: none.
     */
    note: text('note'),
    /**
     * The party's visit at this table now (decision 092): opened by the first press (its id is that request's id) or
     * by staff seating the table; back to null when the visit closes. seated_at: when it opened.
     */
    visitId: text('visit_id'),
    seatedAt: ms('seated_at'),
    /**
     * Decision 089: the code in the table's QR code, the last part of its guest URL /table/{restaurantId}/{code}.
     * Null: the table's id is its code (every table until its restaurant regenerates, so every printed code stays
     * valid); "Regenerate QR codes" sets a fresh random one. The table's id, its history and analytics stay.
     */
    guestCode: text('guest_code'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('tables_restaurant_number_unique').on(t.restaurantId, t.number),
    uniqueIndex('tables_restaurant_guest_code_unique').on(t.restaurantId, t.guestCode),
    index('tables_server_idx').on(t.serverId),
    index('tables_section_idx').on(t.sectionId),
  ],
);

export const requests = pgTable(
  'requests',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    serverId: text('server_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * One of SPEC's four types, a custom type's key ('c_…', decision 087), or a staff-only reminder the visits sweep
     * made ('reminder_order', 'reminder_bill', decision 097).
     */
    type: text('type').$type<StaffRequestKind>().notNull(),
    /**
     * pending → acknowledged → completed | dismissed; pending → completed | dismissed (docs/decisions/028); pending →
     * cancelled by the guest device that pressed (decision 071).
     */
    status: text('status', {
      enum: ['pending', 'acknowledged', 'completed', 'dismissed', 'cancelled'],
    })
      .notNull()
      .default('pending'),
    escalatedAt: ms('escalated_at'),
    /** "On my way": who took the request and when (issue 12). */
    acknowledgedAt: ms('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** Completed or dismissed: who and when. Set on every handled request; the shift history reads it. */
    resolvedAt: ms('resolved_at'),
    resolvedBy: text('resolved_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /**
     * The guest device's idempotency key for the press that made this request (decision 056): a retry with the same
     * key at the same table answers with this request instead of storing a second one. Null: sent without a key.
     */
    pressKey: text('press_key'),
    /** The guest's note (decision 070): plain text, at most 140 characters, checked by shared/guest-note.ts. */
    note: text('note'),
    /** Allergy / urgent (decision 070): the console puts the request's table on top. */
    urgent: boolean('urgent').notNull().default(false),
    /** How a bill is to be paid (decision 071), chosen by the guest after Get Bill; null: not said. */
    billMethod: text('bill_method', { enum: ['card', 'cash'] }),
    /**
     * Decision 077: when the table had no server at the press, the servers of its section then (the request is
     * routed to them); empty: to every server of the restaurant. Like server_id, a snapshot of the press.
     */
    sectionServerIds: text('section_server_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * "Did you get what you needed?" (decision 082): the pressing device's one answer after Done. not_resolved sends
     * the request back to pending (reopened_at); null: not answered.
     */
    outcome: text('outcome', { enum: ['resolved', 'not_resolved'] }),
    outcomeAt: ms('outcome_at'),
    /** When the guest's "no" sent this request back to pending (decision 082); null: never reopened. */
    reopenedAt: ms('reopened_at'),
    /** The private 1–5 rating after a completed bill, and its optional comment (decision 083; untrusted text). */
    rating: integer('rating'),
    /**
     * Decision 091: who a pending call reaches. 0: its responsible server(s) (decision 078); 1: re-routed to every
     * server on duty (no receipt in time); 2: re-routed to the admin too (it reached nobody). Only the reach sweep
     * raises it; the press inserts 0 (the column's default), so the press statement is unchanged.
     */
    reachStage: integer('reach_stage').notNull().default(0),
    /** Decision 091: the first receipt from a device the call was routed to (null: no device confirmed it yet). */
    receiptedAt: ms('receipted_at'),
    /** Decision 091: the last time the sweep widened or repeated this call's alert (null: never). */
    realertedAt: ms('realerted_at'),
    ratingComment: text('rating_comment'),
    ratedAt: ms('rated_at'),
    /** The party's visit the press was made in (decision 092); null: pressed before visits existed. */
    visitId: text('visit_id'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [
    index('requests_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    index('requests_table_created_idx').on(t.tableId, t.createdAt),
    /** A press's key is one request per table (decision 056); partial: a press without a key adds no entry. */
    uniqueIndex('requests_table_press_key_unique')
      .on(t.tableId, t.pressKey)
      .where(sql`press_key is not null`),
    /** The console's open list: pending and acknowledged (taken, not yet done). */
    index('requests_open_idx')
      .on(t.restaurantId, t.createdAt)
      .where(sql`status in ('pending', 'acknowledged')`),
    /** The shift history (decision 030): a restaurant's handled requests, newest first, keyset (resolved_at, id). */
    index('requests_history_idx')
      .on(t.restaurantId, t.resolvedAt, t.id)
      .where(sql`resolved_at is not null`),
    /** The escalation sweep's scan: only pending requests not yet escalated (modules/escalation). */
    index('requests_escalation_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending' and escalated_at is null`),
    /**
     * The dashboard (decision 044): a restaurant's latest takes and escalations, and today's takes per server. Partial:
     * a press inserts null into both columns, so neither index costs the press a write.
     */
    /** The reach sweep's scan (decision 091): pending calls that are still to be widened or repeated. */
    index('requests_reach_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index('requests_acknowledged_idx')
      .on(t.restaurantId, t.acknowledgedAt)
      .where(sql`acknowledged_at is not null`),
    index('requests_escalated_idx')
      .on(t.restaurantId, t.escalatedAt)
      .where(sql`escalated_at is not null`),
    check(
      'requests_type_check',
      sql`${t.type} in ('server','order','refill','bill','reminder_order','reminder_bill') or ${t.type} ~ '^c_[a-z0-9]{10}$'`,
    ),
    check(
      'requests_status_check',
      sql`${t.status} in ('pending','acknowledged','completed','dismissed','cancelled')`,
    ),
    check(
      'requests_rating_check',
      sql`${t.rating} is null or (${t.rating} between 1 and 5 and ${t.type} = 'bill')`,
    ),
    check(
      'requests_bill_method_check',
      sql`${t.billMethod} is null or (${t.billMethod} in ('card','cash') and ${t.type} = 'bill')`,
    ),
  ],
);

/**
 * A party's visit at a table (decision 092): opened by the table's first press or by staff seating it, closed when
 * staff clear the table (decision 093), some minutes after its bill was completed, or by the sweep when long idle.
 * tables.visit_id names the open one; requests.visit_id the visit each press belongs to. No foreign key from those
 * two: the press statement writes the table, the request and the visit in one statement.
 */
export const visits = pgTable(
  'visits',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    openedAt: ms('opened_at').notNull(),
    /** Who seated the table; null: the party's first press opened it. */
    openedBy: text('opened_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    closedAt: ms('closed_at'),
    /** Who cleared the table; null: closed by the sweep (after the bill, or idle) or not closed yet. */
    closedBy: text('closed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    closeReason: text('close_reason', { enum: ['cleared', 'bill', 'idle'] }),
    /** Decision 097: when the sweep reminded the server of no order / a bill still open (at most once each). */
    orderRemindedAt: ms('order_reminded_at'),
    billRemindedAt: ms('bill_reminded_at'),
  },
  (t) => [
    index('visits_restaurant_opened_idx').on(t.restaurantId, t.openedAt),
    /** The visits sweep's scan: open visits only. */
    index('visits_open_idx')
      .on(t.openedAt)
      .where(sql`closed_at is null`),
    check(
      'visits_close_reason_check',
      sql`${t.closeReason} is null or ${t.closeReason} in ('cleared','bill','idle')`,
    ),
  ],
);

/**
 * Table assignments as they happen (decision 044): the one dashboard activity the request row cannot tell. Written
 * in the same transaction as the assignment; the dashboard's Recent Activity reads the newest by (restaurant, at).
 */
export const tableAssignments = pgTable(
  'table_assignments',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    tableId: text('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    serverId: text('server_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['assigned', 'unassigned'] }).notNull(),
    /** Who made the change when it was not the server themselves (the owner, decision 077); null: the server. */
    byUserId: text('by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    at: ms('at').notNull(),
  },
  (t) => [index('table_assignments_restaurant_at_idx').on(t.restaurantId, t.at)],
);

/**
 * A server's shifts (decision 094): on duty from started_at until ended_at. At most one open shift per server and
 * restaurant (the partial unique index decides a race); the open ones are who is on duty (shifts/on-duty.ts).
 * ended_by: the owner who force-ended it; null when the server ended it or a hand-over did.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    serverId: text('server_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sections the server picked at the start (ids; a section deleted later stays named by its id only). */
    sectionIds: text('section_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startedAt: ms('started_at').notNull(),
    endedAt: ms('ended_at'),
    endedBy: text('ended_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('shifts_open_unique')
      .on(t.restaurantId, t.serverId)
      .where(sql`ended_at is null`),
    index('shifts_restaurant_started_idx').on(t.restaurantId, t.startedAt),
  ],
);

/**
 * A hand-over (decision 095): a server on duty offers what they hold to a named colleague on duty, who accepts or
 * declines; the offerer may cancel. On accept, table_ids and request_ids are what moved (at the offer: what was held).
 */
export const handovers = pgTable(
  'handovers',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    fromServerId: text('from_server_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toServerId: text('to_server_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['offered', 'accepted', 'declined', 'cancelled'] }).notNull(),
    tableIds: text('table_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requestIds: text('request_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Who ended it by force, when an owner handed a shift's work over (decision 095); null: the servers. */
    byUserId: text('by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    offeredAt: ms('offered_at').notNull(),
    answeredAt: ms('answered_at'),
  },
  (t) => [
    /** One open offer per offerer. */
    uniqueIndex('handovers_offered_unique')
      .on(t.fromServerId)
      .where(sql`state = 'offered'`),
    index('handovers_restaurant_offered_idx').on(t.restaurantId, t.offeredAt),
    check(
      'handovers_state_check',
      sql`${t.state} in ('offered','accepted','declined','cancelled')`,
    ),
  ],
);

/**
 * The app instances that keep staff_presence rows (decision 044): each refreshes its own seen_at on a heartbeat. An
 * instance not seen within the expiry is gone (crashed, cut off): its rows are ignored and swept with it.
 */
export const presenceInstances = pgTable('presence_instances', {
  instanceId: text('instance_id').primaryKey(),
  seenAt: ms('seen_at').notNull(),
});

/**
 * Open staff consoles per app instance (decision 044): each instance's hub keeps its own rows (a user's open
 * /api/live sockets on it), written when a console opens or closes there. A row counts while its instance's
 * presence_instances row is fresh, so a crashed instance's consoles stop counting by themselves. "Online" = a row on
 * any live instance. (seen_at: when the row was written.)
 */
export const staffPresence = pgTable(
  'staff_presence',
  {
    instanceId: text('instance_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    connections: integer('connections').notNull(),
    seenAt: ms('seen_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId] }),
    index('staff_presence_restaurant_idx').on(t.restaurantId, t.userId),
  ],
);

/** Sessions are revocable rows; the browser holds only a random token whose SHA-256 is the id. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['password', 'pin'] }).notNull(),
    createdAt: ms('created_at').notNull(),
    expiresAt: ms('expires_at').notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // The expired-session prune reads a range of it (decision 062).
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Failed sign-in counters, shared by every instance (issue: sign-in throttling). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').notNull(),
    scope: text('scope', { enum: ['account', 'client'] }).notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: ms('locked_until'),
    /**
     * An account's attempt is being checked until then (its failure counted provisionally): a concurrent attempt
     * waits for its outcome instead of being refused (issue 25); one never settled (a crash) counts as a failure.
     */
    checkingUntil: ms('checking_until'),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Key/value settings the app generates once (e.g. VAPID keys), shared by every instance. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  secret: boolean('secret').notNull().default(false),
});

/**
 * Email verification links (SPEC §5 Login). The mail carries a random token; only its SHA-256 is stored, so a
 * database leak verifies nobody. Single use (used_at), 24 h lifetime. The rows of the last hour also count the mails
 * sent to an account, so the resend limit holds across instances.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ms('expires_at').notNull(),
    usedAt: ms('used_at'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * "Forgot password" links (decision 069), asked for on the sign-in page or sent by an owner to a password staff
 * member. As with email verification, the mail carries a random token and only its SHA-256 is stored; single use
 * (used_at), one hour's lifetime. The rows of the last hour count the mails sent to an account (the per-email limit,
 * shared by every instance).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ms('expires_at').notNull(),
    usedAt: ms('used_at'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Web Push subscriptions, one per device and browser (docs/decisions/010): SPEC's single fcmToken on the user
 * becomes a row per endpoint, so a server with a phone and a tablet is alerted on both. restaurant_id is the
 * server's restaurant (null for admins, who are reached through restaurants.owner_id).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: ms('created_at').notNull(),
    lastSuccessAt: ms('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    // The guest press checks whether the restaurant has any subscription before queueing a push (one statement,
    // requests.repo.ts); without this index that check scans every subscription of every restaurant.
    index('push_subscriptions_restaurant_idx').on(t.restaurantId),
  ],
);

/**
 * The durable push outbox (docs/decisions/013): a push owed for an event (a request created or escalated) is a row
 * written in the same statement as the event, and a sender drains it with retries. id is '{kind}:{request id}', so
 * an event is queued once. next_attempt_at doubles as the claim: a sender moves it past its lease when it takes the
 * row, so a row whose sender died is taken again after the lease.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: text('id').primaryKey(),
    requestId: text('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** reroute: a call widened or repeated by the reach sweep (decision 091); close: replace a taken call's alert. */
    kind: text('kind', { enum: ['new', 'overdue', 'reroute', 'close'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Subscriptions this push already reached (a retry goes only to the others). */
    sentTo: text('sent_to')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: ms('created_at').notNull(),
    nextAttemptAt: ms('next_attempt_at').notNull(),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.nextAttemptAt),
    index('push_outbox_request_idx').on(t.requestId),
  ],
);

/**
 * API tokens (decision 075): an owner's integration acting for them in one restaurant, limited to its scopes. The
 * token itself is shown once; the row keeps its SHA-256 (a high-entropy secret needs no slow hash), so a copy of the
 * database holds no usable token. Revoking deletes the row: the next request with it is refused.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The owner who created it, on whose behalf it acts. */
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ms('created_at').notNull(),
    /** Written at most once a minute per token, so a busy integration costs no write per request. */
    lastUsedAt: ms('last_used_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_unique').on(t.tokenHash),
    index('api_tokens_restaurant_idx').on(t.restaurantId, t.createdAt),
  ],
);

/**
 * Webhook endpoints (decision 076): where a restaurant's events are posted, signed with the endpoint's secret
 * (Standard Webhooks). The secret is kept in clear: signing needs it. After `failures_in_a_row` reaches the limit the
 * endpoint is disabled (disabled_at) and its owner mailed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    failuresInARow: integer('failures_in_a_row').notNull().default(0),
    createdAt: ms('created_at').notNull(),
    disabledAt: ms('disabled_at'),
  },
  (t) => [index('webhook_endpoints_restaurant_idx').on(t.restaurantId, t.createdAt)],
);

/**
 * The webhook outbox and delivery log in one (decision 076): a row per event and endpoint, written right after the
 * event's own commit; the sender on every instance claims due rows with FOR UPDATE SKIP LOCKED, moving
 * next_attempt_at past a lease, and records each attempt's outcome. next_attempt_at is null once the row is
 * delivered or given up.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The JSON body exactly as signed and sent (the same bytes on every attempt). */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    lastError: text('last_error'),
    createdAt: ms('created_at').notNull(),
    lastAttemptAt: ms('last_attempt_at'),
    nextAttemptAt: ms('next_attempt_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`next_attempt_at is not null`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/**
 * Floor boards (issue 28 item 4, decision 080): a wall screen paired with a one-time code an admin made. A row is a
 * pending code (code_hash set, token_hash null) until a screen pairs with it; pairing clears the code and stores the
 * hash of the board's own credential (a cookie). Revoking deletes the row. Only hashes are stored.
 */
export const floorBoards = pgTable(
  'floor_boards',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    codeHash: text('code_hash').unique(),
    codeExpiresAt: ms('code_expires_at'),
    tokenHash: text('token_hash').unique(),
    createdAt: ms('created_at').notNull(),
    pairedAt: ms('paired_at'),
    lastSeenAt: ms('last_seen_at'),
  },
  (t) => [index('floor_boards_restaurant_idx').on(t.restaurantId)],
);

/**
 * Decision 089: where a press came from, for a prank dismissal to block: the guest page's first-party device id (null:
 * a client that sent none) and the address key (client-address.ts: IPv4, or an IPv6 /64). Written after the press's
 * own statement, not in it; it lives and dies with its request.
 */
export const pressOrigins = pgTable(
  'press_origins',
  {
    requestId: text('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    deviceId: text('device_id'),
    address: text('address').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [
    index('press_origins_device_idx').on(t.restaurantId, t.deviceId),
    // Decision 089: the session prune deletes origins past their keep (deleteOldOrigins).
    index('press_origins_created_idx').on(t.createdAt),
  ],
);

/**
 * Decision 089: a call dismissed as a prank blocks the device that pressed for PRANK_DEVICE_BLOCK_HOURS and its
 * address for PRANK_ADDRESS_BLOCK_MINUTES (only devices that had not pressed here before), at that restaurant only.
 * An admin lifts it early (lifted_at).
 */
export const pressBlocks = pgTable(
  'press_blocks',
  {
    id: text('id').primaryKey(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The prank call; null once it is gone (its table deleted). */
    requestId: text('request_id').references(() => requests.id, { onDelete: 'set null' }),
    /** The table's label when it was blocked (the list shows it after a rename or delete). */
    tableNumber: text('table_number').notNull(),
    deviceId: text('device_id'),
    address: text('address').notNull(),
    deviceUntil: ms('device_until').notNull(),
    addressUntil: ms('address_until').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ms('created_at').notNull(),
    liftedAt: ms('lifted_at'),
  },
  (t) => [
    index('press_blocks_restaurant_idx').on(t.restaurantId, t.deviceUntil),
    uniqueIndex('press_blocks_request_unique').on(t.requestId),
  ],
);
