/** What the rest of the server calls to make something live. Events go through the bus, so every instance's hub sees them. */
import type { FastifyBaseLogger } from 'fastify';
import type { Restaurant, ServiceRequest, Table } from '@shared/schemas';
import type { Metrics } from '../metrics/metrics';
import type { BusMessage, EventBus, StatementNotify } from './bus';
import { Hub } from './hub';
import type { Presence } from './presence';

export class LiveService {
  readonly hub = new Hub();

  constructor(
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    metrics: Metrics,
  ) {
    bus.subscribe((message) => {
      this.hub.deliver(message);
      metrics.delivered(message);
    });
    metrics.countLiveSocketsWith(() => ({ staff: this.hub.size, guest: this.hub.guestSize }));
    // Events sent while the bus was away reached no one: the consoles refetch (decision 027).
    bus.onReconnect(() => this.hub.resyncAll());
  }

  private presence: Presence | null = null;

  /** Keeps staff_presence from this instance's sockets (decision 044); stopped by stopPresence at shutdown. */
  trackPresence(presence: Presence): void {
    this.presence = presence;
    this.hub.observe(presence);
  }

  stopPresence(): Promise<void> {
    return this.presence?.stop() ?? Promise.resolve();
  }

  /** A server's console opened or closed (on this instance, or expired on another): owners' dashboards refetch. */
  presenceChanged(restaurantIds: string[]): void {
    for (const restaurantId of restaurantIds)
      this.send({
        scope: 'restaurant',
        restaurantId,
        event: { type: 'presence.changed', restaurantId },
      });
  }

  private send(message: BusMessage): void {
    this.bus
      .publish(message)
      .catch((err: unknown) => this.log.error({ err }, 'live publish failed'));
  }

  requestCreated(request: ServiceRequest): void {
    this.send({
      scope: 'restaurant',
      restaurantId: request.restaurantId,
      event: { type: 'request.created', request },
    });
  }

  /**
   * The guest press's request.created as a NOTIFY its statement sends itself (PostgreSQL); null on the in-process
   * bus, where the caller calls requestCreated after the statement. `slack`: bytes the statement adds to `request`.
   */
  requestCreatedInStatement(request: ServiceRequest, slack: number): StatementNotify | null {
    return this.bus.inStatement(
      {
        scope: 'restaurant',
        restaurantId: request.restaurantId,
        event: { type: 'request.created', request },
      },
      slack,
    );
  }

  /** The statement that carried requestCreatedInStatement's NOTIFY committed: this instance's sockets get it now. */
  requestCreatedCommitted(request: ServiceRequest): void {
    this.bus.committed({
      scope: 'restaurant',
      restaurantId: request.restaurantId,
      event: { type: 'request.created', request },
    });
  }

  /**
   * `showServerNames`: the restaurant lets the table's guest page see the taker's first name (decision 029); the
   * staff event is the same either way.
   */
  requestUpdated(request: ServiceRequest, showServerNames = false): void {
    this.send({
      scope: 'restaurant',
      restaurantId: request.restaurantId,
      event: { type: 'request.updated', request },
      ...(showServerNames ? { guestNames: true } : {}),
    });
  }

  tableChanged(table: Table): void {
    this.send({
      scope: 'restaurant',
      restaurantId: table.restaurantId,
      event: { type: 'table.changed', table },
    });
  }

  /** A shift started or ended, or a hand-over was offered or answered (decision 095): consoles refetch. */
  shiftChanged(restaurantId: string): void {
    this.send({
      scope: 'restaurant',
      restaurantId,
      event: { type: 'shift.changed', restaurantId },
    });
  }

  tableDeleted(restaurantId: string, tableId: string): void {
    this.send({
      scope: 'restaurant',
      restaurantId,
      event: { type: 'table.deleted', restaurantId, tableId },
    });
  }

  restaurantUpdated(restaurant: Restaurant): void {
    this.send({
      scope: 'restaurant',
      restaurantId: restaurant.id,
      event: { type: 'restaurant.updated', restaurant },
    });
  }

  restaurantDeleted(restaurantId: string): void {
    this.send({
      scope: 'restaurant',
      restaurantId,
      event: { type: 'restaurant.deleted', restaurantId },
    });
  }

  /** A deleted user's open consoles are told and closed at once, on every instance. */
  userEnded(userId: string): void {
    this.send({ scope: 'user', userId, event: { type: 'session.ended' } });
  }

  /** A revoked floor board's open sockets close at once, on every instance (decision 080). */
  boardRevoked(boardId: string): void {
    this.send({ scope: 'board', boardId, event: { type: 'session.ended' } });
  }

  closeSession(sessionId: string | null): void {
    if (sessionId) this.send({ scope: 'session', sessionId, event: { type: 'session.ended' } });
  }

  /** Sessions ended by a credential change (decision 068): their open consoles are told and closed. */
  closeSessions(sessionIds: readonly string[]): void {
    for (const sessionId of sessionIds) this.closeSession(sessionId);
  }
}
