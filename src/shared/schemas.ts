/**
 * The one contract (DESIGN.md): every API body, response and live event is defined here once; types come from
 * z.infer. Request bodies are strict: unknown fields are refused.
 */
import { z } from 'zod';
import { HEX_COLOR, REQUEST_TYPES } from './rules';
import { MSG } from './messages';
import { MESSAGE_IDS } from './api/message-ids';
import { canonicalTimeZone } from './time-zone';
import { openingHoursSchema } from './opening-hours';
import { LOCALES } from './i18n/locales';
import {
  BUTTON_ICON_NAMES,
  CUSTOM_TYPE_KEY,
  CUSTOM_TYPES_MAX,
  REMINDER_TYPES,
  type ButtonIcon,
  type RequestKind,
  type StaffRequestKind,
} from './request-types';
import { normalizeTableNumber } from './table-label';
import {
  BULK_DELETE_MAX,
  MAX_SECTIONS_PER_RESTAURANT,
  BULK_TABLES_MAX,
  ESCALATE_MINUTES_MAX,
  PRESS_BUDGET_MAX,
  PRESS_BUDGET_MIN,
  REMINDER_MINUTES_MAX,
  REMINDER_MINUTES_MIN,
  RECEIPT_TIMEOUT_SECONDS_MAX,
  RECEIPT_TIMEOUT_SECONDS_MIN,
  ESCALATE_MINUTES_MIN,
  LOGIN_ID_MIN,
  OPEN_PAGE_MAX,
  PASSWORD_MIN,
  MAX_STAFF_PER_RESTAURANT_DEFAULT,
  RESTAURANT_NAME_MAX,
  SECTION_NAME_MAX,
  TABLE_NUMBER_MAX,
} from './constants';

const roleSchema = z.enum(['super_admin', 'admin', 'server']).meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;

/** SPEC's four types; the restaurant's own have keys 'c_' and ten letters or digits (decision 087). */
const specRequestTypeSchema = z.enum(REQUEST_TYPES).meta({ id: 'SpecRequestType' });
const customTypeKeySchema = z.string().regex(CUSTOM_TYPE_KEY) as unknown as z.ZodType<
  `c_${string}`,
  `c_${string}`
>;
export const requestTypeSchema = z.union([specRequestTypeSchema, customTypeKeySchema]).meta({
  id: 'RequestType',
  description:
    'One of SPEC’s four types, or the key of one of the restaurant’s own buttons (`c_` and ten letters or digits).',
}) as unknown as z.ZodType<RequestKind, RequestKind>;

/** Decision 097: the service timers' staff-only reminders, never a guest's type. */
const reminderTypeSchema = z.enum(REMINDER_TYPES).meta({ id: 'ReminderType' });
/** A request's type as staff see it: a guest's type, or a reminder to the table's server (decision 097). */
const staffRequestTypeSchema = z.union([requestTypeSchema, reminderTypeSchema]).meta({
  id: 'StaffRequestType',
  description:
    'A guest’s request type (RequestType), or a reminder the service timers made for the table’s server: `reminder_order` (seated a while with no order request), `reminder_bill` (a bill still open a while after it was pressed).',
}) as unknown as z.ZodType<StaffRequestKind, StaffRequestKind>;

/** One of the restaurant's own buttons (decision 087); deletedAt set: deleted, still the name of its past requests. */
const customRequestTypeSchema = z
  .object({
    key: customTypeKeySchema,
    labels: z.partialRecord(z.enum(LOCALES), z.string()),
    icon: z.enum(BUTTON_ICON_NAMES as [ButtonIcon, ...ButtonIcon[]]),
    deletedAt: z.number().nullable(),
  })
  .meta({ id: 'CustomRequestType' });
/** The guest's buttons: SPEC's types the restaurant hides, and its own in the guest's order. */
export const requestTypesSchema = z
  .object({ hidden: z.array(specRequestTypeSchema), custom: z.array(customRequestTypeSchema) })
  .meta({ id: 'RequestTypes' });

/**
 * PUT /api/restaurants/:id/request-types: the whole list as the owner leaves it. A custom button with a key is that
 * button changed, one without is new, and one of the restaurant's not sent is deleted (kept for history).
 */
export const updateRequestTypesBodySchema = z.strictObject({
  hidden: z.array(specRequestTypeSchema).max(REQUEST_TYPES.length),
  custom: z
    .array(
      z.strictObject({
        key: customTypeKeySchema.optional(),
        labels: z.partialRecord(z.enum(LOCALES), z.string().max(400)),
        icon: z.string().max(40),
      }),
    )
    // The service refuses more than CUSTOM_TYPES_MAX with its own code; this only bounds the body.
    .max(CUSTOM_TYPES_MAX * 2),
});

/**
 * C0 control characters (NUL … US) and DEL. No name, number, email, id or search text ever holds one, and
 * PostgreSQL refuses NUL in text outright, so input carrying one is a 400, never a database error.
 */
export function hasControlChars(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
/** hasControlChars as a pattern, so the API description carries the rule (issue 24). */
// eslint-disable-next-line no-control-regex -- the control characters are what it refuses
const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f]*$/;

/**
 * Rules the server checks in its services (SPEC's own messages, in SPEC's order), declared for the API description
 * only: the runtime check is unchanged, the document is as strict as the server (issue 24).
 */
