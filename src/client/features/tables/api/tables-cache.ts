import type { z } from 'zod';
import type { Table, tablesResponseSchema } from '../../../../shared/schemas';

export type TablesResponse = z.infer<typeof tablesResponseSchema>;

/** Put a changed table into the cached list (assign/unassign answers and 'table.changed' live events). */
export function upsertTable(
  data: TablesResponse | undefined,
  table: Table,
): TablesResponse | undefined {
  if (data === undefined) return undefined;
  const exists = data.tables.some((t) => t.id === table.id);
  return {
    tables: exists
      ? data.tables.map((t) => (t.id === table.id ? table : t))
      : [...data.tables, table],
  };
}

export function removeTable(
  data: TablesResponse | undefined,
  tableId: string,
): TablesResponse | undefined {
  if (data === undefined) return undefined;
  return { tables: data.tables.filter((t) => t.id !== tableId) };
}

/** Table numbers are strings ('2', '10', 'A1'): compare them the way people read them. */
export function compareTableNumbers(a: Pick<Table, 'number'>, b: Pick<Table, 'number'>): number {
  return a.number.localeCompare(b.number, undefined, { numeric: true, sensitivity: 'base' });
}
