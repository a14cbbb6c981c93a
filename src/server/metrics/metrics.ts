/**
 * Prometheus metrics (issue 16, docs/decisions/021). One `Metrics` per app: its own registry, so tests that build
 * many apps in one process never share a counter. The process's own figures (CPU, memory, event loop, GC) come
 * from prom-client's default collectors, which watch the whole process; they are started once per process, into a
 * registry of their own, and served beside each app's.
 *
 * Labels are of low cardinality only: a reason, an outcome, a kind, an HTTP method, a route pattern, a status.
 * Never a restaurant, table, user or request id, nor a raw URL.
 */
import { performance } from 'node:perf_hooks';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
} from 'prom-client';
import type { BusMessage } from '../live/bus';

const PRESS_REFUSAL_REASONS = [
  'cooldown',
  'table_not_found',
  'rate_limited',
  'invalid',
  'error',
] as const;
export type PressRefusalReason = (typeof PRESS_REFUSAL_REASONS)[number];

const PUSH_OUTCOMES = ['sent', 'retried', 'gone', 'gave_up'] as const;
export type PushOutcome = (typeof PUSH_OUTCOMES)[number];

const SIGN_IN_THROTTLE_REASONS = ['throttled', 'locked'] as const;
export type SignInThrottleReason = (typeof SIGN_IN_THROTTLE_REASONS)[number];

/** The route label of a request no route matched (a 404): never the raw URL, which anyone can vary. */
export const UNMATCHED_ROUTE = 'unmatched';
/** The route label of the built client's files (each has a route of its own, named after the file). */
export const STATIC_ROUTE = 'static';

/** Presses are answered in milliseconds; the buckets resolve 1 ms to 5 s (the press's own budget is far below). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Commits awaiting their delivery (commit-to-delivery); past this the oldest is forgotten (a bus that is down). */
const MAX_AWAITING_DELIVERY = 10_000;
/** A scrape waits this long for the outbox count, then reports the last one it got. */
const OUTBOX_COUNT_TIMEOUT_MS = 1_000;

let processRegistry: Registry | undefined;