const DOCUMENTED = {
  notBlank: { pattern: '^(?=.*\\S)[^\\u0000-\\u001f\\u007f]*$' },
  loginId: { pattern: `^\\s*[A-Za-z0-9._-]{${LOGIN_ID_MIN},}\\s*$` },
  pin: { pattern: '^[0-9]{4,6}$' },
  password: {
    minLength: PASSWORD_MIN,
    pattern: '^(?=.*[A-Za-z])(?=.*[0-9])(?=.*[@$!%*#?&]).*$',
  },
  email: { format: 'email', pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$' },
} as const;

/** A string with no control characters; `message` is the field's own message when SPEC words one. */
export const plainText = (message: string = MSG.controlCharacters) =>
  z.string().regex(NO_CONTROL_CHARS, message);

/** A path parameter naming a row (restaurant slug, table, user or request id). */
export const idParamSchema = plainText(MSG.badRequest).min(1).max(200);

// ---------- shapes returned by the API ----------

const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    role: roleSchema,
    /** For servers: their restaurant. */
    restaurantId: z.string().nullable(),
    /** For admins: the restaurants they own, oldest first (the first is the default). */
    restaurantIds: z.array(z.string()),
    loginId: z.string().nullable(),
    authMethod: z.enum(['password', 'pin']),
    /** The language of their screens, toasts, push notifications and mails (issue 15); null: the browser's. */
    language: z.enum(LOCALES).nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** Issue 15: a user's own language, or null to follow the browser's (PUT /api/account/language). */
export const accountLanguageBodySchema = z.strictObject({
  language: z.enum(LOCALES, MSG.languageInvalid).nullable(),
});

export const restaurantSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    primaryColor: z.string(),
    secondaryColor: z.string(),
    reviewUrl: z.string().nullable(),
    /** Only in the owner's view: a server's REST response and live events leave it out (server policy/). */
    ownerId: z.string().optional(),
    escalateAfterMinutes: z.number(),
    /**
     * Decision 091: seconds a call waits for a device of its responsible server to confirm its alert before it is
     * offered to every server on duty (and as long again before the admin).
     */
    receiptTimeoutSeconds: z.number(),
    /** Decision 091: an open call's alert repeats every receiptTimeoutSeconds until someone takes it. */
    pagerRepeat: z.boolean(),
    /** The guest page names who took a request (decision 029); off: "Your server is on the way". */
    showServerNames: z.boolean(),
    /** IANA zone: "today" and hours on the dashboard and analytics follow it (decision 045). */
    timeZone: z.string(),
    /** The guest page's language when none of a guest's browser languages is available (issue 15, decision 047). */
    guestLanguage: z.enum(LOCALES),
    /** The guest's buttons (decision 087); a guest's view leaves out deleted ones. */
    requestTypes: requestTypesSchema,
    /** Decision 088: when guests' presses are taken, in timeZone; null: open all day. */
    openingHours: openingHoursSchema,
    /** Decision 088: presses a minute across all tables before a press is refused as busy. */
    pressBudgetPerMinute: z.number(),
    /** Decision 097: remind the table's server when a party is seated this long with no order request; null: off. */
    orderReminderMinutes: z.number().nullable(),
    /** Decision 097: remind the table's server when a bill request is still open this long; null: off. */
    billReminderMinutes: z.number().nullable(),
    /** Decision 092: a party's visit closes this long after its bill request is completed; null: only when cleared or idle. */
    visitCloseAfterBillMinutes: z.number().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'Restaurant' });
export type Restaurant = z.infer<typeof restaurantSchema>;

/** What a guest may see of a restaurant: only what the guest page shows. */
const publicRestaurantSchema = restaurantSchema
  .pick({
    id: true,
    name: true,
    logoUrl: true,
    primaryColor: true,
    secondaryColor: true,
    reviewUrl: true,
    guestLanguage: true,
    requestTypes: true,
  })
  .meta({ id: 'PublicRestaurant' });
export type PublicRestaurant = z.infer<typeof publicRestaurantSchema>;

export const tableSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    restaurantId: z.string(),
    status: z.string(),
    serverId: z.string().nullable(),
    serverName: z.string().nullable(),
    /** The owner's section the table is in (decision 077); null: none. */
    sectionId: z.string().nullable(),
    sectionName: z.string().nullable(),
    /**
     * The servers the owner assigned to its section (decision 077). With no server of its own, the table is theirs;
     * with none either, it is uncovered (every server's).
     */
    sectionServerIds: z.array(z.string()),
    /** The staff's short note on the table (decision 096: "allergy seat 2"); null: none. Untrusted plain text. */
    note: z.string().nullable(),
    /** Decision 092: when the party at the table now sat down (its visit opened); null: the table is free. */
    seatedAt: z.number().nullable(),
    /** The guest URL encoded in the table's QR code. */
    qrCode: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'Table' });
export type Table = z.infer<typeof tableSchema>;

/**
 * pending → acknowledged ("On my way") → completed | dismissed; pending → completed | dismissed directly
 * (docs/decisions/028); pending → cancelled by the guest device that pressed (decision 071). Open: pending or
 * acknowledged. Handled: completed or dismissed. A cancelled request was never answered.
 */
export const requestStatusSchema = z
  .enum(['pending', 'acknowledged', 'completed', 'dismissed', 'cancelled'])
  .meta({ id: 'RequestStatus' });

/** Decision 071: how the guest will pay the bill. */
const billMethodSchema = z.enum(['card', 'cash']);
export type BillMethod = z.infer<typeof billMethodSchema>;

/** A staff member as other staff see them on a request: id and display name. */
const staffRefSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'StaffRef' });
export type StaffRef = z.infer<typeof staffRefSchema>;

const REQUEST_REACHES = ['routed', 'servers', 'admin'] as const;
const requestReachSchema = z.enum(REQUEST_REACHES);
export type RequestReach = z.infer<typeof requestReachSchema>;

