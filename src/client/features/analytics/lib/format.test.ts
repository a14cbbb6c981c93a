import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatDuration,
  formatHour,
  formatHourRange,
  formatHourTick,
  keepTimesWhole,
  toMinutes,
} from './format';

describe('analytics formats', () => {
  it('shows durations in s, min and h', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(42_400)).toBe('42 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(3_720_000)).toBe('1 h 02 min');
    expect(toMinutes(90_000)).toBe(1.5);
  });

  it('names hours and steps dates', () => {
    expect(formatHourRange(23, 'de')).toBe('23:00–0:00');
    expect(formatHourRange(9, 'de')).toBe('09:00–10:00\u00a0Uhr');
    expect(formatHourRange(9, 'en').replace(/\s/g, ' ')).toBe('9:00 – 10:00 AM');
    expect(formatHourRange(23, 'en').replace(/\s/g, ' ')).toBe('11:00 PM–12:00 AM');
    expect(formatHour(17, 'ja')).toBe('17:00');
    // '8:00' and its 'PM' never part at a line's end; the range may break beside its dash.
    expect(formatHourRange(19, 'en')).toMatch(/^7:00\s–\s8:00[\u00a0\u202f]PM$/);
    // Chrome's Intl separates them with a plain space (Node's with a narrow no-break one).
    expect(keepTimesWhole('7:00 – 8:00 PM')).toBe('7:00 – 8:00\u00a0PM');
    expect(keepTimesWhole('11:00 PM–12:00 AM')).toBe('11:00\u00a0PM–12:00\u00a0AM');
    expect(formatHourTick(17, 'en')).toBe('5 PM');
    expect(formatHourTick(17, 'de')).toBe('17 Uhr');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-01');
  });
});
