/**
 * Which servers have a console open now, true across instances (decision 044). Each instance counts its own open
 * /api/live sockets per server and mirrors them into staff_presence under its own instance id, at once when a
 * server's first socket opens or last one closes here. The heartbeat refreshes one row per instance
 * (presence_instances), not every console's: rewriting 17,000 rows every 15 s took PostgreSQL 0.2–0.7 s a beat and
 * held every guest's press behind it (scale bench). An instance not seen for PRESENCE_TTL_MS is gone: its rows are not
 * counted, and whichever instance beats next sweeps it with its rows, so a crashed instance's consoles stop counting
 * by themselves; a graceful shutdown deletes its rows at once. An instance that was swept while cut off writes every
 * row again at its next beat. Works the same on PGlite (one instance).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { queryPreparedText, type Db } from '../db/client';
import { presenceInstances, staffPresence } from '../db/schema';
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
  /** The heartbeat asks for this instance's row to be refreshed at the next sync. */
  private beatDue = false;
  /** This instance's presence_instances row has been written (its consoles' rows count once it is). */
  private registered = false;
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
        const beat = this.beatDue;
        this.beatDue = false;
        try {
          await this.write(users, beat);
          if (changed.length > 0) this.onChanged(changed);
        } catch (err) {
          // Written again at the next sync, or with every row on the next beat.
          for (const u of users) this.dirty.add(u);
          for (const r of changed) this.changed.add(r);
          if (beat) this.beatDue = true;
          this.log.warn({ err }, 'presence not written; retrying on the next beat');
        }
      } while (this.again && !this.stopped);
    })().finally(() => (this.syncing = null));
    return this.syncing;
  }

  /**
   * Refreshes this instance's row when `beat` (or it was never written), then upserts the open ones of `users` and
   * deletes this instance's rows of the others. When the refresh had to insert the row again, this instance was swept
   * as gone (cut off past the expiry) with all its rows: every open console is written again.
   */
  private async write(users: string[], beat: boolean): Promise<void> {
    if (this.stopped) return;
    const at = this.now();
    if (beat || !this.registered) {
      const [row] = await queryPreparedText<{ inserted: boolean }>(
        this.db,
        'presence_instance_beat',
        INSTANCE_BEAT_SQL,
        [this.instanceId, at],
      );
      if (row?.inserted && this.registered) users = [...this.open.keys()];
      this.registered = true;
    }
    const up = users.filter((u) => this.open.has(u));
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
    const down = users.filter((u) => !this.open.has(u));
    if (down.length > 0)
      await queryPreparedText(this.db, 'presence_delete', DELETE_SQL, [this.instanceId, down]);
  }

  /** The heartbeat: refresh this instance's row, and sweep gone instances with their rows (their dashboards change). */
  async beat(): Promise<void> {
    if (this.stopped) return;
    this.beatDue = true;
    await this.sync();
    try {
      const swept = await queryPreparedText<{ restaurant_id: string }>(
        this.db,
        'presence_sweep',
        SWEEP_SQL,
        [this.now() - PRESENCE_TTL_MS],
      );
      if (swept.length > 0) this.onChanged([...new Set(swept.map((r) => r.restaurant_id))]);
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
      await this.db
        .delete(presenceInstances)
        .where(eq(presenceInstances.instanceId, this.instanceId));
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

/** This instance's row, refreshed; `inserted`: it was not there (first write, or swept as gone meanwhile). */
const INSTANCE_BEAT_SQL = `
insert into presence_instances (instance_id, seen_at) values ($1, $2::bigint)
on conflict (instance_id) do update set seen_at = excluded.seen_at
returning (xmax = 0) as inserted`;

/**
 * Instances not seen since $1 are gone: they and their rows are deleted. So are rows with no instance row that are
 * that old (left by a release before presence_instances, or by an instance that crashed before its first beat).
 */
const SWEEP_SQL = `
with gone as (
  delete from presence_instances where seen_at < $1::bigint returning instance_id
), swept as (
  delete from staff_presence p using gone g where p.instance_id = g.instance_id returning p.restaurant_id
), orphans as (
  delete from staff_presence p where p.seen_at < $1::bigint
    and not exists (select 1 from presence_instances i where i.instance_id = p.instance_id)
  returning p.restaurant_id
)
select restaurant_id from swept union all select restaurant_id from orphans`;