const serviceRequestSchema = z
  .object({
    id: z.string(),
    restaurantId: z.string(),
    tableId: z.string(),
    tableNumber: z.string().nullable(),
    serverId: z.string().nullable(),
    /**
     * Decision 077: when the table had no server at the press, its section's servers then, who the request is routed
     * to; empty: every server (or, with serverId, that server).
     */
    sectionServerIds: z.array(z.string()),
    type: staffRequestTypeSchema,
    status: requestStatusSchema,
    overdue: z.boolean(),
    createdAt: z.number(),
    updatedAt: z.number(),
    /** Taken ("On my way"): when and by whom (null by: the account was deleted since). */
    acknowledgedAt: z.number().nullable(),
    acknowledgedBy: staffRefSchema.nullable(),
    /** Completed or dismissed: when and by whom (cancelled by the guest: when, by nobody). */
    resolvedAt: z.number().nullable(),
    resolvedBy: staffRefSchema.nullable(),
    /** The guest's note (decision 070): untrusted plain text, at most 140 characters; null: none. */
    note: z.string().nullable(),
    /** Allergy / urgent (decision 070): its table goes to the top of the console. */
    urgent: z.boolean(),
    /** A bill's payment method, as the guest chose it (decision 071); null: not said. */
    billMethod: billMethodSchema.nullable(),
    /** When its guest answered "no" to "Did you get what you needed?" and it went back to pending (decision 082). */
    reopenedAt: z.number().nullable(),
    /**
     * Decision 091: who a pending call reaches now. routed: its responsible server(s) (decision 078); servers: no
     * device of theirs confirmed the alert in time, so every server on duty; admin: nobody confirmed it, so the admin
     * too (it "reached nobody").
     */
    reach: requestReachSchema,
    /**
     * Decisions 091, 094: a re-routed call reaches every server on duty. While shifts are in use at the restaurant,
     * these are the servers on duty now (besides whoever it was routed to); null: not re-routed, or nobody is on
     * duty, which means every server of the restaurant.
     */
    reachServerIds: z.array(z.string()).nullable(),
  })
  .meta({ id: 'ServiceRequest' });
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

/**
 * What a guest page may know of its own table's request (decision 029): no staff ids, no other table, no other
 * guest. `takenBy` is the first name of whoever took it, null when nobody has yet or the restaurant hides names.
 */
const guestRequestStateSchema = z
  .object({
    id: z.string(),
    type: requestTypeSchema,
    status: requestStatusSchema,
    createdAt: z.number(),
    acknowledgedAt: z.number().nullable(),
    takenBy: z.string().nullable(),
    /** What the guest sent with it (decisions 070, 071), shown back on the status card. */
    note: z.string().nullable(),
    urgent: z.boolean(),
    billMethod: billMethodSchema.nullable(),
  })
  .meta({ id: 'GuestRequestState' });
export type GuestRequestState = z.infer<typeof guestRequestStateSchema>;

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    retryAfterSeconds: z.number().optional(),
    suggestions: z.array(z.string()).optional(),
    /** The values inside `message` (a name, a number), for a client that words it in its reader's language. */
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    /**
     * Which rule's text `message` is (decision 098): the same for every language and every wording, for a client
     * that says the refusal in its reader's language. Absent for a text with a value in it (worded by `code` and
     * `values`) and for a text a newer server added.
     */
    messageId: z
      .enum(MESSAGE_IDS as [string, ...string[]])
      .optional()
      .meta({ description: 'The key of the refusal’s text, for wording it in another language.' }),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// ---------- auth ----------

export const sessionResponseSchema = z.object({ user: userSchema.nullable() });
/** PUT /api/account/language (issue 15). */
export const userResponseSchema = z.object({ user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
/** A sign-in answers with the session shape, but the user is always present. */
export const loginResponseSchema = sessionResponseSchema.extend({ user: userSchema });

export const emailLoginBodySchema = z.strictObject({
  email: plainText(MSG.invalidCredentials).trim().min(1).max(320),
  password: z.string().min(1).max(200),
});
export const pinLoginBodySchema = z.strictObject({
  loginId: plainText(MSG.loginIdNotFound).trim().min(1).max(64),
  pin: plainText(MSG.incorrectPin).min(1).max(12),
});

// ---------- guest ----------

/**
 * The honest wait (decision 071): per request type, the restaurant's median minutes from a press to its answer at
 * this hour of the day over the last 28 days; a type with too few answered requests is left out.
 */
const usualWaitsSchema = z
  .record(z.string(), z.number().int().positive())
  .meta({ description: 'Minutes, by request type (RequestType)' });
export type UsualWaits = z.infer<typeof usualWaitsSchema>;

/** Decision 100: outside the restaurant's opening hours now (decision 088): the page says so before any press. */
const closedNowSchema = z.boolean().meta({
  description: 'Outside the restaurant’s opening hours now: a press would be refused (403 restaurant_closed)',
});

export const guestTableResponseSchema = z.object({
  restaurant: publicRestaurantSchema,
  table: z.object({ id: z.string(), number: z.string() }),
  cooldownRemainingSeconds: z.number(),
  /** The table's open requests (pending or acknowledged), newest first (issue 12: the guest sees the truth). */
  openRequests: z.array(guestRequestStateSchema),
  usualWaits: usualWaitsSchema,
  closedNow: closedNowSchema,
});
export type GuestTableResponse = z.infer<typeof guestTableResponseSchema>;

/** The 15 s re-check (SPEC §9), which also brings the table's open requests (issue 12: a missed live event heals). */
export const guestCooldownResponseSchema = z.object({
  cooldownRemainingSeconds: z.number(),
  openRequests: z.array(guestRequestStateSchema),
  usualWaits: usualWaitsSchema,
  closedNow: closedNowSchema,
});
export type GuestCooldownResponse = z.infer<typeof guestCooldownResponseSchema>;

/**
 * The press (SPEC §5), with an optional note and allergy / urgent flag (decision 070). The note's own rules (length,
 * invisible characters) are the service's (shared/guest-note.ts), so its refusals carry their own codes; the schema
 * only bounds it.
 */
export const guestRequestBodySchema = z.strictObject({
  type: requestTypeSchema,
  note: z.string().max(1000).optional(),
  urgent: z.boolean().optional(),
});
/**
 * A press's idempotency key (decision 056), generated on the guest's device per press and sent again with every
 * retry of it: a UUID fits, and so does any 16–64 characters of [A-Za-z0-9_-].
 */
const pressKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, MSG.pressKeyInvalid);
/** The press's headers: the optional `Idempotency-Key` (IETF draft-ietf-httpapi-idempotency-key-header). */
export const guestRequestHeadersSchema = z.object({
  'idempotency-key': pressKeySchema.optional(),
  /**
   * Decision 089: the guest page's first-party device id (random, kept in the browser's storage), so that a call
   * dismissed as a prank blocks that device at that restaurant. Optional: a press without one is blocked by address.
   */
  'x-device-id': z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, MSG.deviceIdInvalid)
    .optional(),
});
export const guestRequestResponseSchema = z.object({
  request: z.object({ id: z.string(), type: requestTypeSchema, createdAt: z.number() }),
  cooldownRemainingSeconds: z.number(),
});
export type GuestRequestResponse = z.infer<typeof guestRequestResponseSchema>;

