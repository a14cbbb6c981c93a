/**
 * The sockets connected to this instance, in rooms per restaurant. A room's members are the sockets whose user may
 * work in that restaurant now: access is checked when a socket joins (live.routes.ts, policy/), and membership is
 * revoked here the moment it ends (restaurant deleted: its room is emptied; user deleted or signed out, session
 * expired: the socket leaves every room and is closed). Every delivery then asks the policy what this recipient may
 * see of the event (liveEventFor): for a server only requests and tables of their own or unassigned tables, and
 * the restaurant without its owner. Open guest pages have rooms of their own, which only ever get a restaurant's
 * public face (publicEventOf).
 */
import type { WebSocket } from 'ws';
import { BOARD_REVOKED_CLOSE, GUEST_GONE_CLOSE } from '@shared/constants';
import type { BoardLiveEvent } from '@shared/board';
import type { LiveEvent, PublicLiveEvent } from '@shared/schemas';
import {
  isGuestVisible,
  toBoardRequest,
  toGuestRequestState,
} from '../modules/requests/requests.mapper';
import { publicOf } from '../modules/restaurants/restaurants.mapper';
import { liveEventFor, type SessionUser } from '../policy/policy';
import type { BusMessage } from './bus';

export interface Connection {
  socket: WebSocket;
  user: SessionUser;
  sessionId: string;
  rooms: Set<string>;
  alive: boolean;
  /** When the socket's session expires (ms): the first delivery after it closes the socket instead. */
  expiresAt?: number;
}

/** An open guest page: anonymous, read-only, one restaurant; on a table's channel, one table (decision 029). */
export interface GuestConnection {
  socket: WebSocket;
  restaurantId: string;
  /** Set on …/tables/:tableId/live: the page also hears of this table's requests, and only of those. */
  tableId: string | null;
  alive: boolean;
}

/** A paired floor board (decision 080): read-only, one restaurant, identified by its board id (for revocation). */
export interface BoardConnection {
  socket: WebSocket;
  boardId: string;
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
function publicEventOf(event: LiveEvent): PublicLiveEvent | null {
  return event.type === 'restaurant.updated'
    ? { type: 'restaurant.updated', restaurant: publicOf(event.restaurant) }
    : null;
}

/**
 * The only request events a table's guest page may see (decision 029): one of its own table's requests, reduced
 * to the guest's view (type, status, times, the taker's first name when `names`). Null for anything else.
 */
function tableEventOf(
  event: LiveEvent,
  names: boolean,
): { tableId: string; event: PublicLiveEvent } | null {
  if (event.type !== 'request.created' && event.type !== 'request.updated') return null;
  // Decision 097: a reminder to the table's server never reaches the table's guests.
  if (!isGuestVisible(event.request)) return null;
  return {
    tableId: event.request.tableId,
    event: { type: 'table.request', request: toGuestRequestState(event.request, names) },
  };
}

/**
 * The only things a floor board is told (decision 080): a request of its restaurant changed, in the board's view
 * (no note text, no staff ids); a table or the restaurant changed, so it fetches its snapshot again. Null for the rest.
 */
export function boardEventOf(event: LiveEvent): BoardLiveEvent | null {
  switch (event.type) {
    case 'request.created':
    case 'request.updated':
      // Decision 097: a wall screen is seen by guests; a reminder to a server is not shown there.
      return isGuestVisible(event.request)
        ? { type: 'board.request', request: toBoardRequest(event.request) }
        : null;
    case 'table.changed':
    case 'table.deleted':
    case 'restaurant.updated':
      return { type: 'resync' };
    case 'hello':
    case 'restaurant.deleted':
    case 'session.ended':
    case 'presence.changed':
    case 'shift.changed':
    case 'resync':
      return null;
  }
}

/** Told when a staff socket opens and when it leaves (once each), e.g. to keep presence (decision 044). */
export interface ConnectionObserver {
  opened(user: SessionUser): void;
  closed(user: SessionUser): void;
}

export class Hub {
  private observer: ConnectionObserver | null = null;
  private readonly rooms = new Map<string, Set<Connection>>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly guestRooms = new Map<string, Set<GuestConnection>>();
  private readonly boardRooms = new Map<string, Set<BoardConnection>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly slices = Array.from(
    { length: HEARTBEAT_SLICES },
    () => new Set<Connection | GuestConnection | BoardConnection>(),
  );
  private added = 0;
  private beats = 0;

  constructor() {
    // Dead peers (a phone that lost signal) are found by missed pongs and dropped, so they never pile up.
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS / HEARTBEAT_SLICES);
    this.heartbeat.unref();
  }

