/**
 * The restaurant's own guest buttons (issue 29 item 2, decision 087): which of SPEC's four types it shows, and up to
 * CUSTOM_TYPES_MAX buttons of its own, each with a label per language and an icon from ICONS. Pure and small: the
 * server checks a change with it, the settings page before sending, and the guest page, the console, history, push
 * and the CSV name a custom type with customTypeLabel.
 */
import { plainTextProblem } from './guest-note';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './i18n/locales';
import { GUEST_BUTTON_LABELS, REQUEST_TYPES, type RequestType } from './rules';

/** A custom type's key, as a request's `type` carries it: 'c_' and ten lowercase letters or digits. */
export const CUSTOM_TYPE_KEY = /^c_[a-z0-9]{10}$/;
/** A request's type: one of SPEC's four, or a custom type's key. */
export type RequestKind = RequestType | `c_${string}`;

/**
 * Decision 097: the service timers' reminders to the table's server — a party seated a while with no order request,
 * a bill still open a while after it was pressed. Staff-only kinds of request: never a guest's button, never on the
 * guest page, a floor board, analytics, usual waits, escalation or re-routing.
 */
export const REMINDER_TYPES = ['reminder_order', 'reminder_bill'] as const;
export type ReminderKind = (typeof REMINDER_TYPES)[number];
/** Any request's type as staff see it: a guest's (RequestKind), or a reminder the sweep made (decision 097). */
export type StaffRequestKind = RequestKind | ReminderKind;
export const isReminderType = (type: string): type is ReminderKind =>
  (REMINDER_TYPES as readonly string[]).includes(type);

export const isSpecType = (type: string): type is RequestType =>
  (REQUEST_TYPES as readonly string[]).includes(type);
export const isCustomTypeKey = (type: string): type is `c_${string}` => CUSTOM_TYPE_KEY.test(type);

/** A restaurant shows at most this many buttons of its own (deleted ones not counted). */
export const CUSTOM_TYPES_MAX = 8;
/**
 * Deleted custom types stay in the restaurant's list so that history, analytics and the CSV still name them; a
 * restaurant may have made at most this many in all.
 */
export const CUSTOM_TYPES_KEPT_MAX = 48;
/** The longest label, in characters (code points). */
export const BUTTON_LABEL_MAX = 32;

/**
 * The icons an owner picks from: 24 × 24 line drawings in the text colour, like the four SPEC types' icons
 * (components/ui/request-type-icon.tsx), so no icon library reaches the guest page.
 */
export const BUTTON_ICONS = {
  chair: 'M8 3h8v7H8V3ZM6 10h12M9 10 7 21M15 10l2 11M8 16h8',
  bottle:
    'M10 3h4M9 6h6M9.5 6v1.2A3 3 0 0 0 8 9.8V19a2 2 0 0 0 2 2h4a2 2 0 0 0 2-2V9.8a3 3 0 0 0-1.5-2.6V6M8 12h3M8 15h3',
  water: 'M12 3.5S6 10.1 6 14a6 6 0 0 0 12 0c0-3.9-6-10.5-6-10.5Z',
  coffee:
    'M5 8h11v5a5 5 0 0 1-5 5h-1a5 5 0 0 1-5-5V8Zm11 1.5h1.5a2.5 2.5 0 0 1 0 5H16M4 21h14M8 3v2M11 3v2M14 3v2',
  cutlery: 'M7 3v7a2 2 0 0 0 2 2v9m2-18v7a2 2 0 0 1-2 2M9 3v6m8 12V3c-2 1-3 4-3 8h3',
  tissue: 'M4 9h16v11H4V9Zm5 0c0-3 1.5-5 3-5s3 2 3 5M4 14h16',
  bag: 'M5 8h14l-1.2 12H6.2L5 8Zm4 0a3 3 0 0 1 6 0',
  cake: 'M4 20h16M5 20v-7h14v7M5 16.5c2.3 1.4 4.7 1.4 7 0s4.7-1.4 7 0M12 13V9M12 5.5v.01',
  wine: 'M8 3h8l-.5 5a3.5 3.5 0 0 1-7 0L8 3Zm4 8.5V20m-4 0h8',
  ice: 'M12 3v18M4.2 7.5l15.6 9M4.2 16.5l15.6-9M9.5 4.5 12 6l2.5-1.5m-5 15L12 18l2.5 1.5',
  clean:
    'M11 3l1.8 4.7 4.7 1.8-4.7 1.8L11 16l-1.8-4.7-4.7-1.8 4.7-1.8L11 3Zm7 11 .9 2.1 2.1.9-2.1.9L18 20l-.9-2.1L15 17l2.1-.9L18 14Z',
  wifi: 'M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M2 9a15 15 0 0 1 20 0M12 19.5v.01',
  plug: 'M9 3v5m6-5v5M7 8h10v3a5 5 0 0 1-10 0V8Zm5 8v5',
  music: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm11-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
  question:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM9.5 9.2a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.9m0 3.5v.01',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.9L12 3.5Z',
} as const;
export type ButtonIcon = keyof typeof BUTTON_ICONS;
export const BUTTON_ICON_NAMES = Object.keys(BUTTON_ICONS) as ButtonIcon[];
const isButtonIcon = (icon: string): icon is ButtonIcon =>
  Object.prototype.hasOwnProperty.call(BUTTON_ICONS, icon);