/**
 * Cancel my call, and the bill's payment method (decision 071): only the device that pressed may, and it proves it
 * with the press's own Idempotency-Key, which only that device holds (the API never returns it).
 */
export const guestCancelBodySchema = z.strictObject({ pressKey: pressKeySchema });
export const guestBillMethodBodySchema = z.strictObject({
  pressKey: pressKeySchema,
  method: billMethodSchema,
});
export const guestRequestStateResponseSchema = z.object({ request: guestRequestStateSchema });

/**
 * "Did you get what you needed?" after Done (decision 082): yes or no, once, from the device that pressed (its
 * press key), within FEEDBACK_WINDOW_MINUTES of the request's completion. No sends the request back to pending.
 */
export const guestOutcomeBodySchema = z.strictObject({
  pressKey: pressKeySchema,
  resolved: z.boolean(),
});
/**
 * The private rating after a completed bill (decision 083): 1–5 stars and an optional comment (untrusted text, the
 * note's rules with a 500-character limit, shared/guest-note.ts; the schema only bounds it).
 */
export const guestRatingBodySchema = z.strictObject({
  pressKey: pressKeySchema,
  stars: z.number().int().min(1).max(5),
  comment: z.string().max(4000).optional(),
});
export const guestRatingResponseSchema = z.object({
  stars: z.number().int(),
  /** Offer the restaurant's public review link: a good rating (4–5) and a link to offer. */
  offerReview: z.boolean(),
});
export type GuestRatingResponse = z.infer<typeof guestRatingResponseSchema>;
export type GuestRequestStateResponse = z.infer<typeof guestRequestStateResponseSchema>;

// ---------- staff: tables and requests ----------

export const tablesResponseSchema = z.object({ tables: z.array(tableSchema) });
export const tableResponseSchema = z.object({ table: tableSchema });
export const requestsResponseSchema = z.object({
  /** Open requests: pending and acknowledged (taken, not yet done), oldest first; one page of them (decision 054). */
  pending: z.array(serviceRequestSchema),
  /** How many requests are open for this viewer in all, across every page. */
  pendingTotal: z.number().int().nonnegative(),
  /** Pass as cursor for the next page of open requests; null on the last page. */
  nextCursor: z.string().nullable(),
  /** SPEC §2: at most the first 5 completed, most recently completed first. */
  completed: z.array(serviceRequestSchema),
});
export type RequestsResponse = z.infer<typeof requestsResponseSchema>;
export const requestResponseSchema = z.object({ request: serviceRequestSchema });

export const restaurantResponseSchema = z.object({ restaurant: restaurantSchema });
export const restaurantsResponseSchema = z.object({ restaurants: z.array(restaurantSchema) });

// ---------- admin ----------

/** An IANA time zone or 'UTC', stored under Intl's spelling (decision 045); anything else is a 400. */
export const timeZoneSchema = z.string(MSG.timeZoneInvalid).transform((value, ctx) => {
  const zone = canonicalTimeZone(value);
  if (zone === null) {
    ctx.addIssue({ code: 'custom', message: MSG.timeZoneInvalid });
    return z.NEVER;
  }
  return zone;
});

export const createRestaurantBodySchema = z.strictObject({
  name: plainText()
    .trim()
    .min(1, MSG.restaurantNameRequired)
    .max(RESTAURANT_NAME_MAX)
    .meta(DOCUMENTED.notBlank),
  /** The client sends the admin's browser zone; without it the restaurant starts on UTC. */
  timeZone: timeZoneSchema.optional(),
});
/** A restaurant's optional minutes (decisions 092, 097): whole minutes within the bounds; null turns it off. */
const optionalMinutes = z
  .number()
  .int()
  .min(REMINDER_MINUTES_MIN)
  .max(REMINDER_MINUTES_MAX)
  .nullable()
  .optional();

export const updateRestaurantBodySchema = z.strictObject({
  name: plainText()
    .trim()
    .min(1, MSG.settingsNameRequired)
    .max(RESTAURANT_NAME_MAX)
    .meta(DOCUMENTED.notBlank)
    .optional(),
  reviewUrl: z
    .union([plainText().pipe(z.url({ protocol: /^https?$/ }).max(2000)), z.literal('')])
    .nullable()
    .optional(),
  primaryColor: z.string().regex(HEX_COLOR).optional(),
  secondaryColor: z.string().regex(HEX_COLOR).optional(),
  escalateAfterMinutes: z
    .number()
    .int()
    .min(ESCALATE_MINUTES_MIN)
    .max(ESCALATE_MINUTES_MAX)
    .optional(),
  receiptTimeoutSeconds: z
    .number()
    .int()
    .min(RECEIPT_TIMEOUT_SECONDS_MIN)
    .max(RECEIPT_TIMEOUT_SECONDS_MAX)
    .optional(),
  pagerRepeat: z.boolean().optional(),
  showServerNames: z.boolean().optional(),
  timeZone: timeZoneSchema.optional(),
  guestLanguage: z.enum(LOCALES, MSG.languageInvalid).optional(),
  openingHours: openingHoursSchema.optional(),
  pressBudgetPerMinute: z.number().int().min(PRESS_BUDGET_MIN).max(PRESS_BUDGET_MAX).optional(),
  /** Decision 097: the service timers, in minutes; null turns one off. */
  orderReminderMinutes: optionalMinutes,
  billReminderMinutes: optionalMinutes,
  /** Decision 092: minutes after a completed bill request before the visit closes; null: never by the bill. */
  visitCloseAfterBillMinutes: optionalMinutes,
});

