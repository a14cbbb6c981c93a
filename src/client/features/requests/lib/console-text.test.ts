import { describe, expect, it } from 'vitest';
import { messages as english } from '../../../../shared/i18n/compiled/app/en';
import { messages as german } from '../../../../shared/i18n/compiled/app/de';
import { createI18n } from '../../../../shared/i18n/i18n';
import { formatElapsed, formatRelative } from '../../../lib/format-relative';
import { formatDuration } from './duration';
import { tableLabel } from './table-label';
import { aroundSlot, durationText, elapsedText, relativeText, tableText } from './console-text';

const en = createI18n('en', english);
const de = createI18n('de', german);
const SAMPLES = [
  0, 999, 45_000, 59_999, 60_000, 200_000, 599_000, 3_540_000, 3_600_000, 3_900_000, 90_000_000,
];

describe('console texts', () => {
  it('write English exactly as before (SPEC §2, issue 12)', () => {
    for (const ms of SAMPLES) {
      expect(elapsedText(en, ms)).toBe(formatElapsed(ms));
      expect(durationText(en, ms)).toBe(formatDuration(ms));
      expect(relativeText(en, 0, ms)).toBe(formatRelative(0, ms));
    }
    expect(tableText(en, { tableNumber: '4' })).toBe(tableLabel({ tableNumber: '4' }));
    expect(tableText(en, { tableNumber: null })).toBe(tableLabel({ tableNumber: null }));
  });

  it('write another language through its catalogue and Intl', () => {
    expect(tableText(de, { tableNumber: '4' })).toBe('Tisch 4');
    expect(elapsedText(de, 3_900_000)).toBe('1 Std. 5 Min.');
    expect(relativeText(de, 0, 120_000)).toBe('vor 2 Minuten');
  });

  it('splits a text around its slot', () => {
    expect(aroundSlot((time) => `Completed ${time}`)).toEqual(['Completed ', '']);
    expect(aroundSlot((time) => `${time}に完了`)).toEqual(['', 'に完了']);
  });
});
