/**
 * Which servers have a console open now, true across instances (decision 044). Each instance counts its own open
 * /api/live sockets per server and mirrors them into staff_presence under its own instance id: at once when a
 * server's first socket opens or last one closes here, and on a heartbeat that refreshes seen_at. A row older than
 * PRESENCE_TTL_MS is not counted and is swept by whichever instance beats next, so a crashed instance's consoles stop
 * counting by themselves; a graceful shutdown deletes its rows at once. Works the same on PGlite (one instance).
 */
import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { queryPreparedText, type Db } from '../db/client';
import { staffPresence } from '../db/schema';
import type { SessionUser } from '../policy/policy';

const PRESENCE_BEAT_MS = 15_000;
/** Three missed beats: a row this old belongs to an instance that is gone or cut off from the database. */
export const PRESENCE_TTL_MS = 45_000;

interface Logger {
  warn(obj: object, msg: string): void;
}

export class Presence {
  readonly instanceId = randomUUID();
  /** This instance's open server consoles: user id → restaurant and socket count. */
  private readonly open = new Map<string, { restaurantId: string; connections: number }>();
  /** Servers whose row is to be written (upserted while open here, deleted once not) at the next sync. */
  private readonly dirty = new Set<string>();
  /** Restaurants where someone came online or went offline here since the last sync. */
  private readonly changed = new Set<string>();
  /** The heartbeat asks for every row of this instance to be written again (seen_at, and any row lost). */
  private refreshAll = false;
  private syncing: Promise<void> | null = null;
  /** seen_at of this instance's last write. */
  private lastWriteAt = 0;
  private again = false;
  private stopped = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    /** Told after the database shows a change: these restaurants' dashboards should refetch. */
    private readonly onChanged: (restaurantIds: string[]) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.beat(), PRESENCE_BEAT_MS);
    this.timer.unref();
  }

  /** Only servers count (SPEC §2 'Active Servers'); an admin's console is not a server on the floor. */
  private static tracked(user: SessionUser): user is SessionUser & { restaurantId: string } {
    return user.role === 'server' && user.restaurantId !== null;
  }

  opened(user: SessionUser): void {
    if (!Presence.tracked(user)) return;
    const entry = this.open.get(user.id);
    if (entry) {
      entry.connections++;
      return;
    }
    this.open.set(user.id, { restaurantId: user.restaurantId, connections: 1 });
    this.dirty.add(user.id);
    this.changed.add(user.restaurantId);
    void this.sync();
  }

  closed(user: SessionUser): void {
    const entry = this.open.get(user.id);
    if (!entry) return;
    if (--entry.connections > 0) return;
    this.open.delete(user.id);
    this.dirty.add(user.id);
    this.changed.add(entry.restaurantId);
    void this.sync();
  }

  /**
   * Writes what changed since the last sync, one sync at a time; changes meanwhile sync once more. Only the servers
   * that came or went are written, so a thousand consoles reconnecting at once (a restart) cost a thousand rows in a
   * few statements, not a thousand rewrites of every row (BENCHMARKS.md, acknowledgement).
   */
  private sync(): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      do {
        this.again = false;
        const users = [...this.dirty];
        this.dirty.clear();
        const changed = [...this.changed];
        this.changed.clear();
        const all = this.refreshAll;
        this.refreshAll = false;
        try {
          await this.write(users, all);
          if (changed.length > 0) this.onChanged(changed);
        } catch (err) {
          // Written again at the next sync, or with every row on the next beat.
          for (const u of users) this.dirty.add(u);
          for (const r of changed) this.changed.add(r);
          this.log.warn({ err }, 'presence not written; retrying on the next beat');
        }
      } while (this.again && !this.stopped);
    })().finally(() => (this.syncing = null));
    return this.syncing;
  }

  /** Upserts the open ones of `users` (all open ones when `all`) and deletes this instance's rows of the others. */
  private async write(users: string[], all: boolean): Promise<void> {
    if (this.stopped) return;
    const up = all ? [...this.open.keys()] : users.filter((u) => this.open.has(u));
    // Later than every earlier write of this instance (a clock that stood still or stepped back included), so the
    // prune below can tell this write's rows from older ones by their time.
    const at = Math.max(this.now(), this.lastWriteAt + 1);
    this.lastWriteAt = at;
    if (up.length > 0) {
      const entries = up.map((u) => this.open.get(u)!);
      await queryPreparedText(this.db, 'presence_upsert', UPSERT_SQL, [
        this.instanceId,
        at,
        up,
        entries.map((e) => e.restaurantId),
        entries.map((e) => e.connections),
      ]);
    }
    if (all) {
      await queryPreparedText(this.db, 'presence_prune', PRUNE_SQL, [this.instanceId, at]);
    } else {
      const down = users.filter((u) => !this.open.has(u));
      if (down.length > 0)
        await queryPreparedText(this.db, 'presence_delete', DELETE_SQL, [this.instanceId, down]);
    }
  }

  /** The heartbeat: refresh this instance's rows, and sweep other instances' expired ones (their dashboards change). */
  async beat(): Promise<void> {
    if (this.stopped) return;
    this.refreshAll = true;
    await this.sync();
    try {
      const swept = await this.db
        .delete(staffPresence)
        .where(lt(staffPresence.seenAt, this.now() - PRESENCE_TTL_MS))
        .returning({ restaurantId: staffPresence.restaurantId });
      if (swept.length > 0) this.onChanged([...new Set(swept.map((r) => r.restaurantId))]);
    } catch (err) {
      this.log.warn({ err }, 'expired presence not swept');
    }
  }

  /** Shutdown: this instance's consoles stop counting now, not after the expiry. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopped = true;
    await this.syncing;
    const restaurantIds = [...new Set([...this.open.values()].map((e) => e.restaurantId))];
    try {
      await this.db.delete(staffPresence).where(eq(staffPresence.instanceId, this.instanceId));
      if (restaurantIds.length > 0) this.onChanged(restaurantIds);
    } catch (err) {
      this.log.warn({ err }, 'presence not cleared at shutdown; it expires by itself');
    }
  }
}

/**
 * A server's row per instance. Joined to users and restaurants so that a server deleted while a console is still
 * open here is skipped instead of failing the whole statement on its foreign key.
 */
const UPSERT_SQL = `
insert into staff_presence (instance_id, user_id, restaurant_id, connections, seen_at)
select $1::text, p.user_id, p.restaurant_id, p.connections, $2::bigint
from unnest($3::text[], $4::text[], $5::int[]) as p(user_id, restaurant_id, connections)
join users u on u.id = p.user_id
join restaurants r on r.id = p.restaurant_id
on conflict (instance_id, user_id) do update set
  restaurant_id = excluded.restaurant_id, connections = excluded.connections, seen_at = excluded.seen_at`;

const DELETE_SQL = `delete from staff_presence where instance_id = $1 and user_id = any($2::text[])`;

/**
 * This instance's rows of servers with no console open here any more (a delete that failed earlier): the upsert just
 * before wrote every open one at $2, later than any earlier write of this instance, so any other row of it is older. (It was `not (user_id = any(open))`,
 * which compares each row with the whole array: with 17,000 consoles on an instance, 289 million comparisons every
 * beat — the scale bench's press tail.)
 */
const PRUNE_SQL = `delete from staff_presence where instance_id = $1 and seen_at < $2::bigint`;
