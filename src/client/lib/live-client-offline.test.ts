// @vitest-environment jsdom
/** The live client knows when the browser is offline (issue 5): it says so and reconnects once the network is back. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClient, type LiveStatus } from './live-client';
import { parseLiveEvent } from './live-events';

class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  close() {
    this.closed = true;
  }
}

let online = true;

beforeEach(() => {
  FakeSocket.instances = [];
  online = true;
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function start() {
  const statuses: LiveStatus[] = [];
  const disconnects: number[] = [];
  const client = new LiveClient({
    url: 'ws://example.test/api/live',
    parse: parseLiveEvent,
    onEvent: () => undefined,
    onOpen: () => undefined,
    onDisconnect: () => disconnects.push(1),
    onStatusChange: (status) => statuses.push(status),
  });
  client.start();
  return { client, statuses, disconnects };
}

describe('LiveClient without network', () => {
  it('does not try to connect while offline, and connects when the browser is online again', () => {
    online = false;
    const { client, statuses } = start();
    expect(statuses).toEqual(['offline']);
    expect(FakeSocket.instances).toHaveLength(0);
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.instances).toHaveLength(1);
    FakeSocket.instances[0]!.onopen?.();
    expect(statuses.at(-1)).toBe('open');
    client.stop();
  });

  it('drops an open socket at once when the network goes, and says it is offline', () => {
    const { client, statuses, disconnects } = start();
    const socket = FakeSocket.instances[0]!;
    socket.onopen?.();
    online = false;
    window.dispatchEvent(new Event('offline'));
    expect(socket.closed).toBe(true);
    expect(statuses.at(-1)).toBe('offline');
    expect(disconnects).toHaveLength(1);
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.instances).toHaveLength(2);
    expect(statuses.at(-1)).toBe('reconnecting');
    client.stop();
  });
});
