/**
 * Which servers have a console open now, true across instances (decision 044). Each instance counts its own open
 * /api/live sockets per server and mirrors them into staff_presence under its own instance id: at once when a
 * server's first socket opens or last one closes here, and on a heartbeat that refreshes seen_at. A row older than
 * PRESENCE_TTL_MS is not counted and is swept by whichever instance beats next, so a crashed instance's consoles stop
 * counting by themselves; a graceful shutdown deletes its rows at once. Works the same on PGlite (one instance).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { staffPresence } from '../db/schema';
import type { SessionUser } from '../policy/policy';

export const PRESENCE_BEAT_MS = 15_000;
/** Three missed beats: a row this old belongs to an instance that is gone or cut off from the database. */
export const PRESENCE_TTL_MS = 45_000;

interface Logger {
  warn(obj: object, msg: string): void;
}

export class Presence {
  readonly instanceId = randomUUID();
  /** This instance's open server consoles: user id → restaurant and socket count. */
  private readonly open = new Map<string, { restaurantId: string; connections: number }>();
  /** Restaurants where someone came online or went offline here since the last sync. */
  private readonly changed = new Set<string>();
  private syncing: Promise<void> | null = null;
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
    this.changed.add(user.restaurantId);
    void this.sync();
  }

  closed(user: SessionUser): void {
    const entry = this.open.get(user.id);
    if (!entry) return;
    if (--entry.connections > 0) return;
    this.open.delete(user.id);
    this.changed.add(entry.restaurantId);
    void this.sync();
  }

  /** Writes this instance's state (one upsert, one delete), one sync at a time; changes meanwhile sync once more. */
  private sync(): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      do {
        this.again = false;
        const changed = [...this.changed];
        this.changed.clear();
        try {
          await this.write();
          if (changed.length > 0) this.onChanged(changed);
        } catch (err) {
          // The next beat writes the whole state again.
          for (const r of changed) this.changed.add(r);
          this.log.warn({ err }, 'presence not written; retrying on the next beat');
        }
      } while (this.again && !this.stopped);
    })().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async write(): Promise<void> {
    if (this.stopped) return;
    const now = this.now();
    const rows = [...this.open].map(([userId, e]) => ({
      instanceId: this.instanceId,
      userId,
      restaurantId: e.restaurantId,
      connections: e.connections,
      seenAt: now,
    }));
    await this.db.transaction(async (tx) => {
      await tx
        .delete(staffPresence)
        .where(
          and(
            eq(staffPresence.instanceId, this.instanceId),
            rows.length > 0 ? notInArray(staffPresence.userId, [...this.open.keys()]) : undefined,
          ),
        );
      if (rows.length > 0)
        await tx
          .insert(staffPresence)
          .values(rows)
          .onConflictDoUpdate({
            target: [staffPresence.instanceId, staffPresence.userId],
            set: {
              restaurantId: sql`excluded.restaurant_id`,
              connections: sql`excluded.connections`,
              seenAt: sql`excluded.seen_at`,
            },
          });
    });
  }

  /** The heartbeat: refresh this instance's rows, and sweep other instances' expired ones (their dashboards change). */
  async beat(): Promise<void> {
    if (this.stopped) return;
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
