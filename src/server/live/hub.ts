/**
 * The sockets connected to this instance, in rooms per restaurant. It decides, per socket, which events that
 * user may receive: only their restaurant's, and for a server only requests of their own or unassigned tables.
 * Open guest pages have rooms of their own, which only ever get a restaurant's public face (publicEventOf).
 */
import type { WebSocket } from 'ws';
import { GUEST_GONE_CLOSE } from '../../shared/constants';
import type { LiveEvent, PublicLiveEvent } from '../../shared/schemas';
import type { SessionUser } from '../modules/auth/auth.service';
import { publicOf } from '../modules/restaurants/restaurants.mapper';
import type { BusMessage } from './bus';

export interface Connection {
  socket: WebSocket;
  user: SessionUser;
  sessionId: string;
  rooms: Set<string>;
  alive: boolean;
}

/** An open guest page: anonymous, read-only, one restaurant. */
export interface GuestConnection {
  socket: WebSocket;
  restaurantId: string;
  alive: boolean;
}

const HEARTBEAT_MS = 30_000;
/**
 * The heartbeat visits one slice of the sockets at a time (1/30 of them each second), each socket still every
 * 30 s: pinging thousands at once blocked the event loop — and every guest press behind it — for tens of ms every
 * 30 s, and had all their pongs arrive together (BENCHMARKS.md, throughput).
 */
const HEARTBEAT_SLICES = 30;

/**
 * The only events a guest page may see: a restaurant.updated, reduced to the public fields (no owner, no settings,
 * no timestamps). Everything else (requests, tables, sessions) returns null and is never sent.
 */
export function publicEventOf(event: LiveEvent): PublicLiveEvent | null {
  return event.type === 'restaurant.updated'
    ? { type: 'restaurant.updated', restaurant: publicOf(event.restaurant) }
    : null;
}

export function mayReceive(user: SessionUser, event: LiveEvent): boolean {
  if (
    (event.type === 'request.created' || event.type === 'request.updated') &&
    user.role === 'server'
  ) {
    return event.request.serverId === null || event.request.serverId === user.id;
  }
  return true;
}

export class Hub {
  private readonly rooms = new Map<string, Set<Connection>>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly guestRooms = new Map<string, Set<GuestConnection>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly slices = Array.from(
    { length: HEARTBEAT_SLICES },
    () => new Set<Connection | GuestConnection>(),
  );
  private added = 0;
  private beats = 0;

  constructor() {
    // Dead peers (a phone that lost signal) are found by missed pongs and dropped, so they never pile up.
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS / HEARTBEAT_SLICES);
    this.heartbeat.unref();
  }

  /** Puts a socket in the next heartbeat slice (round robin), and takes it out when it closes. */
  private watch(conn: Connection | GuestConnection): void {
    const slice = this.slices[this.added++ % HEARTBEAT_SLICES]!;
    slice.add(conn);
    conn.socket.on('pong', () => (conn.alive = true));
    conn.socket.on('close', () => slice.delete(conn));
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Open guest pages connected to this instance. */
  get guestSize(): number {
    let n = 0;
    for (const room of this.guestRooms.values()) n += room.size;
    return n;
  }

  addGuest(conn: GuestConnection): void {
    let room = this.guestRooms.get(conn.restaurantId);
    if (!room) this.guestRooms.set(conn.restaurantId, (room = new Set()));
    room.add(conn);
    this.watch(conn);
    conn.socket.on('close', () => {
      const current = this.guestRooms.get(conn.restaurantId);
      current?.delete(conn);
      if (current?.size === 0) this.guestRooms.delete(conn.restaurantId);
    });
  }

  add(conn: Connection): void {
    let set = this.byUser.get(conn.user.id);
    if (!set) this.byUser.set(conn.user.id, (set = new Set()));
    set.add(conn);
    this.watch(conn);
    conn.socket.on('close', () => this.remove(conn));
  }

  join(conn: Connection, restaurantId: string): void {
    let room = this.rooms.get(restaurantId);
    if (!room) this.rooms.set(restaurantId, (room = new Set()));
    room.add(conn);
    conn.rooms.add(restaurantId);
  }

  remove(conn: Connection): void {
    for (const r of conn.rooms) {
      const room = this.rooms.get(r);
      room?.delete(conn);
      if (room?.size === 0) this.rooms.delete(r);
    }
    const set = this.byUser.get(conn.user.id);
    set?.delete(conn);
    if (set?.size === 0) this.byUser.delete(conn.user.id);
  }

  deliver(message: BusMessage): void {
    if (message.scope === 'restaurant') this.deliverToGuests(message.restaurantId, message.event);
    const targets =
      message.scope === 'restaurant'
        ? this.rooms.get(message.restaurantId)
        : message.scope === 'user'
          ? this.byUser.get(message.userId)
          : this.sessionConnections(message.sessionId);
    if (!targets) return;
    const data = JSON.stringify(message.event);
    for (const conn of [...targets]) {
      if (!mayReceive(conn.user, message.event)) continue;
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(data);
      if (message.event.type === 'session.ended') conn.socket.close(4001, 'session ended');
    }
  }

  private deliverToGuests(restaurantId: string, event: LiveEvent): void {
    const room = this.guestRooms.get(restaurantId);
    if (!room) return;
    if (event.type === 'restaurant.deleted') {
      for (const conn of [...room]) conn.socket.close(GUEST_GONE_CLOSE, 'restaurant deleted');
      return;
    }
    const publicEvent = publicEventOf(event);
    if (!publicEvent) return;
    const data = JSON.stringify(publicEvent);
    for (const conn of room)
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(data);
  }

  private sessionConnections(sessionId: string): Connection[] {
    const out: Connection[] = [];
    for (const set of this.byUser.values())
      for (const conn of set) if (conn.sessionId === sessionId) out.push(conn);
    return out;
  }

  /** One slice: a socket that has not answered the previous ping (30 s ago) is dropped, the others pinged. */
  private beat(): void {
    const slice = this.slices[this.beats++ % HEARTBEAT_SLICES]!;
    for (const conn of slice) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }

  /** Graceful shutdown: a going-away close tells clients to reconnect (to another instance). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const set of [...this.byUser.values(), ...this.guestRooms.values()])
      for (const conn of set) conn.socket.close(1001, 'server shutting down');
  }
}
