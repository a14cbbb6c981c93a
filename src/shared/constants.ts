/** Business constants of SPEC §9, plus the product decisions recorded in docs/decisions. */

/** SPEC §9: guest cool-down between requests for one table, measured from the last request's createdAt. */
export const COOLDOWN_SECONDS = 60;
/** SPEC §9: the guest page re-checks the cool-down every 15 seconds. */
export const COOLDOWN_RECHECK_MS = 15_000;
/** SPEC §9: the sent confirmation on a guest button shows for 5 seconds. */
export const SENT_CONFIRMATION_MS = 5_000;
/** How long the guest page shows "Done ✓" after the table's request was completed, before only the buttons remain. */
export const GUEST_DONE_MS = 8000;
/**
 * How long after a request is completed its guest may still answer "Did you get what you needed?", or rate a
 * completed bill (decisions 082, 083). The server refuses later answers (feedback_expired).
 */
export const FEEDBACK_WINDOW_MINUTES = 15;
/** SPEC §9: toast duration. */
export const TOAST_MS = 5_000;
/** SPEC §9: guest send vibrates 200 ms. */
export const GUEST_SEND_VIBRATION_MS = 200;
/** SPEC §9: new-request alert vibration pattern. */
export const NEW_REQUEST_VIBRATION = [200, 100, 200] as const;

export const DEFAULT_PRIMARY_COLOR = '#1E40AF';
export const DEFAULT_SECONDARY_COLOR = '#F59E0B';
/** SPEC §9: default browser theme colour on leaving the guest page. */
export const DEFAULT_THEME_COLOR = '#ffffff';

/** SPEC §9: logo must be under 2MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** A logo's width and height at most (decision 026): 2 MB of PNG can decode to gigabytes of pixels. */
export const LOGO_MAX_SIDE_PX = 4096;
export const PIN_MAX = 6;
export const LOGIN_ID_MIN = 3;
export const GENERATED_LOGIN_ID_MAX = 15;
export const LOGIN_ID_SUGGESTIONS = 3;
export const LOGIN_ID_CANDIDATES_TRIED = 10;
export const PASSWORD_MIN = 8;
export const COMPLETED_LIST_CAP = 5;
/** The console's open list comes a page at a time, at most this many each (decision 054: never silently truncated). */
export const OPEN_PAGE_MAX = 500;
export const SKELETON_COUNT = 3;

/** docs/decisions/003-session-lifetimes.md: a PIN session lasts one long shift. */
export const PIN_SESSION_HOURS = 14;
/** docs/decisions/003-session-lifetimes.md: a password session lasts 30 days. */
export const PASSWORD_SESSION_DAYS = 30;

export const SESSION_COOKIE = 'ts_session';

/** Issue 5 escalation: a pending request is escalated after this many minutes (a restaurant setting). */
export const ESCALATE_MINUTES_DEFAULT = 3;
export const ESCALATE_MINUTES_MIN = 1;
export const ESCALATE_MINUTES_MAX = 60;
/** Decision 091: the receipt timeout's bounds and default, in seconds. */
export const RECEIPT_TIMEOUT_SECONDS_MIN = 5;
export const RECEIPT_TIMEOUT_SECONDS_MAX = 300;
/**
 * Decision 088: a restaurant's press budget, presses a minute across all its tables. The default is two presses a
 * minute for each of 60 tables, far above a real floor's peak; the per-table cool-down and per-address limits stay.
 * That default (120) is the column's own (db/schema.ts restaurants.press_budget_per_minute); these are its bounds.
 */
/**
 * Decision 097: a service timer's minutes (a party seated with no order request, a bill still open), when set; null
 * (the default) is off.
 */
export const REMINDER_MINUTES_MIN = 1;
export const REMINDER_MINUTES_MAX = 240;
export const PRESS_BUDGET_MIN = 10;
export const PRESS_BUDGET_MAX = 6000;
/**
 * Decision 089: a call dismissed as a prank blocks the device that pressed for 6 hours (the rest of a service), and
 * its address for 30 minutes, the address only for devices that had not pressed at the restaurant before: a shared
 * address (the restaurant's own Wi-Fi, a mobile carrier's) keeps its guests who already pressed.
 */
