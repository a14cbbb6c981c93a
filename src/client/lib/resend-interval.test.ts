import { describe, expect, it } from 'vitest';
import { noteResent, resendWaitSeconds } from './resend-interval';

describe('resend interval (decision 037)', () => {
  it('counts down a minute per address, case-insensitively', () => {
    const t0 = 1_000_000;
    expect(resendWaitSeconds('a@example.test', t0)).toBe(0);
    noteResent('A@Example.test ', t0);
    expect(resendWaitSeconds('a@example.test', t0 + 1)).toBe(60);
    expect(resendWaitSeconds('a@example.test', t0 + 45_500)).toBe(15);
    expect(resendWaitSeconds('a@example.test', t0 + 60_000)).toBe(0);
    expect(resendWaitSeconds('b@example.test', t0 + 1)).toBe(0);
  });
});