/** A prank block as an admin sees it (decision 089): which table's call, until when; the address is not shown. */
const pressBlockSchema = z
  .object({
    id: z.string(),
    restaurantId: z.string(),
    tableNumber: z.string(),
    /** The device id's last characters (null: the press sent none; only the address is blocked). */
    deviceHint: z.string().nullable(),
    deviceUntil: z.number(),
    addressUntil: z.number(),
    createdBy: staffRefSchema.nullable(),
    createdAt: z.number(),
  })
  .meta({ id: 'PressBlock' });
export type PressBlock = z.infer<typeof pressBlockSchema>;
export const pressBlocksResponseSchema = z.object({ blocks: z.array(pressBlockSchema) });
/** A table's label as typed: normalised (decision 064), required, at most TABLE_NUMBER_MAX characters. */
const tableNumberField = () =>
  plainText().overwrite(normalizeTableNumber).min(1, MSG.tableNumberRequired).max(TABLE_NUMBER_MAX);

export const createTableBodySchema = z.strictObject({ number: tableNumberField() });

/** Bulk add (decision 065): the labels the preview showed, at most BULK_TABLES_MAX, all or none created. */
export const createTablesBodySchema = z.strictObject({
  numbers: z.array(tableNumberField()).min(1, MSG.tableNumberRequired).max(BULK_TABLES_MAX),
});
/** Rename (decision 065): the same rules as a new table's number; the table's id, QR code and guest URL stay. */
export const renameTableBodySchema = createTableBodySchema;
/** A section's name (decision 077): trimmed, 1 to SECTION_NAME_MAX characters. */
const sectionNameField = () =>
  plainText(MSG.sectionNameRequired)
    .trim()
    .min(1, MSG.sectionNameRequired)
    .max(SECTION_NAME_MAX)
    .meta(DOCUMENTED.notBlank);
export const sectionBodySchema = z.strictObject({ name: sectionNameField() });
/** Puts tables in a section, or takes them out of any (sectionId null): all of them or none. */
export const setTablesSectionBodySchema = z.strictObject({
  tableIds: z.array(idParamSchema).min(1).max(BULK_DELETE_MAX),
  sectionId: idParamSchema.nullable(),
});
/** The section's servers, as a whole (decision 077): each a server of the section's restaurant. */
export const sectionServersBodySchema = z.strictObject({
  serverIds: z.array(idParamSchema).max(MAX_STAFF_PER_RESTAURANT_DEFAULT),
});
/** The owner gives a table to a server, or takes it from its server (null). */
export const tableServerBodySchema = z.strictObject({ serverId: idParamSchema.nullable() });
export const sectionSchema = z
  .object({
    id: z.string(),
    restaurantId: z.string(),
    name: z.string(),
    /** The servers the owner assigned to it, by name (natural order). */
    servers: z.array(staffRefSchema),
    /** Its tables' ids, in the tables' natural order. */
    tableIds: z.array(z.string()),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'Section' });
export type Section = z.infer<typeof sectionSchema>;
export const sectionsResponseSchema = z.object({ sections: z.array(sectionSchema) });
export const sectionResponseSchema = z.object({ section: sectionSchema });

// ---------- shifts and hand-overs (issue 27 item 3, decisions 094–096) ----------

const shiftSchema = z
  .object({
    id: z.string(),
    restaurantId: z.string(),
    server: staffRefSchema,
    /** The sections the server picked at the start. */
    sectionIds: z.array(z.string()),
    startedAt: z.number(),
    /** Null: on duty now. */
    endedAt: z.number().nullable(),
    /** The owner who force-ended it; null: the server, or their accepted hand-over. */
    endedBy: staffRefSchema.nullable(),
  })
  .meta({ id: 'Shift' });
export type Shift = z.infer<typeof shiftSchema>;

export const handoverSchema = z
  .object({
    id: z.string(),
    restaurantId: z.string(),
    from: staffRefSchema,
    to: staffRefSchema,
    state: z.enum(['offered', 'accepted', 'declined', 'cancelled']),
    /** While offered: what the offerer holds now; once accepted: what moved. */
    tables: z.array(z.object({ id: z.string(), number: z.string() })),
    requestIds: z.array(z.string()),
    /** The owner who handed the work over when force-ending the shift; null: the servers themselves. */
    by: staffRefSchema.nullable(),
    offeredAt: z.number(),
    answeredAt: z.number().nullable(),
  })
  .meta({ id: 'Handover' });
export type Handover = z.infer<typeof handoverSchema>;

export const shiftStateSchema = z
  .object({
    /** The signed-in server's open shift; null: off duty (always null for an owner). */
    myShift: shiftSchema.nullable(),
    /** The restaurant's sections, to pick from at the start of a shift. */
    sections: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Everyone on duty now, the signed-in server included. */
    onDuty: z.array(shiftSchema),
    /** What the signed-in server holds now: tables, and open requests taken by them or routed to them alone. */
    holding: z.object({
      tables: z.array(z.object({ id: z.string(), number: z.string() })),
      openRequests: z.number(),
    }),
    /** Offers made to the signed-in server, waiting for their answer. */
    incoming: z.array(handoverSchema),
    /** The signed-in server's own offer waiting for the colleague's answer. */
    outgoing: handoverSchema.nullable(),
  })
  .meta({ id: 'ShiftState' });
