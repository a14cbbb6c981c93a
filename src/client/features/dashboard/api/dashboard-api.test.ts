import { describe, expect, it } from 'vitest';
import { describeActivity, formatClock, formatResponseMinutes, formatWait } from './dashboard-api';

describe('formatResponseMinutes (SPEC §9: minutes, one decimal)', () => {
  it('shows one decimal, and a dash while nothing is completed', () => {
    expect(formatResponseMinutes(2.2)).toBe('2.2');
    expect(formatResponseMinutes(3)).toBe('3.0');
    expect(formatResponseMinutes(null)).toBe('—');
  });
});

describe('formatWait', () => {
  it('shows seconds under a minute, then minutes and two-digit seconds', () => {
    expect(formatWait(0)).toBe('0 s');
    expect(formatWait(45)).toBe('45 s');
    expect(formatWait(60)).toBe('1 min');
    expect(formatWait(125)).toBe('2 min 05 s');
    expect(formatWait(null)).toBe('—');
  });
});

describe('describeActivity', () => {
  it('names each step of a request and an assignment', () => {
    expect(describeActivity({ kind: 'pressed', requestType: 'bill' })).toBe('Bill requested');
    expect(describeActivity({ kind: 'taken', requestType: 'order' })).toBe('Took order');
    expect(describeActivity({ kind: 'completed', requestType: 'refill' })).toBe('Completed refill');
    expect(describeActivity({ kind: 'dismissed', requestType: 'server' })).toBe(
      'Dismissed server call',
    );
    expect(describeActivity({ kind: 'escalated', requestType: 'bill' })).toBe('Bill overdue');
    expect(describeActivity({ kind: 'assigned', requestType: null })).toBe('Took the table');
    expect(describeActivity({ kind: 'unassigned', requestType: null })).toBe('Released the table');
  });
});

describe('formatClock', () => {
  it("shows the time in the restaurant's zone, not the browser's", () => {
    const at = Date.UTC(2026, 2, 11, 3, 30);
    expect(formatClock(at, 'America/New_York')).toMatch(/11:30|23:30/);
    expect(formatClock(at, 'UTC')).toMatch(/03:30|3:30/);
  });
});
