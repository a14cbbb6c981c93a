import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';
import { queryKeys } from '../../../lib/query-keys';
import { dropTable, writeTable } from './tables-cache';

export { useTables } from '../../../lib/floor-api';

function useTableAction(restaurantId: string | null, action: 'assign' | 'unassign') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tableId: string) =>
      call(action === 'assign' ? api('assignTable') : api('unassignTable'), {
        params: { tableId },
      }),
    onSuccess: ({ table }) => writeTable(queryClient, table),
    onError: () => {
      // Someone else may have taken the table meanwhile: show the real state again.
      if (restaurantId !== null)
        void queryClient.invalidateQueries({ queryKey: queryKeys.tables(restaurantId) });
    },
  });
}

/** SPEC §4: a server assigns themselves (serverId set to their id). */
export function useAssignTable(restaurantId: string | null) {
  return useTableAction(restaurantId, 'assign');
}

/** SPEC §4: a server unassigns themselves (serverId cleared). */
export function useUnassignTable(restaurantId: string | null) {
  return useTableAction(restaurantId, 'unassign');
}

/** SPEC §5 Add table; the server trims, requires and de-duplicates the number (409 'Table number already exists'). */
export function useCreateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ restaurantId, number }: { restaurantId: string; number: string }) =>
      call(api('createTable'), { params: { restaurantId }, body: { number } }),
    onSuccess: ({ table }) => writeTable(queryClient, table),
  });
}

/** Bulk add (decision 065): the previewed labels, all created or none (409 names the labels that exist). */
export function useCreateTables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ restaurantId, numbers }: { restaurantId: string; numbers: string[] }) =>
      call(api('createTables'), { params: { restaurantId }, body: { numbers } }),
    onSuccess: ({ tables }) => {
      for (const table of tables) writeTable(queryClient, table);
    },
  });
}

/** Rename (decision 065): the same table, id and QR code, under a new label. */
export function useRenameTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tableId, number }: { tableId: string; number: string }) =>
      call(api('renameTable'), { params: { tableId }, body: { number } }),
    onSuccess: ({ table }) => writeTable(queryClient, table),
  });
}

/** Delete several at once: one request, all deleted or none. */
export function useDeleteTables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ restaurantId, tableIds }: { restaurantId: string; tableIds: string[] }) =>
      call(api('deleteTables'), { params: { restaurantId }, body: { tableIds } }),
    onSuccess: (_data, { restaurantId, tableIds }) => {
      for (const tableId of tableIds) dropTable(queryClient, restaurantId, tableId);
    },
  });
}

/** Decision 089: every table gets a new QR code; the cards and the print page show the new ones at once. */
export function useRegenerateTableCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (restaurantId: string) =>
      call(api('regenerateTableCodes'), { params: { restaurantId } }),
    onSuccess: ({ tables }) => {
      for (const table of tables) writeTable(queryClient, table);
    },
  });
}

export function useDeleteTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tableId }: { restaurantId: string; tableId: string }) =>
      call(api('deleteTable'), { params: { tableId } }),
    onSuccess: (_data, { restaurantId, tableId }) => dropTable(queryClient, restaurantId, tableId),
  });
}

/** The staff's note on a table (decision 096): its server or the owner; empty clears it. */
export function useSetTableNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tableId, note }: { tableId: string; note: string }) =>
      call(api('setTableNote'), { params: { tableId }, body: { note } }),
    onSuccess: ({ table }) => writeTable(queryClient, table),
  });
}

/**
 * A party's visit (decisions 092, 093): seat a table, or clear it when the party left (its open requests are
 * dismissed and the next party's page is fresh). The dismissed requests and the table arrive live as well.
 */
export function useVisitAction(restaurantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tableId, action }: { tableId: string; action: 'seat' | 'clear' }) =>
      call(action === 'seat' ? api('seatTable') : api('clearTable'), { params: { tableId } }),
    onSuccess: ({ table }) => writeTable(queryClient, table),
    onError: () => {
      // Someone else may have seated or cleared it meanwhile: show the real state again.
      if (restaurantId !== null)
        void queryClient.invalidateQueries({ queryKey: queryKeys.tables(restaurantId) });
    },
  });
}