/** A restaurant's own type. `deletedAt` set: no longer a button, still the name of its past requests. */
export interface CustomRequestType {
  key: `c_${string}`;
  labels: Partial<Record<Locale, string>>;
  icon: ButtonIcon;
  deletedAt: number | null;
}

/** A restaurant's buttons: SPEC's types it hides, and its own types in the order the guest sees them. */
export interface RequestTypesConfig {
  hidden: RequestType[];
  custom: CustomRequestType[];
}

/** The guest page's buttons, in order: SPEC's four that are shown, then the restaurant's own (not deleted). */
export function enabledTypes(config: RequestTypesConfig): RequestKind[] {
  return [
    ...REQUEST_TYPES.filter((type) => !config.hidden.includes(type)),
    ...config.custom.filter((c) => c.deletedAt === null).map((c) => c.key),
  ];
}

/** Whether a guest may press `type` at this restaurant now. */
export function isEnabledType(config: RequestTypesConfig, type: string): boolean {
  if (isSpecType(type)) return !config.hidden.includes(type);
  return config.custom.some((c) => c.key === type && c.deletedAt === null);
}

export function findCustomType(
  config: RequestTypesConfig | null | undefined,
  type: string,
): CustomRequestType | undefined {
  return config?.custom.find((c) => c.key === type);
}

/**
 * A custom type's label for a reader of `locale`: theirs, else the restaurant's guest language (`fallback`), else
 * English, else any label it has.
 */
export function customTypeLabel(
  type: Pick<CustomRequestType, 'labels'>,
  locale: string,
  fallback: string = DEFAULT_LOCALE,
): string {
  const labels = type.labels as Record<string, string | undefined>;
  return (
    labels[locale] ??
    labels[fallback] ??
    labels[DEFAULT_LOCALE] ??
    LOCALES.map((l) => labels[l]).find((label) => label !== undefined) ??
    ''
  );
}

/** Why a change of the buttons is refused; null: it may be saved. */
export type RequestTypesProblem =
  | 'button_label_required'
  | 'button_label_too_long'
  | 'button_label_invalid'
  | 'buttons_too_many'
  | 'buttons_none_enabled'
  | 'button_icon_invalid';

/** A custom type as the owner edits it: a label per language (empty: none) and an icon. */
export interface CustomTypeDraft {
  key?: string | undefined;
  labels: Partial<Record<Locale, string>>;
  icon: string;
}

/** The labels as stored: trimmed, empty ones left out. */
export function normalizeLabels(
  labels: Partial<Record<string, string>>,
): Partial<Record<Locale, string>> {
  const out: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const label = labels[locale]?.trim();
    if (label) out[locale] = label;
  }
  return out;
}

/**
 * Why one label is refused: the guest note's rules (no control, format or invisible characters; decision 070) with
 * BUTTON_LABEL_MAX characters.
 */
function labelProblem(label: string): RequestTypesProblem | null {
  const problem = plainTextProblem(label, BUTTON_LABEL_MAX);
  if (problem === 'too_long') return 'button_label_too_long';
  if (problem === 'invalid') return 'button_label_invalid';
  return null;
}

/**
 * Why a custom type is refused: every label must pass labelProblem, and it needs a label in English or in the
 * restaurant's guest language (`fallback`), which every other language falls back to.
 */
function customTypeProblem(draft: CustomTypeDraft, fallback: string): RequestTypesProblem | null {
  if (!isButtonIcon(draft.icon)) return 'button_icon_invalid';
  const labels = normalizeLabels(draft.labels);
  for (const label of Object.values(labels)) {
    const problem = labelProblem(label);
    if (problem) return problem;
  }
  if (!labels[DEFAULT_LOCALE] && !(labels as Record<string, string | undefined>)[fallback])
    return 'button_label_required';
  return null;
}

/** Why a whole change of the buttons is refused: the custom types' own rules, at most 8, at least one button shown. */
export function requestTypesProblem(
  hidden: readonly string[],
  custom: readonly CustomTypeDraft[],
  fallback: string,
): RequestTypesProblem | null {
  for (const draft of custom) {
    const problem = customTypeProblem(draft, fallback);
    if (problem) return problem;
  }
  if (custom.length > CUSTOM_TYPES_MAX) return 'buttons_too_many';
  const shownSpec = REQUEST_TYPES.filter((type) => !hidden.includes(type)).length;
  if (shownSpec + custom.length === 0) return 'buttons_none_enabled';
  return null;
}

/**
 * What a request of `type` is called to a guest, in English (SPEC §2's button labels for SPEC's four, verbatim) —
 * the server's English refusals; the guest page words its own in the guest's language.
 */
export function englishButtonLabel(
  type: string,
  config: RequestTypesConfig | null | undefined,
): string {
  if (isSpecType(type)) return GUEST_BUTTON_LABELS[type];
  const custom = findCustomType(config, type);
  return custom ? customTypeLabel(custom, DEFAULT_LOCALE) : 'Request';
}
