import { describe, expect, it } from 'vitest';
import { PressBudgetWindows } from './press-budget';

describe('PressBudgetWindows (decision 088)', () => {
  it('asks for a count on the first press and then at most once per refresh', () => {
    const windows = new PressBudgetWindows(1_000);
    expect(windows.needsCount('r1', 10_000)).toBe(true);
    windows.counted('r1', 10_000, 3);
    expect(windows.needsCount('r1', 10_999)).toBe(false);
    expect(windows.needsCount('r1', 11_000)).toBe(true);
    expect(windows.needsCount('r2', 10_500)).toBe(true);
    // A clock that went back (a test's, or a corrected one) counts again.
    expect(windows.needsCount('r1', 9_000)).toBe(true);
  });

  it('adds the presses it let through to the stored count, and refuses at the budget', () => {
    const windows = new PressBudgetWindows(1_000);
    windows.counted('r1', 0, 7);
    expect(windows.admit('r1', 1, 10)).toBe(true);
    expect(windows.admit('r1', 2, 10)).toBe(true);
    expect(windows.admit('r1', 3, 10)).toBe(true);
    expect(windows.admit('r1', 4, 10)).toBe(false);
    expect(windows.admit('r1', 5, 10)).toBe(false);
    // Another restaurant's budget is its own.
    windows.counted('r2', 0, 0);
    expect(windows.admit('r2', 6, 10)).toBe(true);
  });

  it('a new count replaces what was added since the last one', () => {
    const windows = new PressBudgetWindows(1_000);
    windows.counted('r1', 0, 9);
    expect(windows.admit('r1', 1, 10)).toBe(true);
    expect(windows.admit('r1', 2, 10)).toBe(false);
    // A minute later the old presses have left the window.
    windows.counted('r1', 61_000, 2);
    expect(windows.admit('r1', 61_001, 10)).toBe(true);
  });
});