/** The process-wide default collectors, started on first use (they hold a GC observer and an event-loop monitor). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface HttpSeries {
  count: Counter.Internal;
  duration: Histogram.Internal<'method' | 'route'>;
}

export class Metrics {
  readonly registry = new Registry();

  private readonly pressesAccepted: Counter;
  private readonly pressesRefused: Record<PressRefusalReason, Counter.Internal>;
  private readonly pressToCommit: Histogram;
  private readonly commitToDelivery: Histogram;
  private readonly busReconnects: Counter;
  private readonly pushDeliveries: Record<PushOutcome, Counter.Internal>;
  private readonly escalations: Counter;
  private readonly signInThrottled: Record<SignInThrottleReason, Counter.Internal>;
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route'>;
  /** Bound label children per method/route/status, so a request costs no label hashing after the first. */
  private readonly httpSeries = new Map<string, HttpSeries>();
  /** Request id → when its press committed here, until its request.created reaches this instance's sockets. */
  private readonly awaitingDelivery = new Map<string, number>();
  private liveSockets: () => { staff: number; guest: number } = () => ({ staff: 0, guest: 0 });
  private outboxDepth: () => Promise<number> = () => Promise.resolve(0);
  private lastOutboxDepth = 0;

  constructor() {
    const registers = [this.registry];
    const counter = <L extends string>(config: CounterConfiguration<L>) =>
      new Counter({ ...config, registers });

    this.pressesAccepted = counter({
      name: 'table_service_presses_accepted_total',
      help: 'Guest presses accepted (201): a request was created.',
    });
    const refused = counter({
      name: 'table_service_presses_refused_total',
      help: 'Guest presses refused, by reason: cooldown (429), table_not_found (404), rate_limited (429 per address), invalid (other 4xx), error (5xx).',
      labelNames: ['reason'],
    });
    this.pressesRefused = bind(PRESS_REFUSAL_REASONS, (reason) => refused.labels(reason));
    this.pressToCommit = new Histogram({
      name: 'table_service_press_to_commit_seconds',
      help: "From the service taking an accepted guest press to its statement's commit.",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.commitToDelivery = new Histogram({
      name: 'table_service_commit_to_delivery_seconds',
      help: "From a press's commit to its request.created being written to this instance's staff sockets (presses committed on this instance).",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const sockets: Gauge<'kind'> = new Gauge({
      name: 'table_service_live_sockets',
      help: 'Live sockets open on this instance, by kind: staff (consoles) or guest (open guest pages).',
      labelNames: ['kind'],
      registers,
      collect: () => {
        const { staff, guest } = this.liveSockets();
        sockets.labels('staff').set(staff);
        sockets.labels('guest').set(guest);
      },
    });
    this.busReconnects = counter({
      name: 'table_service_live_bus_reconnects_total',
      help: "Times this instance's LISTEN connection for the live bus was re-established after it was lost.",
    });
    const outbox: Gauge = new Gauge({
      name: 'table_service_push_outbox_depth',
      help: 'Pushes waiting in the outbox (all instances), counted at scrape time; the last count when the database does not answer within 1 s.',
      registers,
      collect: async () => {
        try {
          this.lastOutboxDepth = await withTimeout(this.outboxDepth(), OUTBOX_COUNT_TIMEOUT_MS);
        } catch {
          // A slow or absent database: the last count stands (health reports the database itself).
        }
        outbox.set(this.lastOutboxDepth);
      },
    });
    const pushes = counter({
      name: 'table_service_push_deliveries_total',
      help: 'Push sends by outcome: sent, retried (5xx, 429, timeout, network), gone (404/410: subscription deleted), gave_up (refused for good, or the outbox row ran out of attempts or time).',
      labelNames: ['outcome'],
    });
    this.pushDeliveries = bind(PUSH_OUTCOMES, (outcome) => pushes.labels(outcome));
    this.escalations = counter({
      name: 'table_service_escalations_total',
      help: 'Requests escalated as overdue by this instance.',
    });
    const throttled = counter({
      name: 'table_service_sign_in_throttled_total',
      help: 'Sign-in attempts refused by the throttle, by reason: throttled (back-off) or locked.',
      labelNames: ['reason'],
    });
    this.signInThrottled = bind(SIGN_IN_THROTTLE_REASONS, (reason) => throttled.labels(reason));
    this.httpRequests = counter({
      name: 'table_service_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
    });
    this.httpDuration = new Histogram({
      name: 'table_service_http_request_duration_seconds',
      help: 'HTTP response time, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: HTTP_BUCKETS,
      registers,
    });
  }

  /** The text a scrape gets: the process's default metrics, then this app's. */
  async render(): Promise<string> {
    const [process, app] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return `${process}\n${app}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Starts the process-wide default collectors (buildApp, when metrics are exposed). */
  startProcessMetrics(): void {
    processMetrics();
  }

  /** Where the live-sockets gauge reads its figures at scrape time. */
  countLiveSocketsWith(source: () => { staff: number; guest: number }): void {
    this.liveSockets = source;
  }

  /** Where the outbox-depth gauge reads its figure at scrape time. */
  countOutboxWith(source: () => Promise<number>): void {
    this.outboxDepth = source;
  }

  pressAccepted(): void {
    this.pressesAccepted.inc();
  }

  pressRefused(reason: PressRefusalReason): void {
    this.pressesRefused[reason].inc();
  }

  /** An accepted press's statement committed; `receivedAt` is performance.now() when the service took it. */
  pressCommitted(requestId: string, receivedAt: number): void {
    const now = performance.now();
    this.pressToCommit.observe((now - receivedAt) / 1000);
    if (this.awaitingDelivery.size >= MAX_AWAITING_DELIVERY) {
      const oldest = this.awaitingDelivery.keys().next().value;
      if (oldest !== undefined) this.awaitingDelivery.delete(oldest);
    }
    this.awaitingDelivery.set(requestId, now);
  }

  /** A bus message was handed to this instance's sockets: a press committed here completes its delivery. */
  delivered(message: BusMessage): void {
    if (message.event.type !== 'request.created' || this.awaitingDelivery.size === 0) return;
    const id = message.event.request.id;
    const committedAt = this.awaitingDelivery.get(id);
    if (committedAt === undefined) return;
    this.awaitingDelivery.delete(id);
    this.commitToDelivery.observe((performance.now() - committedAt) / 1000);
  }

  busReconnected(): void {
    this.busReconnects.inc();
  }

  pushDelivery(outcome: PushOutcome, count = 1): void {
    if (count > 0) this.pushDeliveries[outcome].inc(count);
  }

  escalated(count: number): void {
    if (count > 0) this.escalations.inc(count);
  }

  signInThrottle(reason: SignInThrottleReason): void {
    this.signInThrottled[reason].inc();
  }

  /** One HTTP response; `route` is the route pattern (or UNMATCHED_ROUTE, STATIC_ROUTE), never the URL. */
  httpResponse(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.httpSeries.get(key);
    if (!series) {
      series = {
        count: this.httpRequests.labels(method, route, String(status)),
        duration: this.httpDuration.labels(method, route),
      };
      this.httpSeries.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  }
}

/** One bound child per label value, each shown (at 0) from the first scrape on, so rates work from the start. */
function bind<V extends string>(
  values: readonly V[],
  child: (value: V) => Counter.Internal,
): Record<V, Counter.Internal> {
  return Object.fromEntries(
    values.map((v) => {
      const bound = child(v);
      bound.inc(0);
      return [v, bound];
    }),
  ) as Record<V, Counter.Internal>;
}