export type ShiftState = z.infer<typeof shiftStateSchema>;
export const shiftStateResponseSchema = z.object({ state: shiftStateSchema });
export const startShiftBodySchema = z.strictObject({
  sectionIds: z.array(idParamSchema).max(MAX_SECTIONS_PER_RESTAURANT),
});
export const offerHandoverBodySchema = z.strictObject({ toServerId: idParamSchema });
export const handoverResponseSchema = z.object({ handover: handoverSchema });
/** Force-end (decision 095): hand the work to a server on duty, or release it (null). */
export const forceEndShiftBodySchema = z.strictObject({ toServerId: idParamSchema.nullable() });
export const shiftResponseSchema = z.object({ shift: shiftSchema });
export const shiftHistoryResponseSchema = z.object({
  /** Today's shifts (started today or still open), newest first. */
  shifts: z.array(shiftSchema),
  /** Today's hand-overs, newest first. */
  handovers: z.array(handoverSchema),
  since: z.number(),
});
export type ShiftHistoryResponse = z.infer<typeof shiftHistoryResponseSchema>;
/** The staff's note on a table (decision 096): the guest note's rules; empty clears it. */
export const tableNoteBodySchema = z.strictObject({ note: z.string().max(2000) });

/** Delete several at once: ids of one restaurant's tables, all deleted or none. */
export const deleteTablesBodySchema = z.strictObject({
  tableIds: z.array(idParamSchema).min(1).max(BULK_DELETE_MAX),
});

const createPinStaffBodySchema = z.strictObject({
  mode: z.literal('pin'),
  name: plainText().trim().min(1).max(100).meta(DOCUMENTED.notBlank),
  loginId: plainText(MSG.loginIdCharacters).trim().max(64).meta(DOCUMENTED.loginId),
  pin: plainText(MSG.pinRule).max(12).meta(DOCUMENTED.pin),
});
const createPasswordStaffBodySchema = z.strictObject({
  mode: z.literal('password'),
  name: plainText().trim().min(1).max(100).meta(DOCUMENTED.notBlank),
  email: plainText(MSG.invalidEmail)
    .trim()
    .min(1, MSG.emailRequired)
    .max(320)
    .meta(DOCUMENTED.email),
  password: z.string().max(200).meta(DOCUMENTED.password),
});
export const createStaffBodySchema = z.discriminatedUnion('mode', [
  createPinStaffBodySchema,
  createPasswordStaffBodySchema,
]);
export type CreateStaffBody = z.infer<typeof createStaffBodySchema>;

export const staffMemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    loginId: z.string().nullable(),
    authMethod: z.enum(['password', 'pin']),
    createdAt: z.number(),
    /** Tables assigned to this server now (issue 13). */
    tablesAssigned: z.number(),
    /** When the server last signed in (newest session), or null. */
    lastSignInAt: z.number().nullable(),
    /** Their own language (issue 26: the owner may set it); null: the browser's. */
    language: z.enum(LOCALES).nullable(),
    /** When an owner deactivated them (decision 068); null: active. */
    deactivatedAt: z.number().nullable(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffResponseSchema = z.object({ staff: z.array(staffMemberSchema) });
export const staffMemberResponseSchema = z.object({ staffMember: staffMemberSchema });

/**
 * PATCH /api/staff/:userId (issue 26, decision 068): what the owner changes of a staff member in place; the login ID
 * only for PIN staff. At least one field.
 */
export const updateStaffBodySchema = z
  .strictObject({
    name: plainText().trim().min(1).max(100).optional(),
    loginId: plainText(MSG.loginIdCharacters).trim().max(64).optional(),
    language: z.enum(LOCALES, MSG.languageInvalid).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: MSG.staffChangeEmpty });
export type UpdateStaffBody = z.infer<typeof updateStaffBodySchema>;

/** POST /api/staff/:userId/pin: the owner sets a PIN staff member's new PIN (decision 068). */
export const resetStaffPinBodySchema = z.strictObject({ pin: plainText(MSG.pinRule).max(12) });

/** PUT /api/account/pin: a PIN server changes their own PIN, the current one first (decision 068). */
export const changeOwnPinBodySchema = z.strictObject({
  currentPin: plainText(MSG.incorrectPin).min(1).max(12),
  pin: plainText(MSG.pinRule).max(12),
});

export const loginIdCheckResponseSchema = z.object({
  available: z.boolean(),
  suggestions: z.array(z.string()),
});

/** One line of the dashboard's Recent Activity (decision 044): what happened at which table, and who did it. */
const dashboardActivityKindSchema = z.enum([
  'pressed',
  'taken',
  'completed',
  'dismissed',
  'escalated',
  'assigned',
  'unassigned',
]);
const dashboardActivitySchema = z.object({
  /** Stable across refetches: the kind and the request's or assignment's id. */
  id: z.string(),
  kind: dashboardActivityKindSchema,
  at: z.number(),
  tableNumber: z.string(),
  /** The request's type; null for an assignment. */
  requestType: requestTypeSchema.nullable(),
  /** The staff member who acted; null for a guest's press, an escalation, or a deleted account. */
  by: z.string().nullable(),
});
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;

/** One row of the dashboard's Server Status (decision 044). */
const dashboardServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A console (the live channel) is open now on any app instance. */
  online: z.boolean(),
  /** Tables this server serves now: their own, and their sections' with no server of their own (decision 078). */
  tablesAssigned: z.number(),
  /**
   * Open requests this server answers for: pending ones made for them (decision 004), and those they took, at any
   * table (decision 063).
   */
  openRequests: z.number(),
  /** Median seconds from press to "On my way" of the requests this server took today; null: none today. */
  medianAckSecondsToday: z.number().nullable(),
});
export type DashboardServer = z.infer<typeof dashboardServerSchema>;

