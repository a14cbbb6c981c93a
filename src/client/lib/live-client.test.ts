import { describe, expect, it } from 'vitest';
import {
  INITIAL_RECONNECT_DELAY_MS,
  MAX_RECONNECT_DELAY_MS,
  liveUrl,
  reconnectDelay,
} from './live-client';
import { parseLiveEvent } from './live-events';

describe('reconnectDelay', () => {
  it('starts at 0.5 s and doubles, half of it jittered', () => {
    expect(reconnectDelay(0, () => 1)).toBe(INITIAL_RECONNECT_DELAY_MS);
    expect(reconnectDelay(0, () => 0)).toBe(INITIAL_RECONNECT_DELAY_MS / 2);
    expect(reconnectDelay(1, () => 1)).toBe(2 * INITIAL_RECONNECT_DELAY_MS);
    expect(reconnectDelay(3, () => 1)).toBe(8 * INITIAL_RECONNECT_DELAY_MS);
  });

  it('never waits longer than 10 s, however many attempts failed', () => {
    for (const attempt of [5, 10, 100, 10_000]) {
      expect(reconnectDelay(attempt, () => 1)).toBe(MAX_RECONNECT_DELAY_MS);
      expect(reconnectDelay(attempt, () => 0)).toBe(MAX_RECONNECT_DELAY_MS / 2);
    }
  });
});

describe('liveUrl', () => {
  it('uses wss behind https and ws otherwise', () => {
    expect(liveUrl({ protocol: 'https:', host: 'example.com' })).toBe('wss://example.com/api/live');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/live',
    );
  });
});

describe('parseLiveEvent', () => {
  it('accepts events of the shared contract', () => {
    expect(parseLiveEvent('{"type":"session.ended"}')).toEqual({ type: 'session.ended' });
  });

  it('drops anything else instead of throwing', () => {
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent('{"type":"unknown"}')).toBeNull();
    expect(parseLiveEvent('{"type":"request.created"}')).toBeNull();
    expect(parseLiveEvent(new ArrayBuffer(2))).toBeNull();
  });
});
