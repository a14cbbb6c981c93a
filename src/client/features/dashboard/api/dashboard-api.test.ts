import { describe, expect, it } from 'vitest';
import { formatResponseMinutes, localMidnight } from './dashboard-api';

describe('localMidnight (SPEC §9: requests counted from local midnight)', () => {
  it('is the start of the same local day', () => {
    const afternoon = new Date(2025, 5, 14, 15, 42, 7, 300).getTime();
    expect(localMidnight(afternoon)).toBe(new Date(2025, 5, 14).getTime());
  });

  it('is the moment itself at midnight', () => {
    const midnight = new Date(2025, 0, 1).getTime();
    expect(localMidnight(midnight)).toBe(midnight);
  });
});

describe('formatResponseMinutes (SPEC §9: minutes, one decimal)', () => {
  it('shows one decimal, and a dash while nothing is completed', () => {
    expect(formatResponseMinutes(2.2)).toBe('2.2');
    expect(formatResponseMinutes(3)).toBe('3.0');
    expect(formatResponseMinutes(null)).toBe('—');
  });
});