  /** Puts a socket in the next heartbeat slice (round robin), and takes it out when it closes. */
  private watch(conn: Connection | GuestConnection | BoardConnection): void {
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

  /** Open floor boards connected to this instance. */
  get boardSize(): number {
    let n = 0;
    for (const room of this.boardRooms.values()) n += room.size;
    return n;
  }

  addBoard(conn: BoardConnection): void {
    let room = this.boardRooms.get(conn.restaurantId);
    if (!room) this.boardRooms.set(conn.restaurantId, (room = new Set()));
    room.add(conn);
    this.watch(conn);
    conn.socket.on('close', () => this.removeBoard(conn));
  }

  private removeBoard(conn: BoardConnection): void {
    const current = this.boardRooms.get(conn.restaurantId);
    current?.delete(conn);
    if (current?.size === 0) this.boardRooms.delete(conn.restaurantId);
  }

  /** A revoked board (or one whose restaurant is gone) leaves its room at once and is closed: it gets nothing more. */
  private endBoard(conn: BoardConnection, reason: string): void {
    this.removeBoard(conn);
    conn.socket.close(BOARD_REVOKED_CLOSE, reason);
  }

  private deliverToBoards(restaurantId: string, event: LiveEvent): void {
    const room = this.boardRooms.get(restaurantId);
    if (!room) return;
    if (event.type === 'restaurant.deleted') {
      for (const conn of [...room]) this.endBoard(conn, 'restaurant deleted');
      return;
    }
    const view = boardEventOf(event);
    if (!view) return;
    const data = JSON.stringify(view);
    for (const conn of room)
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(data);
  }

  private closeBoard(boardId: string): void {
    for (const room of [...this.boardRooms.values()])
      for (const conn of [...room])
        if (conn.boardId === boardId) this.endBoard(conn, 'board revoked');
  }

  observe(observer: ConnectionObserver): void {
    this.observer = observer;
  }

  add(conn: Connection): void {
    let set = this.byUser.get(conn.user.id);
    if (!set) this.byUser.set(conn.user.id, (set = new Set()));
    set.add(conn);
    this.watch(conn);
    this.observer?.opened(conn.user);
    conn.socket.on('close', () => this.remove(conn));
  }

  join(conn: Connection, restaurantId: string): void {
    // A socket already ended (signed out while its subscription was being checked) joins nothing.
    if (conn.socket.readyState !== conn.socket.OPEN) return;
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
    conn.rooms.clear();
    const set = this.byUser.get(conn.user.id);
    // remove() runs again on the socket's close after end(): the observer hears of each socket leaving once.
    if (set?.delete(conn)) this.observer?.closed(conn.user);
    if (set?.size === 0) this.byUser.delete(conn.user.id);
  }

  deliver(message: BusMessage): void {
    if (message.scope === 'board') return this.closeBoard(message.boardId);
    if (message.scope === 'restaurant') {
      this.deliverToGuests(message.restaurantId, message.event, message.guestNames === true);
      this.deliverToBoards(message.restaurantId, message.event);
    }
    const targets =
      message.scope === 'restaurant'
        ? this.rooms.get(message.restaurantId)
        : message.scope === 'user'
          ? this.byUser.get(message.userId)
          : this.sessionConnections(message.sessionId);
    if (!targets) return;
    const { event } = message;
    // One serialization per distinct view of the event (the policy shares view objects between recipients).
    const serialized = new Map<LiveEvent, string>();
    const now = Date.now();
    for (const conn of [...targets]) {
      if (conn.expiresAt !== undefined && conn.expiresAt <= now) {
        this.end(conn, 'session expired');
        continue;
      }
      const view = liveEventFor(conn.user, event);
      if (!view) continue;
      let data = serialized.get(view);
      if (data === undefined) serialized.set(view, (data = JSON.stringify(view)));
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(data);
      if (event.type === 'session.ended') this.end(conn, 'session ended');
    }
    // A deleted restaurant's room is emptied at once: its id can never reach these sockets again, even if a later
    // event named it (ids are never reused either: docs/decisions/024).
    if (message.scope === 'restaurant' && event.type === 'restaurant.deleted')
      this.closeRoom(message.restaurantId);
  }

  /** Revokes a socket's membership at once (it gets nothing more, even before its close handshake ends). */
  private end(conn: Connection, reason: string): void {
    this.remove(conn);
    conn.socket.close(4001, reason);
  }

  private closeRoom(restaurantId: string): void {
    const room = this.rooms.get(restaurantId);
    if (!room) return;
    for (const conn of room) conn.rooms.delete(restaurantId);
    this.rooms.delete(restaurantId);
  }

  private deliverToGuests(restaurantId: string, event: LiveEvent, names: boolean): void {
    const room = this.guestRooms.get(restaurantId);
    if (!room) return;
    if (event.type === 'restaurant.deleted') {
      for (const conn of [...room]) conn.socket.close(GUEST_GONE_CLOSE, 'restaurant deleted');
      return;
    }
    if (event.type === 'table.deleted') {
      for (const conn of [...room])
        if (conn.tableId === event.tableId) conn.socket.close(GUEST_GONE_CLOSE, 'table deleted');
      return;
    }
    const tableEvent = tableEventOf(event, names);
    if (tableEvent) {
      const data = JSON.stringify(tableEvent.event);
      for (const conn of room)
        if (conn.tableId === tableEvent.tableId && conn.socket.readyState === conn.socket.OPEN)
          conn.socket.send(data);
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

  /**
   * Decision 027: the bus was away, so events may have been lost; every staff console on this instance is told to
   * refetch ({type:'resync'}, no data, so no access check is needed). Guest pages only ever miss a restaurant's look.
   */
  resyncAll(): void {
    const data = JSON.stringify({ type: 'resync' } satisfies LiveEvent);
    for (const set of [...this.byUser.values(), ...this.boardRooms.values()])
      for (const conn of set)
        if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(data);
  }

  /** Graceful shutdown: a going-away close tells clients to reconnect (to another instance). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const set of [
      ...this.byUser.values(),
      ...this.guestRooms.values(),
      ...this.boardRooms.values(),
    ])
      for (const conn of set) conn.socket.close(1001, 'server shutting down');
  }
}
