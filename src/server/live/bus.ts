/**
 * Carries live events between app instances. The embedded default runs one instance, so an in-process bus is
 * enough; with PostgreSQL every instance LISTENs on one channel and publishes with NOTIFY (DESIGN.md), so
 * PostgreSQL stays the only shared component.
 */
import pg from 'pg';
import type { LiveEvent } from '../../shared/schemas';

export type BusMessage =
  | { scope: 'restaurant'; restaurantId: string; event: LiveEvent }
  | { scope: 'user'; userId: string; event: LiveEvent }
  | { scope: 'session'; sessionId: string; event: LiveEvent };

/** A NOTIFY that a statement carries itself (pg_notify inside it): it commits with the statement and costs no extra round trip. */
export interface StatementNotify {
  channel: string;
  /** The message as JSON; the statement may fill in fields it computes (jsonb_set) before sending it. */
  payload: string;
}

export interface EventBus {
  publish(message: BusMessage): Promise<void>;
  /**
   * When events travel through PostgreSQL, the NOTIFY for `message` that a statement can send itself; null for the
   * in-process bus (the caller then publishes after the statement). `slack`: bytes the statement may add.
   */
  inStatement(message: BusMessage, slack: number): StatementNotify | null;
  subscribe(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

export class InProcessBus implements EventBus {
  private handlers: ((message: BusMessage) => void)[] = [];
  publish(message: BusMessage): Promise<void> {
    // Delivered on the next tick, as a NOTIFY would be: publishers never run subscribers inline.
    queueMicrotask(() => this.handlers.forEach((h) => h(message)));
    return Promise.resolve();
  }
  inStatement(): null {
    return null;
  }
  subscribe(handler: (message: BusMessage) => void): void {
    this.handlers.push(handler);
  }
  close(): Promise<void> {
    this.handlers = [];
    return Promise.resolve();
  }
}

export const CHANNEL = 'table_service_live';
/** NOTIFY payloads must stay under 8000 bytes; our events are a few hundred. */
export const MAX_PAYLOAD = 7900;

interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export class PgNotifyBus implements EventBus {
  private handlers: ((message: BusMessage) => void)[] = [];
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 250;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Resolves once the first LISTEN is in place. */
  readonly ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly onReconnect: () => void = () => undefined,
  ) {
    this.ready = this.connect();
  }

  /** A dedicated connection LISTENs; it reconnects by itself with back-off when PostgreSQL goes away. */
  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      let message: BusMessage;
      try {
        message = JSON.parse(n.payload) as BusMessage;
      } catch {
        return;
      }
      for (const h of this.handlers) h(message);
    });
    const retry = () => {
      if (this.closed || this.retryTimer) return;
      this.client = null;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        void this.connect().then(() => this.onReconnect());
      }, this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
    };
    client.on('error', (err) => {
      this.log.warn({ err }, 'live bus connection lost; reconnecting');
      void client.end().catch(() => undefined);
      retry();
    });
    client.on('end', retry);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.client = client;
      this.retryMs = 250;
    } catch (err) {
      this.log.warn({ err }, 'live bus could not connect; retrying');
      retry();
    }
  }

  inStatement(message: BusMessage, slack: number): StatementNotify | null {
    const payload = JSON.stringify(message);
    // Too large to carry: publish() after the statement logs and drops it, as for any other event.
    if (Buffer.byteLength(payload) + slack > MAX_PAYLOAD) return null;
    return { channel: CHANNEL, payload };
  }

  async publish(message: BusMessage): Promise<void> {
    const payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
      this.log.warn(
        { scope: message.scope, type: message.event.type },
        'live event too large for NOTIFY; dropped',
      );
      return;
    }
    // Named: parsed once per pooled connection (one of these runs for every press).
    await this.pool.query({
      name: 'live_notify',
      text: 'select pg_notify($1, $2)',
      values: [CHANNEL, payload],
    });
  }

  subscribe(handler: (message: BusMessage) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
