/**
 * The prune's one statement shape (decision 062): deletes at most `limit` rows of `table` matching `where`, rows
 * another transaction holds skipped, and answers how many it deleted. Short statements, so a backlog never holds the
 * database for long.
 */
import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

export async function deleteBatch(
  db: Executor,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const some = db
    .select({ id })
    .from(table)
    .where(where)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db.delete(table).where(inArray(id, some)).returning({ id });
  return rows.length;
}
