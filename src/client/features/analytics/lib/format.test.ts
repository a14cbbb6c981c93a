import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  durationAxis,
  formatAxisTick,
  formatDuration,
  formatHour,
  formatHourRange,
  formatHourTick,
  keepTimesWhole,
  toSeconds,
} from './format';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
/** 1 s to 2 h, as issue 26's tests ask. */
const SAMPLES = [
  1 * SEC,
  24 * SEC,
  185 * SEC,
  4 * MIN,
  12 * MIN + 20 * SEC,
  HOUR + 5 * MIN,
  2 * HOUR,
];
/** Spaces as a reader sees them (French separates number and unit with a narrow no-break space). */
const all = (locale: string) =>
  SAMPLES.map((ms) => formatDuration(ms, locale).replace(/[\u00a0\u202f]/g, ' '));

describe('analytics durations (Intl units, decision 066)', () => {
  it('reads as a person says it, in English', () => {
    expect(formatDuration(null, 'en')).toBe('—');
    expect(formatDuration(0, 'en')).toBe('0 sec');
    expect(formatDuration(42_400, 'en')).toBe('42 sec');
    expect(formatDuration(59_600, 'en')).toBe('1 min');
    expect(all('en')).toEqual([
      '1 sec',
      '24 sec',
      '3 min 5 sec',
      '4 min',
      '12 min',
      '1 hr 5 min',
      '2 hr',
    ]);
    // 59 min 40 s is an hour, never "60 min".
    expect(formatDuration(59 * MIN + 40 * SEC, 'en')).toBe('1 hr');
  });

  it("uses each language's own units", () => {
    expect(all('de')).toEqual([
      '1 Sek.',
      '24 Sek.',
      '3 Min., 5 Sek.',
      '4 Min.',
      '12 Min.',
      '1 Std., 5 Min.',
      '2 Std.',
    ]);
    expect(all('fr')).toEqual(['1 s', '24 s', '3 min 5 s', '4 min', '12 min', '1 h 5 min', '2 h']);
    expect(all('ja')).toEqual([
      '1 秒',
      '24 秒',
      '3 分5 秒',
      '4 分',
      '12 分',
      '1 時間5 分',
      '2 時間',
    ]);
    expect(all('zh-CN')).toEqual([
      '1秒',
      '24秒',
      '3分钟5秒',
      '4分钟',
      '12分钟',
      '1小时5分钟',
      '2小时',
    ]);
    expect(all('tr')).toEqual([
      '1 sn.',
      '24 sn.',
      '3 dk. 5 sn.',
      '4 dk.',
      '12 dk.',
      '1 sa. 5 dk.',
      '2 sa.',
    ]);
  });

  it('spells Arabic units out: a lone د or س reads as another word', () => {
    const arabic = all('ar');
    expect(arabic[1]).toBe('24 ثانية');
    expect(arabic[3]).toBe('4 دقائق');
    expect(arabic[5]).toBe('ساعة و5 دقائق');
    for (const text of arabic) expect(text).not.toMatch(/(^|[\s\d])[ثدس](\s|$)/);
  });

  it('gives every language a unit on every sample (no bare number, no unit-less text)', () => {
    for (const locale of ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh-CN', 'ja', 'tr', 'ar']) {
      for (const text of all(locale)) expect(text, locale).toMatch(/\p{L}/u);
    }
  });

  it('writes seconds as plain numbers for the CSV', () => {
    expect(toSeconds(null)).toBe('');
    expect(toSeconds(1_000)).toBe('1');
    expect(toSeconds(24_450.4)).toBe('24.45');
    expect(toSeconds(2 * HOUR)).toBe('7200');
  });

  it('steps a time axis in one round unit that fits its largest value', () => {
    const ticks = (maxMs: number, locale = 'en') => {
      const axis = durationAxis(maxMs);
      return axis.ticks.map((ms) => formatAxisTick(ms, axis, locale));
    };
    // The clipped "0.45m" of issue 26: 27 s now reads in seconds.
    expect(ticks(27 * SEC)).toEqual(['0', '10 sec', '20 sec', '30 sec']);
    expect(ticks(24 * SEC, 'de')).toEqual(['0', '10 Sek.', '20 Sek.', '30 Sek.']);
    expect(ticks(1 * SEC)).toEqual(['0', '1 sec']);
    expect(ticks(7 * MIN + 30 * SEC)).toEqual(['0', '2 min', '4 min', '6 min', '8 min']);
    expect(ticks(2 * HOUR)).toEqual(['0', '30 min', '60 min', '90 min', '120 min']);
    expect(ticks(2 * HOUR + 1)).toEqual(['0', '1 hr', '2 hr', '3 hr']);
    for (const max of [1, 999, 45 * SEC, 2 * MIN, 11 * MIN, 95 * MIN, 5 * HOUR, 40 * HOUR]) {
      const axis = durationAxis(max);
      expect(axis.ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(axis.ticks.length).toBeLessThanOrEqual(5);
    }
  });
});

describe('analytics formats', () => {
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