export const PRANK_DEVICE_BLOCK_HOURS = 6;
export const PRANK_ADDRESS_BLOCK_MINUTES = 30;

/** Issue 14: restaurants one admin may own at once, unless MAX_RESTAURANTS_PER_ADMIN says otherwise. */
export const MAX_RESTAURANTS_PER_ADMIN_DEFAULT = 20;
/** Issue 25: tables and staff (servers) one restaurant may hold, unless MAX_TABLES/STAFF_PER_RESTAURANT say otherwise. */
export const MAX_TABLES_PER_RESTAURANT_DEFAULT = 500;
export const MAX_STAFF_PER_RESTAURANT_DEFAULT = 200;

/** Issue 3: the public live channel closes with this code when the restaurant is deleted (no reconnect). */
export const GUEST_GONE_CLOSE = 4404;

/** The id of the JSON a server-rendered guest page carries its table's data in (docs/decisions/017). */
export const GUEST_DATA_ELEMENT_ID = 'guest-data';
/** Issue 15: the guest page's language and its compiled messages, embedded beside the data ({ locale, messages }). */
export const GUEST_I18N_ELEMENT_ID = 'guest-i18n';
/**
 * Set on <html> by the guest page's service worker (src/client/guest-sw.ts) when it serves the page from its cache
 * because the service could not be reached (decision 056): the embedded table is then as it was, not as it is.
 */
export const GUEST_CACHED_ATTRIBUTE = 'data-guest-cached';
/** Issue 15 (decision 047): the language a guest chose with the switcher, so the server draws the page in it. */
export const GUEST_LOCALE_COOKIE = 'guest_locale';

/** The sign-in page's last used tab on this device (issue 12), read by the server that draws the page (decision 103). */
export const LOGIN_TAB_COOKIE = 'login_tab';
/** The sign-in page's language, texts and tab, embedded by the server that drew it (decision 103). */
export const SIGN_IN_DATA_ELEMENT_ID = 'sign-in-data';
/** Marks the console's first frame drawn by the server (decision 106); the staff app takes its place. */
export const CONSOLE_FRAME_ATTRIBUTE = 'data-console-frame';
export type LoginTab = 'email' | 'pin';
export const isLoginTab = (value: unknown): value is LoginTab =>
  value === 'email' || value === 'pin';

/** Longest restaurant name and table number (SPEC §5 fields); forms show the limit before it is reached. */
export const RESTAURANT_NAME_MAX = 100;
export const TABLE_NUMBER_MAX = 20;
/** Bulk add (decision 065): at most this many tables per request — a whole floor, never an accidental '1-10000'. */
export const BULK_TABLES_MAX = 100;
/** At most this many tables deleted in one request (a whole restaurant's worth). */
export const BULK_DELETE_MAX = 500;
/** Sections per restaurant (decision 077): a floor has a handful; the cap only bounds abuse. */
export const MAX_SECTIONS_PER_RESTAURANT = 100;
/** A section's name: short, shown on a chip. */
export const SECTION_NAME_MAX = 40;
/** Longest text the add-table field takes: a list of BULK_TABLES_MAX short labels. */
export const TABLE_INPUT_MAX = 2000;

/**
 * Floor boards (issue 28 item 4, decision 080): the board's own credential cookie (never a user's session), sent
 * only to the board's routes (its path); the close code of a board's live socket when the board was revoked or its
 * restaurant deleted (the screen shows the pairing form again, and does not reconnect).
 */
export const BOARD_COOKIE = 'ts_board';
export const BOARD_COOKIE_PATH = '/api/board';
export const BOARD_REVOKED_CLOSE = 4403;
/** How long a pairing code is good for, and the characters it is made of (no 0/O, 1/I/L). */
export const BOARD_CODE_TTL_MS = 10 * 60_000;
export const BOARD_CODE_LENGTH = 8;
export const BOARD_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Boards and unexpired codes one restaurant may hold at once. */
export const BOARDS_PER_RESTAURANT = 20;
export const BOARD_NAME_MAX = 60;
