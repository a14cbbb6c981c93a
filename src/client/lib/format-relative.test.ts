import { describe, expect, it } from 'vitest';
import { formatRelative } from './format-relative';

describe('formatRelative (SPEC §2 request cards)', () => {
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
    expect(formatRelative(now - elapsed, now)).toBe(text);
  });

  it('treats a timestamp slightly in the future (clock skew) as just now', () => {
    expect(formatRelative(now + 5_000, now)).toBe('just now');
  });
});
