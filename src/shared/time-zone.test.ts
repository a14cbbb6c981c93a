import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, timeZoneNames } from './time-zone';

describe('canonicalTimeZone', () => {
  it('accepts UTC and IANA names', () => {
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
  });

  it('stores an alias under the list spelling', () => {
    const kolkata = canonicalTimeZone('Asia/Kolkata');
    const calcutta = canonicalTimeZone('Asia/Calcutta');
    expect(kolkata).toBe(calcutta);
    expect(timeZoneNames()).toContain(kolkata);
  });

  it('refuses what is no time zone', () => {
    for (const bad of ['', 'Mars/Olympus', 'Europe', 'x'.repeat(65), '+02:00', 'utc; drop']) {
      expect(canonicalTimeZone(bad), bad).toBeNull();
    }
  });
});
