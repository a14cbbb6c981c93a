/**
 * Carries live events between app instances. The embedded default runs one instance, so an in-process bus is
 * enough; with PostgreSQL every instance LISTENs on one channel and publishes with NOTIFY (DESIGN.md), so
 * PostgreSQL stays the only shared component.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { LiveEvent } from '@shared/schemas';

export type BusMessage =
  | {
      scope: 'restaurant';
      restaurantId: string;
      event: LiveEvent;
      /**
       * A request event may tell its table's guest page the taker's first name (the restaurant's
       * showServerNames, decision 029). Absent: the guest page is told no name.
       */
      guestNames?: boolean;
    }
  | { scope: 'user'; userId: string; event: LiveEvent }
  | { scope: 'session'; sessionId: string; event: LiveEvent }
  /** A floor board was revoked (decision 080): its sockets on every instance close (event: session.ended). */
  | { scope: 'board'; boardId: string; event: LiveEvent };

/** A NOTIFY that a statement carries itself (pg_notify inside it): it commits with the statement and costs no extra round trip. */
export interface StatementNotify {
  channel: string;
  /** The message as JSON; the statement may fill in fields it computes (jsonb_set) before sending it. */
  payload: string;
}

export interface EventBus {
  /** Hands `message` to this instance's subscribers at once and to every other instance (NOTIFY). */
  publish(message: BusMessage): Promise<void>;
  /**
   * When events travel through PostgreSQL, the NOTIFY for `message` that a statement can send itself; null for the
   * in-process bus (the caller then publishes after the statement). `slack`: bytes the statement may add.
   */
  inStatement(message: BusMessage, slack: number): StatementNotify | null;
  /**
   * The statement that carried `message`'s NOTIFY (inStatement) committed: this instance's subscribers get it now,
   * without waiting for the NOTIFY to come back from PostgreSQL (issue 16 item 7); the NOTIFY itself still reaches
   * the other instances, and this instance skips it when it arrives.
   */
  committed(message: BusMessage): void;
  subscribe(handler: (message: BusMessage) => void): void;
  /** Whether events from other instances reach this one now (`/api/health/ready`). */
  readonly connected: boolean;
  /**
   * `handler` runs when the bus is back after a gap in which events may have been lost (decision 027): the LISTEN
   * connection was lost and is listening again. Never for the in-process bus, which cannot lose an event.
   */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
}

export class InProcessBus implements EventBus {
  private handlers: ((message: BusMessage) => void)[] = [];
  /** There are no other instances: connected until closed. */
  connected = true;
  publish(message: BusMessage): Promise<void> {
    // Delivered on the next tick, as a NOTIFY would be: publishers never run subscribers inline.
    queueMicrotask(() => this.handlers.forEach((h) => h(message)));
    return Promise.resolve();
  }
  inStatement(): null {
    return null;
  }
  committed(message: BusMessage): void {
    void this.publish(message);
  }
  subscribe(handler: (message: BusMessage) => void): void {
    this.handlers.push(handler);
  }
  onReconnect(): void {
    // Nothing to lose in-process.
  }
  close(): Promise<void> {
    this.handlers = [];
    this.connected = false;
    return Promise.resolve();
  }
}

export const CHANNEL = 'table_service_live';
/** NOTIFY payloads must stay under 8000 bytes; our events are a few hundred. */
const MAX_PAYLOAD = 7900;

interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Decision 027: the LISTEN connection's retry delays. After a PostgreSQL restart the pool reconnects at once, so
 * presses succeed again right away; the listener must be back as fast, or their events reach no console (the resync
 * that follows covers the gap, the sooner the better). One connection attempt a second while PostgreSQL is away is
 * nothing to it.
 */
const BUS_FIRST_RETRY_MS = 100;
const BUS_MAX_RETRY_MS = 1_000;

/** A NOTIFY payload: the message and the instance that sent it (which has delivered it to its own sockets). */
type Notified = BusMessage & { origin?: string };

export class PgNotifyBus implements EventBus {
  private handlers: ((message: BusMessage) => void)[] = [];
  /** This instance, in its NOTIFY payloads: its own come back to it and are skipped (delivered already). */
  private readonly origin = randomUUID();
  private readonly reconnectHandlers: (() => void)[] = [];
  /** The connection that is LISTENing, if any. */
  private client: pg.Client | null = null;
  /** The latest connection attempt's client: events of an older one are ignored. */
  private current: pg.Client | null = null;
  /** A connection was lost, or never made, since the last LISTEN: the next one must tell the reconnect handlers. */
  private lost = false;
  private closed = false;
  private retryMs = BUS_FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Resolves once the first connection attempt is over (listening, or retrying in the background). */
  readonly ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {
    this.ready = this.connect();
  }

  /** A dedicated connection LISTENs; it reconnects by itself, promptly, when PostgreSQL goes away. */
  private async connect(): Promise<void> {
    if (this.closed) return;
    // keepAlive: a peer that vanished without a FIN (a network fail-over) is noticed too, not only a restart.
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    this.current = client;
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      let message: Notified;
      try {
        message = JSON.parse(n.payload) as Notified;
      } catch {
        return;
      }
      if (message.origin === this.origin) return;
      delete message.origin;
      this.deliver(message);
    });
    const lose = () => {
      if (this.current !== client) return;
      this.current = null;
      this.client = null;
      this.lost = true;
      void client.end().catch(() => undefined);
      this.scheduleRetry();
    };
    client.on('error', (err) => {
      if (this.current === client) this.log.warn({ err }, 'live bus connection lost; reconnecting');
      lose();
    });
    client.on('end', lose);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      if (this.current === client) this.log.warn({ err }, 'live bus could not connect; retrying');
      lose();
      return;
    }
    if (this.current !== client) return;
    this.client = client;
    this.retryMs = BUS_FIRST_RETRY_MS;
    if (this.lost) {
      this.lost = false;
      this.log.info({}, 'live bus listening again; consoles told to resync');
      for (const h of this.reconnectHandlers) h();
    }
  }

  private scheduleRetry(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, BUS_MAX_RETRY_MS);
  }

  onReconnect(handler: () => void): void {
    this.reconnectHandlers.push(handler);
  }

  private deliver(message: BusMessage): void {
    for (const h of this.handlers) h(message);
  }

  inStatement(message: BusMessage, slack: number): StatementNotify | null {
    const payload = this.payloadOf(message);
    // Too large to carry: publish() after the statement logs and drops it, as for any other event.
    if (Buffer.byteLength(payload) + slack > MAX_PAYLOAD) return null;
    return { channel: CHANNEL, payload };
  }

  committed(message: BusMessage): void {
    // Next tick, as from a NOTIFY: a publisher never runs subscribers inline.
    queueMicrotask(() => this.deliver(message));
  }

  private payloadOf(message: BusMessage): string {
    return JSON.stringify({ ...message, origin: this.origin } satisfies Notified);
  }

  async publish(message: BusMessage): Promise<void> {
    // This instance's sockets do not wait for the round trip through PostgreSQL, nor miss the event if it fails.
    this.committed(message);
    const payload = this.payloadOf(message);
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

  /** The LISTEN connection is up (it is dropped the moment it errs or ends, until a reconnect's LISTEN succeeds). */
  get connected(): boolean {
    return this.client !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.current;
    this.current = null;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
