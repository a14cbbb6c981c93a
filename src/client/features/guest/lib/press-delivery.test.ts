// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import {
  clearPendingPress,
  isRetryable,
  newPressKey,
  PENDING_MAX_AGE_MS,
  readPendingPress,
  retryDelayMs,
  savePendingPress,
  untilAnswered,
  Waker,
} from './press-delivery';

const failure = (status: number) =>
  new ApiRequestError({ status, code: 'x', message: 'x', fromServer: status !== 0 });
const table = { restaurantId: 'r1', tableId: 't1' };

afterEach(() => sessionStorage.clear());

describe('press delivery (decision 056)', () => {
  it('makes a key the server accepts, new for every press', () => {
    const keys = new Set(Array.from({ length: 50 }, newPressKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it('tries again on no answer and on 5xx, never on a 4xx', () => {
    expect(isRetryable(failure(0))).toBe(true);
    expect(isRetryable(failure(500))).toBe(true);
    expect(isRetryable(failure(503))).toBe(true);
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [400, 404, 422, 429]) expect(isRetryable(failure(status))).toBe(false);
  });

  it('waits 1, 2, 4, 8 s, then 15 s at most, each within ±20 %', () => {
    expect([0, 1, 2, 3, 4, 9].map((n) => retryDelayMs(n, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 15000, 15000,
    ]);
    expect(retryDelayMs(0, () => 0)).toBe(800);
    expect(retryDelayMs(9, () => 1)).toBe(18000);
  });

  it('sends until the service answers, and says when it tries again', async () => {
    const answers = [failure(0), failure(503), 'stored'];
    const retries: number[] = [];
    const waits: number[] = [];
    const result = await untilAnswered(
      () => {
        const next = answers.shift();
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      },
      (n) => retries.push(n),
      (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    );
    expect(result).toBe('stored');
    expect(retries).toEqual([0, 1]);
    expect(waits).toHaveLength(2);
  });

  it('ends on a 4xx refusal, which is final', async () => {
    let tries = 0;
    await expect(
      untilAnswered(
        () => {
          tries += 1;
          return Promise.reject(tries === 1 ? failure(0) : failure(429));
        },
        () => undefined,
        () => Promise.resolve(),
      ),
    ).rejects.toMatchObject({ status: 429 });
    expect(tries).toBe(2);
  });

  it('ends every pause early when woken', async () => {
    const waker = new Waker();
    const started = Date.now();
    const pauses = Promise.all([waker.wait(60_000), waker.wait(60_000)]);
    waker.wake();
    await pauses;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps a pending press for a reload of the tab, until it is answered or too old', () => {
    // With what the guest sent with it (decision 070): a retry after a reload sends the same.
    const press = {
      key: newPressKey(),
      type: 'bill' as const,
      at: 1_000_000,
      note: 'no ice',
      urgent: true,
    };
    savePendingPress(table, press);
    expect(readPendingPress(table, 1_000_000 + 5_000)).toEqual(press);
    expect(readPendingPress({ ...table, tableId: 't2' }, 1_000_000)).toBeNull();
    expect(readPendingPress(table, 1_000_000 + PENDING_MAX_AGE_MS)).toBeNull();
    // Too old: dropped for good.
    expect(readPendingPress(table, 1_000_000)).toBeNull();
    savePendingPress(table, press);
    clearPendingPress(table);
    expect(readPendingPress(table, 1_000_000)).toBeNull();
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('table-service.press.r1.t1', '{"key":"short","type":"bill","at":1}');
    expect(readPendingPress(table, 2)).toBeNull();
    sessionStorage.setItem('table-service.press.r1.t1', 'not json');
    expect(readPendingPress(table, 2)).toBeNull();
  });
});
