/**
 * The console's times and labels in the screen's language (issue 15): a table's name, a ticking waiting time, a
 * response time, a relative time and a clock time, written through the `app` catalogue and Intl with the active
 * locale. The English output is what tests and SPEC §2 quote ('Table 4', '45 s', '1 h 5 min', '2 minutes ago').
 */
import { appTableLabel, appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import type { ServiceRequest } from '@shared/schemas';

// A request's type and waiting time are worded alike on the console and the floor board (lib/request-text.ts).
export { elapsedText, typeText } from '../../../lib/request-text';

/**
 * Intl formatters are costly to build (each loads its locale's data) and the console writes these times on every row
 * at every tick: one of each per locale, built once.
 */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let format = cache.get(locale);
  if (format === undefined) {
    format = make();
    cache.set(locale, format);
  }
  return format;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * SPEC §2 /server/requests: 'Table {number}', or 'Unknown' when the table is not found; a named table reads as
 * written ('Terrace 12', decision 064).
 */
export function tableText(i18n: I18n, request: Pick<ServiceRequest, 'tableNumber'>): string {
  return request.tableNumber === null
    ? appText(i18n, 'app.console.unknownTable')
    : appTableLabel(i18n, request.tableNumber);
}

/** A response time on the history: '45 s', '3 min', '3 min 20 s', '1 h 5 min'. */
export function durationText(i18n: I18n, ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return appText(i18n, 'app.wait.seconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    const rest = seconds % 60;
    return rest && minutes < 10
      ? appText(i18n, 'app.wait.minutesSeconds', { minutes, seconds: String(rest) })
      : appText(i18n, 'app.wait.minutes', { minutes });
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest
    ? appText(i18n, 'app.console.hoursMinutes', { hours, minutes: rest })
    : appText(i18n, 'app.console.hours', { hours });
}

/** 'just now', '2 minutes ago', '1 hour ago', '3 days ago' in the screen's language. */
export function relativeText(i18n: I18n, timestamp: number, now: number): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE) return appText(i18n, 'app.console.justNow');
  const format = cached(
    relativeFormats,
    i18n.locale,
    () => new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'always' }),
  );
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  return format.format(-Math.floor(elapsed / DAY), 'day');
}

/** A time of day as the screen's locale writes it ('09:41', '9:41'). */
export function clockText(i18n: I18n, timestamp: number): string {
  return cached(
    clockFormats,
    i18n.locale,
    () => new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit' }),
  ).format(timestamp);
}

/**
 * A catalogue text with one slot for an element ('Completed {time}'): the text before and after the slot, so the
 * element (a <time>) lands where the language puts it.
 */
export function aroundSlot(text: (slot: string) => string): [string, string] {
  const SLOT = '\u0000';
  const [before = '', after = ''] = text(SLOT).split(SLOT);
  return [before, after];
}