export const dashboardResponseSchema = z
  .object({
    totalTables: z.number(),
    /** Servers with a console open now, across instances (decision 044). */
    activeServers: z.number(),
    /** Requests made since midnight in the restaurant's time zone. */
    requestsToday: z.number(),
    /** Minutes, one decimal, over today's completed requests; null when none was completed today. */
    avgResponseMinutes: z.number().nullable(),
    /** Guests waiting now: open requests, pending or taken but not yet completed or dismissed (decision 063). */
    waitingNow: z.number(),
    /** Age of the oldest open request when this answer was made, whole seconds; null when nobody waits. */
    longestWaitSeconds: z.number().nullable(),
    /** The restaurant's IANA time zone and where its "today" started (ms). */
    timeZone: z.string(),
    dayStart: z.number(),
    /** The restaurant's 20 latest events, newest first. */
    recentActivity: z.array(dashboardActivitySchema),
    /** Every server of the restaurant, by name. */
    servers: z.array(dashboardServerSchema),
    /**
     * Decision 077: tables no server covers (no server of their own, none through their section), in natural order:
     * their calls go to every server.
     */
    uncoveredTables: z.array(z.object({ id: z.string(), number: z.string() })),
    /**
     * Decision 091: calls that reached nobody — no device confirmed them in time, even after every server on duty
     * was asked, so they were re-routed to the admin. `open`: those still pending, oldest first (at most 20);
     * `today`: how many since the restaurant's midnight.
     */
    reachedNobody: z.object({
      today: z.number(),
      open: z.array(
        z.object({
          id: z.string(),
          tableId: z.string(),
          tableNumber: z.string().nullable(),
          type: requestTypeSchema,
          createdAt: z.number(),
        }),
      ),
    }),
  })
  .meta({ id: 'Dashboard' });
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** One of an owner's restaurants at a glance (issue 26 item 6, decision 085): the dashboard's live figures. */
const restaurantGlanceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    primaryColor: z.string(),
    secondaryColor: z.string(),
    logoUrl: z.string().nullable(),
    timeZone: z.string(),
    /** Open requests now, pending or taken (decision 063). */
    waitingNow: z.number(),
    /** Age of the oldest open request, whole seconds; null when nobody waits. */
    longestWaitSeconds: z.number().nullable(),
    /** Servers with a console open now. */
    activeServers: z.number(),
    /** Requests since midnight in the restaurant's own time zone. */
    requestsToday: z.number(),
  })
  .meta({ id: 'RestaurantGlance' });
export type RestaurantGlance = z.infer<typeof restaurantGlanceSchema>;

export const restaurantsOverviewResponseSchema = z
  .object({ restaurants: z.array(restaurantGlanceSchema) })
  .meta({ id: 'RestaurantsOverview' });
export type RestaurantsOverviewResponse = z.infer<typeof restaurantsOverviewResponseSchema>;

// ---------- shift history (issue 12; docs/decisions/030) ----------

/** The console's open list, a page at a time (decision 054). */
export const openRequestsQuerySchema = z.object({
  /** Opaque: the nextCursor of the previous page. */
  cursor: plainText(MSG.badRequest).min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(OPEN_PAGE_MAX).default(OPEN_PAGE_MAX),
});

export const requestHistoryQuerySchema = z.object({
  /** Opaque: the nextCursor of the previous page. */
  cursor: plainText(MSG.badRequest).min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const requestHistoryResponseSchema = z.object({
  /** Today's handled (completed or dismissed) requests, most recently handled first. */
  requests: z.array(serviceRequestSchema),
  /** Pass as cursor for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Where "today" starts: midnight in the restaurant's time zone, ms (decisions 030, 045). */
  since: z.number(),
});
export type RequestHistoryResponse = z.infer<typeof requestHistoryResponseSchema>;

// ---------- live channel (/api/live) ----------

export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), userId: z.string() }),
  z.object({ type: z.literal('request.created'), request: serviceRequestSchema }),
  z.object({ type: z.literal('request.updated'), request: serviceRequestSchema }),
  z.object({ type: z.literal('table.changed'), table: tableSchema }),
  z.object({ type: z.literal('table.deleted'), restaurantId: z.string(), tableId: z.string() }),
  z.object({ type: z.literal('restaurant.updated'), restaurant: restaurantSchema }),
  z.object({ type: z.literal('restaurant.deleted'), restaurantId: z.string() }),
  z.object({ type: z.literal('session.ended') }),
  /** A staff member's console opened or closed on some instance: the owner's dashboard refetches (decision 044). */
  z.object({ type: z.literal('presence.changed'), restaurantId: z.string() }),
  /** Someone started or ended a shift, or a hand-over was offered or answered: consoles refetch (decision 095). */
  z.object({ type: z.literal('shift.changed'), restaurantId: z.string() }),
  /** The server's live channel was away and events may be lost: refetch (decision 027). */
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

// ---------- public live channel (/api/public/restaurants/:restaurantId/live) ----------

/**
 * What an open guest page is told, and nothing else: its restaurant's public face changed (the same fields the
 * guest table endpoint returns), and on a table's channel that table's own request state. Never staff ids, other
 * tables or other restaurants.
 */
export const publicLiveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('restaurant.updated'), restaurant: publicRestaurantSchema }),
  /** Only on a table's channel (…/tables/:tableId/live): one of this table's requests changed (decision 029). */
  z.object({ type: z.literal('table.request'), request: guestRequestStateSchema }),
]);
export type PublicLiveEvent = z.infer<typeof publicLiveEventSchema>;

// ---------- accounts: email verification (issue 4) ----------

/** POST /api/auth/verify-email: the token from the link's ?token= parameter. */
export const verifyEmailBodySchema = z.strictObject({
  token: plainText(MSG.verificationLinkInvalid)
    .trim()
    .min(1, MSG.verificationLinkInvalid)
    .max(200, MSG.verificationLinkInvalid),
});
export const verifyEmailResponseSchema = z.object({ verified: z.literal(true) });

