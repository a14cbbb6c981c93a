import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tableResponseSchema, tablesResponseSchema } from '../../../../shared/schemas';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { dropTable, writeTable } from './tables-cache';

export function useTables(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.tables(restaurantId ?? ''),
    queryFn: () =>
      api.get(
        `/api/restaurants/${encodeURIComponent(restaurantId ?? '')}/tables`,
        tablesResponseSchema,
      ),
    enabled: restaurantId !== null,
    select: (data) => data.tables,
  });
}

function useTableAction(restaurantId: string | null, action: 'assign' | 'unassign') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tableId: string) =>
      api.post(`/api/tables/${encodeURIComponent(tableId)}/${action}`, {}, tableResponseSchema),
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
      api.post(
        `/api/restaurants/${encodeURIComponent(restaurantId)}/tables`,
        { number },
        tableResponseSchema,
      ),
    onSuccess: ({ table }) => writeTable(queryClient, table),
  });
}

/** Bulk add (decision 065): the previewed labels, all created or none (409 names the labels that exist). */
export function useCreateTables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ restaurantId, numbers }: { restaurantId: string; numbers: string[] }) =>
      api.post(
        `/api/restaurants/${encodeURIComponent(restaurantId)}/tables/bulk`,
        { numbers },
        tablesResponseSchema,
      ),
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
      api.patch(`/api/tables/${encodeURIComponent(tableId)}`, { number }, tableResponseSchema),
    onSuccess: ({ table }) => writeTable(queryClient, table),
  });
}

/** Delete several at once: one request, all deleted or none. */
export function useDeleteTables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ restaurantId, tableIds }: { restaurantId: string; tableIds: string[] }) =>
      api.post(`/api/restaurants/${encodeURIComponent(restaurantId)}/tables/delete`, {
        tableIds,
      }),
    onSuccess: (_data, { restaurantId, tableIds }) => {
      for (const tableId of tableIds) dropTable(queryClient, restaurantId, tableId);
    },
  });
}

export function useDeleteTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tableId }: { restaurantId: string; tableId: string }) =>
      api.delete(`/api/tables/${encodeURIComponent(tableId)}`),
    onSuccess: (_data, { restaurantId, tableId }) => dropTable(queryClient, restaurantId, tableId),
  });
}
