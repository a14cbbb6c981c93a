/**
 * Readiness for a load balancer or an orchestrator (docs/deploy.md): this instance can serve when its database
 * answers, its live bus is listening (with PostgreSQL, a console on it would otherwise miss other instances'
 * events), and the database carries every migration this build ships.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { HealthPart, HealthResponse } from '@shared/health';
import { MIGRATIONS_DIR, queryRows, type Db } from '../../db/client';
import type { EventBus } from '../../live/bus';
import type { StorageHealth } from '../../http/errors';

/** A database that takes longer than this to answer `select` is reported as failing. */
const HEALTH_QUERY_TIMEOUT_MS = 2_000;

/** When the newest migration this build ships was generated (drizzle's journal), which the migrator records too. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

const UNDEFINED_TABLE = '42P01';

function sqlStateOf(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export class HealthService {
  private readonly newestMigration = newestMigrationMillis();
  /** Checks that arrive while one runs share it: a burst of probes is one query. */
  private inFlight: Promise<HealthResponse> | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    /** Set when the database last could not store (a full disk): readiness fails for a while after. */
    private readonly storage?: StorageHealth,
  ) {}

  ready(): Promise<HealthResponse> {
    this.inFlight ??= this.check().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async check(): Promise<HealthResponse> {
    const failing: HealthPart[] = [];
    const database = await this.databaseState();
    if (database !== 'ok') failing.push(database);
    if (!this.bus.connected) failing.push('bus');
    if (this.storage?.failing) failing.push('storage');
    return failing.length ? { status: 'unavailable', failing } : { status: 'ok' };
  }

  /** One query: reaches the database and reads the newest applied migration (drizzle's own bookkeeping). */
  private async databaseState(): Promise<'ok' | 'database' | 'migrations'> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), HEALTH_QUERY_TIMEOUT_MS);
    });
    try {
      const [row] = await Promise.race([
        queryRows<{ newest: string | number | null }>(
          this.db,
          sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
        ),
        timeout,
      ]);
      return Number(row?.newest ?? 0) >= this.newestMigration ? 'ok' : 'migrations';
    } catch (err) {
      // No migrations table at all: the database answers but was never migrated.
      return sqlStateOf(err) === UNDEFINED_TABLE ? 'migrations' : 'database';
    } finally {
      clearTimeout(timer);
    }
  }
}
