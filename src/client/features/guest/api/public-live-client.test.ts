// @vitest-environment jsdom
/**
 * An open guest page's live channel (issue 3): it reads only public restaurant events, reconnects with backoff when
 * the socket drops, and gives up when the server says the restaurant is gone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST_GONE_CLOSE } from '@shared/constants';
import { parsePublicLiveEvent } from './guest-responses';
import { LiveClient, publicLiveUrl, type LiveStatus } from '../../../lib/live-client';
import type { PublicLiveEvent } from '@shared/schemas';

class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((close?: { code: number }) => void) | null = null;
  readyState = 0;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send() {}
  close() {}
}

const restaurant = {
  id: 'harbor',
  name: 'Harbor Grill',
  logoUrl: null,
  primaryColor: '#0F766E',
  secondaryColor: '#F59E0B',
  reviewUrl: null,
  guestLanguage: 'en',
  requestTypes: { hidden: [], custom: [] },
};

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function start() {
  const events: PublicLiveEvent[] = [];
  const statuses: LiveStatus[] = [];
  const client = new LiveClient<PublicLiveEvent>({
    url: publicLiveUrl({ protocol: 'https:', host: 'example.test' }, 'harbor'),
    parse: parsePublicLiveEvent,
    finalCloseCodes: [GUEST_GONE_CLOSE],
    onEvent: (event) => events.push(event),
    onOpen: () => undefined,
    onDisconnect: () => undefined,
    onStatusChange: (status) => statuses.push(status),
  });
  client.start();
  return { client, events, statuses };
}

describe('the guest page live channel', () => {
  it('connects to the restaurant’s public feed', () => {
    expect(publicLiveUrl({ protocol: 'http:', host: 'h:1' }, 'a b')).toBe(
      'ws://h:1/api/public/restaurants/a%20b/live',
    );
    const { client } = start();
    expect(FakeSocket.instances[0]!.url).toBe(
      'wss://example.test/api/public/restaurants/harbor/live',
    );
    client.stop();
  });

  it('passes on public restaurant updates and ignores anything else', () => {
    const { client, events } = start();
    const socket = FakeSocket.instances[0]!;
    socket.onopen?.();
    socket.onmessage?.({ data: JSON.stringify({ type: 'request.created', request: {} }) });
    socket.onmessage?.({ data: 'not json' });
    socket.onmessage?.({ data: JSON.stringify({ type: 'restaurant.updated', restaurant }) });
    expect(events).toEqual([{ type: 'restaurant.updated', restaurant }]);
    client.stop();
  });

  it('reconnects with backoff when the socket drops', () => {
    const { client, statuses } = start();
    FakeSocket.instances[0]!.onopen?.();
    FakeSocket.instances[0]!.onclose?.({ code: 1006 });
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(2);
    client.stop();
  });

  it('stops when the restaurant is gone', () => {
    const { statuses } = start();
    FakeSocket.instances[0]!.onopen?.();
    FakeSocket.instances[0]!.onclose?.({ code: GUEST_GONE_CLOSE });
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
