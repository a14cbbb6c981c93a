import { describe, expect, it } from 'vitest';
import { messages as english } from '@shared/i18n/compiled/app/en';
import { createI18n } from '@shared/i18n/i18n';
import { elapsedText, relativeText } from './console-text';

const en = createI18n('en', english);

describe('relativeText in English (SPEC §2 request cards)', () => {
  const now = 1_700_000_000_000;
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [60_000, '1 minute ago'],
    [2 * 60_000 + 30_000, '2 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [5 * 60 * 60_000, '5 hours ago'],
    [3 * 24 * 60 * 60_000, '3 days ago'],
  ])('%i ms ago reads %s', (elapsed, text) => {
    expect(relativeText(en, now - elapsed, now)).toBe(text);
  });

  it('treats a timestamp slightly in the future (clock skew) as just now', () => {
    expect(relativeText(en, now + 5_000, now)).toBe('just now');
  });
});

describe('elapsedText in English (issue 12: a waiting time that ticks)', () => {
  it.each([
    [0, '0 s'],
    [45_000, '45 s'],
    [59_999, '59 s'],
    [60_000, '1 min'],
    [3 * 60_000 + 59_000, '3 min'],
    [60 * 60_000, '1 h'],
    [65 * 60_000, '1 h 5 min'],
    [2 * 24 * 60 * 60_000, '2 d'],
  ])('%i ms reads %s', (elapsed, text) => {
    expect(elapsedText(en, elapsed)).toBe(text);
  });

  it('reads a negative time (clock skew) as 0 s', () => {
    expect(elapsedText(en, -5_000)).toBe('0 s');
  });
});
