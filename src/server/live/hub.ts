/**
 * The sockets connected to this instance, in rooms per restaurant. It decides, per socket, which events that
 * user may receive: only their restaurant's, and for a server only requests of their own or unassigned tables.
 */
import type { WebSocket } from 'ws';
import type { LiveEvent } from '../../shared/schemas';
import type { SessionUser } from '../modules/auth/auth.service';
import type { BusMessage } from './bus';

export interface Connection {
  socket: WebSocket;
  user: SessionUser;
  sessionId: string;
  rooms: Set<string>;
  alive: boolean;
}

const HEARTBEAT_MS = 30_000;

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
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    // Dead peers (a phone that lost signal) are found by missed pongs and dropped, so they never pile up.
    this.heartbeat = setInterval(() => this.sweep(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  add(conn: Connection): void {
    let set = this.byUser.get(conn.user.id);
    if (!set) this.byUser.set(conn.user.id, (set = new Set()));
    set.add(conn);
    conn.socket.on('pong', () => (conn.alive = true));
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

  private sessionConnections(sessionId: string): Connection[] {
    const out: Connection[] = [];
    for (const set of this.byUser.values())
      for (const conn of set) if (conn.sessionId === sessionId) out.push(conn);
    return out;
  }

  private sweep(): void {
    for (const set of this.byUser.values()) {
      for (const conn of set) {
        if (!conn.alive) {
          conn.socket.terminate();
          continue;
        }
        conn.alive = false;
        conn.socket.ping();
      }
    }
  }

  /** Graceful shutdown: a going-away close tells clients to reconnect (to another instance). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const set of this.byUser.values())
      for (const conn of set) conn.socket.close(1001, 'server shutting down');
  }
}
