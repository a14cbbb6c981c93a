/** Durations and hours as the analytics page shows them (and its CSV holds them). */
type DurationUnit = 'second' | 'minute' | 'hour';

/**
 * Units as CLDR abbreviates them in `locale` (Intl.NumberFormat's unit style, decision 066): "24 sec", "24 Sek.",
 * "24 s". Arabic's abbreviations are single letters (ث, د, س) that read as other words, so Arabic spells its units
 * out ("4 دقائق").
 */
const LONG_UNITS: ReadonlySet<string> = new Set(['ar']);

const unitFormats = new Map<string, Intl.NumberFormat>();
const lists = new Map<string, Intl.ListFormat>();

function unitFormat(locale: string, unit: DurationUnit): Intl.NumberFormat {
  const key = `${locale}|${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: LONG_UNITS.has(locale.split('-')[0]!) ? 'long' : 'short',
      maximumFractionDigits: 1,
    });
    unitFormats.set(key, format);
  }
  return format;
}

/** "1 hr 5 min", "1 Std., 5 Min." — the parts of one duration as `locale` lists units. */
function joinUnits(locale: string, parts: string[]): string {
  let list = lists.get(locale);
  if (!list) {
    list = new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' });
    lists.set(locale, list);
  }
  return list.format(parts);
}

/** One amount of one unit: "30 sec", "2 min", "1.5 hr" (chart ticks). */
const formatUnit = (value: number, unit: DurationUnit, locale: string): string =>
  unitFormat(locale, unit).format(value);

/**
 * A response time as a person says it, in `locale`: "24 sec", "3 min 5 sec" (seconds only under 10 minutes, where
 * they matter), "12 min", "1 hr 5 min", "2 hr"; "—" when nothing counted.
 */
export function formatDuration(ms: number | null, locale: string): string {
  if (ms === null) return '—';
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return formatUnit(seconds, 'second', locale);
  if (seconds < 600) {
    const rest = seconds % 60;
    const minutes = formatUnit(Math.floor(seconds / 60), 'minute', locale);
    return rest === 0 ? minutes : joinUnits(locale, [minutes, formatUnit(rest, 'second', locale)]);
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return formatUnit(minutes, 'minute', locale);
  const hours = formatUnit(Math.floor(minutes / 60), 'hour', locale);
  return minutes % 60 === 0
    ? hours
    : joinUnits(locale, [hours, formatUnit(minutes % 60, 'minute', locale)]);
}

/** A duration in seconds for the CSV (a number a spreadsheet can average); empty when nothing counted. */
export const toSeconds = (ms: number | null): string =>
  ms === null ? '' : String(Math.round(ms) / 1000);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Steps a time axis may take, per unit (whole amounts only, so every tick reads as one short word). */
const AXIS_STEPS: Readonly<Record<DurationUnit, readonly number[]>> = {
  second: [1, 2, 5, 10, 15, 20, 30],
  minute: [1, 2, 5, 10, 15, 20, 30],
  hour: [1, 2, 3, 4, 6, 12, 24],
};
/** At most this many steps above zero: five labels fit the 240 px high chart of a phone. */
const AXIS_INTERVALS = 4;

export interface DurationAxis {
  unit: DurationUnit;
  /** Tick values in ms, from 0 to the axis' top. */
  ticks: number[];
}

/**
 * The ticks of a response-time axis reaching `maxMs`: seconds up to 2 minutes, minutes up to 2 hours, hours beyond,
 * each at a round step ("0, 10, 20, 30 sec"; "0, 30, 60, 90, 120 min").
 */
export function durationAxis(maxMs: number): DurationAxis {
  const max = Math.max(maxMs, 1);
  const unit: DurationUnit = max <= 2 * MINUTE ? 'second' : max <= 2 * HOUR ? 'minute' : 'hour';
  const size = unit === 'second' ? SECOND : unit === 'minute' ? MINUTE : HOUR;
  const steps = AXIS_STEPS[unit];
  const step =
    steps.find((candidate) => Math.ceil(max / (candidate * size)) <= AXIS_INTERVALS) ??
    Math.ceil(max / size / AXIS_INTERVALS);
  const count = Math.ceil(max / (step * size));
  return { unit, ticks: Array.from({ length: count + 1 }, (_, i) => i * step * size) };
}

/** A tick of `axis` in `locale`: "0", "30 sec", "2 min". */
export function formatAxisTick(ms: number, axis: DurationAxis, locale: string): string {
  if (ms === 0) return new Intl.NumberFormat(locale).format(0);
  const size = axis.unit === 'second' ? SECOND : axis.unit === 'minute' ? MINUTE : HOUR;
  return formatUnit(ms / size, axis.unit, locale);
}

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
