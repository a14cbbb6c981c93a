import { describe, expect, it } from 'vitest';
import { pendingTiming } from './request-timing';

describe('pendingTiming (issue 12: overdue never contradicts the waiting time)', () => {
  const created = 1_700_000_000_000;

  it('is not overdue before the threshold and shows the real waiting time', () => {
    expect(pendingTiming(created, created + 45_000, false, 3)).toEqual({
      elapsedMs: 45_000,
      overdue: false,
    });
  });

  it('is overdue once the waiting time reaches the threshold, even before the server escalates', () => {
    expect(pendingTiming(created, created + 3 * 60_000, false, 3).overdue).toBe(true);
  });

  it('never shows an overdue card as waiting less than the threshold (clock behind the server)', () => {
    const timing = pendingTiming(created, created + 20_000, true, 3);
    expect(timing.overdue).toBe(true);
    expect(timing.elapsedMs).toBe(3 * 60_000);
  });

  it('without the restaurant loaded, trusts the server and uses the smallest threshold', () => {
    expect(pendingTiming(created, created + 5 * 60_000, false, null).overdue).toBe(false);
    expect(pendingTiming(created, created, true, null).elapsedMs).toBe(60_000);
  });
});
