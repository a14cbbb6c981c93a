// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
const seen: number[] = [];

function Clock({ intervalMs }: { intervalMs: number }) {
  seen.push(useNow(intervalMs));
  return null;
}

async function show(intervalMs: number): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/require-await -- act's async form flushes the effects it starts
  await act(async () => root.render(createElement(Clock, { intervalMs })));
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  seen.length = 0;
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

it('ticks at its interval, and not in between', async () => {
  await show(15_000);
  const renders = seen.length;
  await act(() => vi.advanceTimersByTimeAsync(14_000));
  expect(seen.length).toBe(renders);
  await act(() => vi.advanceTimersByTimeAsync(1_000));
  expect(seen.at(-1)).toBe(1_015_000);
});

it('a faster interval starts from the current time, not the slow tick’s last one', async () => {
  await show(15_000);
  // 10 s after the slow tick's last time, something on the screen now needs seconds.
  await act(() => vi.advanceTimersByTimeAsync(10_000));
  expect(seen.at(-1)).toBe(1_000_000);
  await show(1_000);
  expect(seen.at(-1)).toBe(1_010_000);
  await act(() => vi.advanceTimersByTimeAsync(1_000));
  expect(seen.at(-1)).toBe(1_011_000);
});

it('a time still within the new interval is kept, without drawing again for it', async () => {
  await show(1_000);
  await act(() => vi.advanceTimersByTimeAsync(500));
  const renders = seen.length;
  await show(15_000);
  // Rendered once for the new interval itself; the kept time costs no second render.
  expect(seen.length).toBe(renders + 1);
  expect(seen.at(-1)).toBe(1_000_000);
});
