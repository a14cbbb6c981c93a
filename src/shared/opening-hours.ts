/**
 * Opening hours (issue 27 item 5, decision 088): when a restaurant takes presses, in its own time zone (decision
 * 045). Null: open all day, every day (the default; nothing changes for a restaurant that never set hours). Else an
 * entry per weekday, Monday first: null (closed), one period, or up to three periods in time order (split service,
 * "12:00–15:00 and 18:00–23:00"; decision 101). A period whose close is not after its open runs past midnight into
 * the next day ("18:00–02:00"); only a day's last period may, and 00:00–00:00 is the whole day.
 */
import { z } from 'zod';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Periods one day may have (breakfast, lunch and dinner at most). */
export const PERIODS_PER_DAY_MAX = 3;

const dayHoursSchema = z
  .object({ open: z.string().regex(HHMM), close: z.string().regex(HHMM) })
  .strict();
export type DayHours = z.infer<typeof dayHoursSchema>;

/** Minutes since midnight of an HH:MM time. */
export const minutesOf = (hhmm: string): number =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Past midnight: the close is not after the open (00:00–00:00: all day). */
export const runsPastMidnight = (day: DayHours): boolean =>
  minutesOf(day.close) <= minutesOf(day.open);

/**
 * Whether a day's periods are in order: each closes (the same day) before the next opens, and only the last may run
 * past midnight.
 */
export function periodsInOrder(periods: readonly DayHours[]): boolean {
  return periods.every((period, i) => {
    const next = periods[i + 1];
    if (next === undefined) return true;
    return !runsPastMidnight(period) && minutesOf(period.close) <= minutesOf(next.open);
  });
}

const daySchema = z
  .union([
    dayHoursSchema,
    z
      .array(dayHoursSchema)
      .min(1)
      .max(PERIODS_PER_DAY_MAX)
      .refine(
        periodsInOrder,
        'Periods must be in time order, and only the last may run past midnight',
      ),
  ])
  .nullable();
export type OpeningDay = z.infer<typeof daySchema>;

export const openingHoursSchema = z
  .object({ days: z.array(daySchema).length(7) })
  .strict()
  .nullable()
  .meta({ id: 'OpeningHours' });
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** A day's periods, whichever form it is stored in (closed: none). */
export const periodsOf = (day: OpeningDay | undefined): DayHours[] =>
  day == null ? [] : Array.isArray(day) ? day : [day];

/** The one form a day is stored and answered in: null, a single period as before, or the list. */
export const dayOf = (periods: readonly DayHours[]): OpeningDay =>
  periods.length === 0 ? null : periods.length === 1 ? periods[0]! : [...periods];

/** Monday first, as the form lists them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const WEEKDAY_INDEX: Readonly<Record<string, number>> = {
  Mon: 0,
  Tue: 1,
  Wed: 2,
  Thu: 3,
  Fri: 4,
  Sat: 5,
  Sun: 6,
};

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The weekday (0 = Monday) and minute of the day at `instant` in `timeZone`. */
export function localWeekMinute(
  instant: number,
  timeZone: string,
): { day: number; minute: number } {
  const parts = formatIn(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    day: WEEKDAY_INDEX[part('weekday')] ?? 0,
    minute: (Number(part('hour')) % 24) * 60 + Number(part('minute')),
  };
}

/** Whether presses are taken at `instant` (ms) in the restaurant's `timeZone`. */
export function isOpenAt(hours: OpeningHours, instant: number, timeZone: string): boolean {
  if (!hours) return true;
  const { day, minute } = localWeekMinute(instant, timeZone);
  const within = (period: DayHours) => {
    const open = minutesOf(period.open);
    return runsPastMidnight(period)
      ? minute >= open
      : minute >= open && minute < minutesOf(period.close);
  };
  if (periodsOf(hours.days[day]).some(within)) return true;
  // Yesterday's last period, when it runs past midnight.
  const late = periodsOf(hours.days[(day + 6) % 7]).at(-1);
  return late !== undefined && runsPastMidnight(late) && minute < minutesOf(late.close);
}

/** The hours as stored: each day in its one form (dayOf), so a list of one period is kept as that period. */
export const canonicalHours = (hours: OpeningHours): OpeningHours =>
  hours && { days: hours.days.map((day) => dayOf(periodsOf(day))) };
