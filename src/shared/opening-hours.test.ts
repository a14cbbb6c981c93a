import { describe, expect, it } from 'vitest';
import {
  canonicalHours,
  isOpenAt,
  localWeekMinute,
  openingHoursSchema,
  type OpeningHours,
} from './opening-hours';

const week = (
  days: OpeningHours extends infer H ? (H extends { days: infer D } ? D : never) : never,
) => ({
  days,
});
// 2026-11-23 is a Monday.
const at = (iso: string) => Date.parse(iso);

describe('opening hours (decision 088)', () => {
  it('is open all day without hours', () => {
    expect(isOpenAt(null, at('2026-11-23T03:00:00Z'), 'UTC')).toBe(true);
  });

  it('reads the weekday and minute in the restaurant’s zone', () => {
    // 23:30 UTC on Monday is 00:30 on Tuesday in Berlin (UTC+1 in November).
    expect(localWeekMinute(at('2026-11-23T23:30:00Z'), 'Europe/Berlin')).toEqual({
      day: 1,
      minute: 30,
    });
  });

  it('takes an interval within the day, closing time excluded', () => {
    const hours = week([{ open: '11:00', close: '22:00' }, null, null, null, null, null, null]);
    expect(isOpenAt(hours, at('2026-11-23T10:59:00Z'), 'UTC')).toBe(false);
    expect(isOpenAt(hours, at('2026-11-23T11:00:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(hours, at('2026-11-23T21:59:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(hours, at('2026-11-23T22:00:00Z'), 'UTC')).toBe(false);
    // Tuesday is closed.
    expect(isOpenAt(hours, at('2026-11-24T12:00:00Z'), 'UTC')).toBe(false);
  });

  it('runs past midnight into the next day, even a closed one', () => {
    const hours = week([{ open: '18:00', close: '02:00' }, null, null, null, null, null, null]);
    expect(isOpenAt(hours, at('2026-11-23T23:00:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(hours, at('2026-11-24T01:59:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(hours, at('2026-11-24T02:00:00Z'), 'UTC')).toBe(false);
    // Sunday night's hours do not reach Monday morning: Sunday is closed.
    expect(isOpenAt(hours, at('2026-11-23T01:00:00Z'), 'UTC')).toBe(false);
  });

  it('follows the zone: Berlin’s evening hours in UTC', () => {
    const hours = week([{ open: '18:00', close: '23:00' }, null, null, null, null, null, null]);
    // 17:30 UTC is 18:30 in Berlin.
    expect(isOpenAt(hours, at('2026-11-23T17:30:00Z'), 'Europe/Berlin')).toBe(true);
    expect(isOpenAt(hours, at('2026-11-23T17:30:00Z'), 'UTC')).toBe(false);
  });

  it('treats 00:00–00:00 as the whole day', () => {
    const hours = week([{ open: '00:00', close: '00:00' }, null, null, null, null, null, null]);
    expect(isOpenAt(hours, at('2026-11-23T00:00:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(hours, at('2026-11-23T23:59:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(hours, at('2026-11-24T00:00:00Z'), 'UTC')).toBe(false);
  });

  it('takes split service: a lunch and a dinner period, closed between (decision 101)', () => {
    const hours = week([
      [
        { open: '12:00', close: '15:00' },
        { open: '18:00', close: '01:00' },
      ],
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(isOpenAt(hours, at('2026-11-23T11:59:00Z'), 'UTC')).toBe(false);
    expect(isOpenAt(hours, at('2026-11-23T12:00:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(hours, at('2026-11-23T15:00:00Z'), 'UTC')).toBe(false);
    expect(isOpenAt(hours, at('2026-11-23T16:30:00Z'), 'UTC')).toBe(false);
    expect(isOpenAt(hours, at('2026-11-23T18:00:00Z'), 'UTC')).toBe(true);
    // The dinner period runs past midnight into (closed) Tuesday.
    expect(isOpenAt(hours, at('2026-11-24T00:30:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(hours, at('2026-11-24T01:00:00Z'), 'UTC')).toBe(false);
  });

  it('accepts periods in order only, the last alone past midnight, at most three', () => {
    const day = (...periods: [string, string][]) => ({
      days: [periods.map(([open, close]) => ({ open, close })), null, null, null, null, null, null],
    });
    expect(openingHoursSchema.safeParse(day(['12:00', '15:00'], ['18:00', '02:00'])).success).toBe(
      true,
    );
    // Touching is fine; overlapping, out of order or an early period past midnight is not.
    expect(openingHoursSchema.safeParse(day(['08:00', '11:00'], ['11:00', '15:00'])).success).toBe(
      true,
    );
    expect(openingHoursSchema.safeParse(day(['12:00', '15:00'], ['14:00', '20:00'])).success).toBe(
      false,
    );
    expect(openingHoursSchema.safeParse(day(['18:00', '23:00'], ['12:00', '15:00'])).success).toBe(
      false,
    );
    expect(openingHoursSchema.safeParse(day(['18:00', '02:00'], ['03:00', '05:00'])).success).toBe(
      false,
    );
    expect(openingHoursSchema.safeParse(day()).success).toBe(false);
    expect(
      openingHoursSchema.safeParse(
        day(['07:00', '10:00'], ['12:00', '15:00'], ['18:00', '22:00'], ['22:00', '23:00']),
      ).success,
    ).toBe(false);
  });

  it('stores a list of one period as that period, as before split service', () => {
    expect(
      canonicalHours({
        days: [[{ open: '11:00', close: '22:00' }], null, null, null, null, null, null],
      }),
    ).toEqual({ days: [{ open: '11:00', close: '22:00' }, null, null, null, null, null, null] });
    expect(canonicalHours(null)).toBeNull();
  });
});
