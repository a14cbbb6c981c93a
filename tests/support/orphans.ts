/** The no-orphan-rows check: every foreign key pointing at users or restaurants, read from the database itself. */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import type { TestApp } from './test-app';

export interface ForeignKey {
  table_name: string;
  column_name: string;
}

/** Every column, in any table, whose foreign key points at the given table. */
export async function referencing(
  t: TestApp,
  table: 'users' | 'restaurants',
): Promise<ForeignKey[]> {
  return queryRows<ForeignKey>(
    t.database.db,
    sql`
    select c.conrelid::regclass::text as table_name, a.attname as column_name
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = ${table}::regclass
    order by 1, 2`,
  );
}

/** 'table.column: n' for every row still pointing at one of the ids; [] when there is none. */
export async function referencesTo(t: TestApp, fks: ForeignKey[], ids: string[]) {
  const left: string[] = [];
  for (const fk of fks) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${sql.identifier(fk.table_name)} where ${sql.identifier(fk.column_name)} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const n = row!.n;
    if (n > 0) left.push(`${fk.table_name}.${fk.column_name}: ${n}`);
  }
  return left;
}
