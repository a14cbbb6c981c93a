import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Table, tablesResponseSchema } from '@shared/schemas';
import { queryKeys } from '../../../lib/query-keys';

type TablesResponse = z.infer<typeof tablesResponseSchema>;

/** Put a changed table into the cached list (assign/unassign answers and 'table.changed' live events). */
function upsertTable(data: TablesResponse | undefined, table: Table): TablesResponse | undefined {
  if (data === undefined) return undefined;
  const exists = data.tables.some((t) => t.id === table.id);
  return {
    tables: exists
      ? data.tables.map((t) => (t.id === table.id ? table : t))
      : [...data.tables, table],
  };
}

function removeTable(
  data: TablesResponse | undefined,
  tableId: string,
): TablesResponse | undefined {
  if (data === undefined) return undefined;
  return { tables: data.tables.filter((t) => t.id !== tableId) };
}

/**
 * A created or changed table — an action's answer (add, assign, unassign) or a 'table.changed' live event — into
 * the restaurant's cached list, and the dashboard refetched.
 */
export function writeTable(queryClient: QueryClient, table: Table): void {
  queryClient.setQueryData<TablesResponse>(queryKeys.tables(table.restaurantId), (data) =>
    upsertTable(data, table),
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(table.restaurantId) });
  // A table's section changed, or its section's servers (decision 077): the owner's sections list follows.
  void queryClient.invalidateQueries({ queryKey: queryKeys.sections(table.restaurantId) });
}

/**
 * A deleted table leaves the cached list; the requests (a deleted table's requests lose their table number) and the
 * dashboard are refetched.
 */
export function dropTable(queryClient: QueryClient, restaurantId: string, tableId: string): void {
  queryClient.setQueryData<TablesResponse>(queryKeys.tables(restaurantId), (data) =>
    removeTable(data, tableId),
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.requests(restaurantId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(restaurantId) });
}
