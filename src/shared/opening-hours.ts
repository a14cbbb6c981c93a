/**
 * Opening hours (issue 27 item 5, decision 088): when a restaurant takes presses, in its own time zone (decision
 * 045). Null: open all day, every day (the default; nothing changes for a restaurant that never set hours). Else one
 * interval per weekday, Monday first; a closed day is null. An interval whose close is not after its open runs past
 * midnight into the next day ("18:00–02:00"); 00:00–00:00 is the whole day.
 */
import { z } from 'zod';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

const dayHoursSchema = z
  .object({ open: z.string().regex(HHMM), close: z.string().regex(HHMM) })
  .strict();
export type DayHours = z.infer<typeof dayHoursSchema>;

export const openingHoursSchema = z
  .object({ days: z.array(dayHoursSchema.nullable()).length(7) })
  .strict()
  .nullable()
  .meta({ id: 'OpeningHours' });
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** Monday first, as the form lists them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const minutesOf = (hhmm: string): number =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Past midnight: the close is not after the open (00:00–00:00: all day). */
export const runsPastMidnight = (day: DayHours): boolean =>
  minutesOf(day.close) <= minutesOf(day.open);

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
  const today = hours.days[day];
  if (today) {
    const open = minutesOf(today.open);
    const close = minutesOf(today.close);
    if (runsPastMidnight(today) ? minute >= open : minute >= open && minute < close) return true;
  }
  // Yesterday's evening that runs past midnight.
  const yesterday = hours.days[(day + 6) % 7];
  return !!yesterday && runsPastMidnight(yesterday) && minute < minutesOf(yesterday.close);
}
