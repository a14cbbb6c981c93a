/**
 * Which work the embedded database runs first (docs/decisions/072). PGlite is one connection: while it runs an
 * analytics month or a CSV export, nothing else runs. Its calls therefore wait in a queue in front of the database
 * (pglite-remote.ts), ordered by the priority of the request that made them: guest presses first, then everything
 * else a user is waiting on (staff actions, sign-in, settings), then reports (analytics, the dashboard, history,
 * exports). Within one priority, first come first served. A call made outside any marked work is `normal`.
 *
 * The priority travels with the request's asynchronous work (AsyncLocalStorage), so a repo function does not take
 * it as a parameter. PostgreSQL has connections of its own and ignores it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const DB_PRIORITIES = ['press', 'normal', 'report'] as const;
export type DbPriority = (typeof DB_PRIORITIES)[number];

const current = new AsyncLocalStorage<DbPriority>();

/** Runs `work` with its database calls at `priority`. */
export function withDbPriority<T>(priority: DbPriority, work: () => T): T {
  return current.run(priority, work);
}

/** The priority of the work calling now. */
export function dbPriority(): DbPriority {
  return current.getStore() ?? 'normal';
}
