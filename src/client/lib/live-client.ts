/**
 * The staff live channel (DESIGN.md: WebSocket at /api/live, cookie-authenticated).
 * Phones drop connections all the time (sleep, tunnels, Wi-Fi hand-over), so the client reconnects forever with
 * exponential backoff and jitter, and reports every (re)connect so callers can refetch whatever was missed
 * during the gap — the live events are a fast path, the HTTP API stays the source of truth.
 */
// Types only: the guest page uses this client too and must not load zod (decision 016). The staff channel's
// hand-checked parser is in live-events.ts; the guest channel's guard in features/guest/api/guest-responses.ts.
import type { LiveEvent } from '@shared/schemas';
import { apiUrl, routes } from '@shared/api/routes';

/** 'offline': the browser has no network (navigator.onLine); the client reconnects as soon as it has. */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'offline' | 'closed';

export const INITIAL_RECONNECT_DELAY_MS = 500;
export const MAX_RECONNECT_DELAY_MS = 10_000;

/**
 * "Equal jitter" backoff: half of the capped exponential delay is fixed, half random, so many phones that lost
 * the same server do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const capped = Math.min(
    MAX_RECONNECT_DELAY_MS,
    INITIAL_RECONNECT_DELAY_MS * 2 ** Math.min(attempt, 16),
  );
  return capped / 2 + random() * (capped / 2);
}

/** A channel's path on this page's host, over wss on an https page. */
function socketUrl(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

export function liveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return socketUrl(location, apiUrl(routes.staffLive));
}

/** A paired floor board's read-only channel (decision 080): its restaurant's open requests. */
export function boardLiveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return socketUrl(location, apiUrl(routes.boardLive));
}

/** An open guest page's read-only channel (issue 3): its restaurant's public face, live. */
export function publicLiveUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  restaurantId: string,
): string {
  return socketUrl(location, apiUrl(routes.restaurantLive, { restaurantId }));
}

/** A table's guest page channel (issue 12): the restaurant's public face plus this table's request state. */
export function publicTableLiveUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  restaurantId: string,
  tableId: string,
): string {
  return socketUrl(location, apiUrl(routes.tableLive, { restaurantId, tableId }));
}

export interface LiveClientOptions<E = LiveEvent> {
  url: string;
  /** Reads one frame (null: not an event of this channel, ignored). */
  parse: (data: unknown) => E | null;
  /** Close codes after which reconnecting is pointless (the client stops). */
  finalCloseCodes?: readonly number[];
  onEvent: (event: E) => void;
  /** Called on the first connect and on every reconnect. */
  onOpen: () => void;
  /** Called when an open connection is lost. */
  onDisconnect: () => void;
  onStatusChange: (status: LiveStatus) => void;
}

export class LiveClient<E = LiveEvent> {
  private readonly options: LiveClientOptions<E>;
  private readonly parse: (data: unknown) => E | null;
  private socket: WebSocket | null = null;
  private attempt = 0;
  private everOpened = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  /** Restaurants joined beyond the ones the server joins by default (e.g. one created after connecting). */
  private readonly subscriptions = new Set<string>();

  constructor(options: LiveClientOptions<E>) {
    this.options = options;
    this.parse = options.parse;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    window.addEventListener('online', this.wake);
    window.addEventListener('offline', this.dropOffline);
    document.addEventListener('visibilitychange', this.wake);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener('online', this.wake);
    window.removeEventListener('offline', this.dropOffline);
    document.removeEventListener('visibilitychange', this.wake);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.options.onStatusChange('closed');
  }

  /**
   * Joins a restaurant's room. The server joins an admin to the restaurants they owned when the socket opened; one
   * created or chosen later needs asking for. Remembered, and asked for again after every reconnect.
   */
  subscribe(restaurantId: string): void {
    this.subscriptions.add(restaurantId);
    this.send({ type: 'subscribe', restaurantId });
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    // Without network a socket can only fail: wait for the browser's 'online' event instead (wake).
    if (!navigator.onLine) {
      this.options.onStatusChange('offline');
      return;
    }
    this.options.onStatusChange(
      this.everOpened || this.attempt > 0 ? 'reconnecting' : 'connecting',
    );
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.everOpened = true;
      this.options.onStatusChange('open');
      for (const restaurantId of this.subscriptions) this.send({ type: 'subscribe', restaurantId });
      this.options.onOpen();
    };
    socket.onmessage = (message: MessageEvent) => {
      if (this.socket !== socket) return;
      const event = this.parse(message.data);
      if (event) this.options.onEvent(event);
    };
    socket.onclose = (close?: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      if (close && this.options.finalCloseCodes?.includes(close.code)) return this.stop();
      this.options.onStatusChange(navigator.onLine ? 'reconnecting' : 'offline');
      this.options.onDisconnect();
      this.schedule();
    };
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), reconnectDelay(this.attempt));
    this.attempt += 1;
  }

  /**
   * The network went away: a socket may take minutes to notice (TCP), so it is closed now and the console says
   * it is offline; 'online' reconnects.
   */
  private readonly dropOffline = (): void => {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.options.onStatusChange('offline');
    if (socket) this.options.onDisconnect();
  };

  /** A phone coming back to the foreground or online should not wait out a long backoff. */
  private readonly wake = (): void => {
    if (this.stopped || this.socket !== null || document.visibilityState === 'hidden') return;
    clearTimeout(this.timer);
    this.attempt = 0;
    this.connect();
  };
}
