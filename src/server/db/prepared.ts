/**
 * A query run on every request of its kind is built once per database handle as a prepared statement (Drizzle's
 * `.prepare`), not by the query builder on every call: building the SQL of a joined select was a tenth of the
 * server's CPU under load (`npm run bench -- ack`, BENCHMARKS.md notes). With PostgreSQL the statement is also named,
 * so each pooled connection parses and plans it once; on the embedded database it becomes a named statement of
 * PGlite's one connection (pglite-statements.ts), for the same reason.
 */
import type { Executor } from './client';
import { RemotePGlite } from './pglite-remote';
import { registerNamedStatement } from './pglite-statements';

export function preparedPerDatabase<P extends { getQuery(): { sql: string } }>(
  build: (db: Executor) => P,
): (db: Executor) => P {
  const statements = new WeakMap<Executor, P>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
      const client = (db as { $client?: unknown }).$client;
      // On the embedded database's worker (decision 072) or on this thread.
      if (client instanceof RemotePGlite) client.register(statement.getQuery().sql);
      else registerNamedStatement(client, statement.getQuery().sql);
    }
    return statement;
  };
}
