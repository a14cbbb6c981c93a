/** Durations and hours as the analytics page shows them (and its CSV holds them). */
import { appText } from '../../../../shared/i18n/app';
import type { I18n } from '../../../../shared/i18n/i18n';

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * "42 s", "3 min 05 s", "1 h 02 min"; "—" when nothing counted. With `i18n`, in the screen's language (issue 15);
 * without, English.
 */
export function formatDuration(ms: number | null, i18n?: I18n): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  if (i18n !== undefined) {
    if (seconds < 60) return appText(i18n, 'app.settings.analytics.durationSeconds', { seconds });
    if (minutes < 60)
      return appText(i18n, 'app.settings.analytics.durationMinutes', {
        minutes,
        seconds: pad2(seconds % 60),
      });
    return appText(i18n, 'app.settings.analytics.durationHours', {
      hours: Math.floor(minutes / 60),
      minutes: pad2(minutes % 60),
    });
  }
  if (seconds < 60) return `${seconds} s`;
  if (minutes < 60) return `${minutes} min ${pad2(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${pad2(minutes % 60)} min`;
}

/** Minutes with one decimal, for chart axes. */
export const toMinutes = (ms: number | null): number | null =>
  ms === null ? null : Math.round(ms / 6_000) / 10;

const clocks = new Map<string, Intl.DateTimeFormat>();

/** `locale`'s clock (12- or 24-hour, its digits), with or without minutes; one formatter per locale and shape. */
function clock(locale: string, minutes: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${minutes}`;
  let format = clocks.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      hour: 'numeric',
      ...(minutes ? { minute: '2-digit' } : {}),
      timeZone: 'UTC',
    });
    clocks.set(key, format);
  }
  return format;
}

/**
 * A line may break beside a range's dash, never inside one time: '8:00' and its 'PM' stay together (Intl separates
 * them with a plain space).
 */
export const keepTimesWhole = (text: string): string =>
  text.replace(/(?<![–~～-]) (?![–~～-])/g, '\u00a0');

/** An hour of the restaurant's local day as `locale` writes the time: "17:00" (de), "5:00 PM" (en). */
export const formatHour = (hour: number, locale: string): string =>
  keepTimesWhole(clock(locale, true).format(Date.UTC(2000, 0, 1, hour % 24)));

/** A chart's hour tick, shorter: "17 Uhr" (de), "5 PM" (en), "17時" (ja). */
export const formatHourTick = (hour: number, locale: string): string =>
  clock(locale, false).format(Date.UTC(2000, 0, 1, hour % 24));

/**
 * The hour from its start to the next, as `locale` writes a time range: "9:00 – 10:00 AM" (en), "09:00–10:00 Uhr"
 * (de). The hour that ends at midnight is written end by end: Intl's range would add both dates to it.
 */
export function formatHourRange(hour: number, locale: string): string {
  const h = hour % 24;
  if (h === 23) return `${formatHour(23, locale)}–${formatHour(0, locale)}`;
  return keepTimesWhole(
    clock(locale, true).formatRange(Date.UTC(2000, 0, 1, h), Date.UTC(2000, 0, 1, h + 1)),
  );
}

/** "Tue, 10 Mar 2026" for a YYYY-MM-DD (a calendar date: no zone shift), as `locale` writes dates. */
export function formatDay(
  isoDate: string,
  options: Intl.DateTimeFormatOptions = {},
  locale?: string,
): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
    ...options,
  }).format(new Date(Date.UTC(year!, month! - 1, day)));
}

/** The day `days` after a YYYY-MM-DD. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

/** The same day `months` later, clamped to the month's end (31 Jan + 1 month: 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month] = isoDate.split('-').map(Number);
  const first = new Date(Date.UTC(year!, month! - 1 + months, 1));
  return first.toISOString().slice(0, 10);
}