/** POST /api/auth/resend-verification: always 202 for a well-formed address (no account enumeration). */
export const resendVerificationBodySchema = z.strictObject({
  email: plainText(MSG.invalidEmail)
    .trim()
    .toLowerCase()
    .min(1, MSG.emailRequired)
    .max(320, MSG.invalidEmail)
    .pipe(z.email(MSG.invalidEmail)),
});
export const resendVerificationResponseSchema = z.object({ sent: z.literal(true) });

// ---------- accounts: forgotten passwords (issue 26, decision 069) ----------

/** POST /api/auth/forgot-password: always 202 for a well-formed address (no account enumeration). */
export const forgotPasswordBodySchema = resendVerificationBodySchema;
/** POST /api/auth/forgot-password and POST /api/staff/:userId/password-reset. */
export const resetMailResponseSchema = z.object({ sent: z.literal(true) });
/** POST /api/auth/reset-password: the token from the mail's link and the new password. */
export const resetPasswordBodySchema = z.strictObject({
  token: plainText(MSG.resetLinkInvalid)
    .trim()
    .min(1, MSG.resetLinkInvalid)
    .max(200, MSG.resetLinkInvalid),
  password: z.string().max(200),
});
export const resetPasswordResponseSchema = z.object({ reset: z.literal(true) });

// ---------- super admin (issue 4) ----------

export const superAdminStatsSchema = z
  .object({
    users: z.number(),
    restaurants: z.number(),
    /** Tables with an assigned server. */
    activeTables: z.number(),
  })
  .meta({ id: 'SuperAdminStats' });
export type SuperAdminStats = z.infer<typeof superAdminStatsSchema>;

const superAdminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    role: roleSchema,
    /** A server's restaurant; an admin's first restaurant; otherwise null. */
    restaurantName: z.string().nullable(),
    /** SPEC §2's 'Active'; 'Deactivated' for a server their owner deactivated (decision 068). */
    status: z.enum(['Active', 'Deactivated']),
    createdAt: z.number(),
  })
  .meta({ id: 'SuperAdminUser' });
export type SuperAdminUser = z.infer<typeof superAdminUserSchema>;

export const superAdminUsersQuerySchema = z.object({
  /** Opaque: the nextCursor of the previous page. */
  cursor: plainText(MSG.badRequest).min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Case-insensitive substring of name, email or login ID. */
  q: plainText().trim().max(200).optional(),
});

export const superAdminUsersResponseSchema = z.object({
  users: z.array(superAdminUserSchema),
  /** Pass as cursor for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type SuperAdminUsersResponse = z.infer<typeof superAdminUsersResponseSchema>;

// ---------- Web Push (issue 5; docs/decisions/010) ----------

/** A push endpoint is a capability URL issued by the browser's push service: https only, at most 2 KB. */
const PUSH_ENDPOINT_MAX = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const pushEndpointSchema = plainText(MSG.pushEndpointInvalid)
  .max(PUSH_ENDPOINT_MAX, MSG.pushEndpointInvalid)
  .pipe(z.url({ protocol: /^https$/, error: MSG.pushEndpointInvalid }));

/** POST /api/push/subscriptions: PushSubscription.toJSON() without expirationTime. */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: pushEndpointSchema,
  keys: z.strictObject({
    /** The device's P-256 public key, 65 bytes as base64url (86-88 characters). */
    p256dh: z.string().min(86).max(88).regex(BASE64URL),
    /** The 16-byte authentication secret as base64url. */
    auth: z.string().min(22).max(24).regex(BASE64URL),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.strictObject({ endpoint: pushEndpointSchema });

export const pushPublicKeyResponseSchema = z.object({ publicKey: z.string() });
export const pushSubscriptionResponseSchema = z.object({ subscribed: z.literal(true) });

/** A notification's action button (decision 090): take the call, or complete it, from the notification itself. */
const pushActionSchema = z.object({ action: z.enum(['take', 'done']), title: z.string() });
export type PushAction = z.infer<typeof pushActionSchema>;

/**
 * What the service worker receives (encrypted) and shows as a notification (SPEC §8 new request alert); the
 * schema documents the payload and gives its type.
 * @public
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** One notification per table (decision 090): 'table:{tableId}'; a later push of the table replaces it. */
  tag: z.string(),
  /** Opened when the notification is clicked. */
  url: z.string(),
  /** The call this notification is about (its actions act on it, its receipt names it). */
  requestId: z.string().optional(),
  /**
   * alert: a call to answer (actions, sound, receipt); closed: the table's call was handled, so its alert is
   * replaced by a quiet line (decision 090).
   */
  kind: z.enum(['alert', 'closed']).optional(),
  /** The action buttons, in the recipient's language. */
  actions: z.array(pushActionSchema).optional(),
  /** The title of the follow-up notification when an action fails, in the recipient's language. */
  failedTitle: z.string().optional(),
  /** An overdue or re-routed call (decision 091): a device in 'only overdue' sound mode sounds for these only. */
  late: z.boolean().optional(),
  /**
   * Why an action may fail, in the recipient's language (decision 090): the worker has no catalogue, so the alert
   * carries the follow-up's texts. takenBy holds the literal `{name}` the worker fills from the refusal's values.
   */
  refusals: z
    .object({
      takenBy: z.string(),
      takenBySomeone: z.string(),
      completed: z.string(),
      dismissed: z.string(),
      cancelled: z.string(),
      signedOut: z.string(),
      offline: z.string(),
      unanswered: z.string(),
    })
    .optional(),
});
export type PushRefusals = NonNullable<z.infer<typeof pushPayloadSchema>['refusals']>;
export type PushPayload = z.infer<typeof pushPayloadSchema>;
