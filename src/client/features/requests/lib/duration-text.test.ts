import { describe, expect, it } from 'vitest';
import { messages as english } from '@shared/i18n/compiled/app/en';
import { createI18n } from '@shared/i18n/i18n';
import { durationText } from './console-text';

const en = createI18n('en', english);

describe('durationText in English', () => {
  it('reads as a busy server would say it', () => {
    expect(durationText(en, 0)).toBe('0 s');
    expect(durationText(en, 45_400)).toBe('45 s');
    expect(durationText(en, 200_000)).toBe('3 min 20 s');
    expect(durationText(en, 180_000)).toBe('3 min');
    expect(durationText(en, 12 * 60_000 + 5_000)).toBe('12 min');
    expect(durationText(en, 65 * 60_000)).toBe('1 h 5 min');
    expect(durationText(en, 120 * 60_000)).toBe('2 h');
  });

  it('never shows a negative time (clocks of two instances may differ a little)', () => {
    expect(durationText(en, -500)).toBe('0 s');
  });
});
