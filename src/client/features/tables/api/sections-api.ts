/** The owner's sections and assignment (decision 077): every call through the endpoint table. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';
import { queryKeys } from '../../../lib/query-keys';
import { writeTable } from './tables-cache';

export function useSections(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.sections(restaurantId ?? ''),
    queryFn: () => call(api('listSections'), { params: { restaurantId: restaurantId ?? '' } }),
    enabled: restaurantId !== null,
    select: (data) => data.sections,
  });
}

/** After any change to sections: the list, the tables (their section names and routing) and the dashboard. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (restaurantId: string) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.sections(restaurantId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.tables(restaurantId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(restaurantId) });
  };
}

export function useCreateSection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ restaurantId, name }: { restaurantId: string; name: string }) =>
      call(api('createSection'), { params: { restaurantId }, body: { name } }),
    onSuccess: (_data, { restaurantId }) => refresh(restaurantId),
  });
}

export function useRenameSection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ sectionId, name }: { restaurantId: string; sectionId: string; name: string }) =>
      call(api('renameSection'), { params: { sectionId }, body: { name } }),
    onSuccess: (_data, { restaurantId }) => refresh(restaurantId),
  });
}

export function useDeleteSection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ sectionId }: { restaurantId: string; sectionId: string }) =>
      call(api('deleteSection'), { params: { sectionId } }),
    onSuccess: (_data, { restaurantId }) => refresh(restaurantId),
  });
}

export function useSetSectionServers() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      sectionId,
      serverIds,
    }: {
      restaurantId: string;
      sectionId: string;
      serverIds: string[];
    }) => call(api('setSectionServers'), { params: { sectionId }, body: { serverIds } }),
    onSuccess: (_data, { restaurantId }) => refresh(restaurantId),
  });
}

/** Puts the selected tables in a section, or in none (null). */
export function useSetTablesSection() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      restaurantId,
      tableIds,
      sectionId,
    }: {
      restaurantId: string;
      tableIds: string[];
      sectionId: string | null;
    }) =>
      call(api('setTablesSection'), { params: { restaurantId }, body: { tableIds, sectionId } }),
    onSuccess: ({ tables }, { restaurantId }) => {
      for (const table of tables) writeTable(queryClient, table);
      refresh(restaurantId);
    },
  });
}

/** The owner gives a table to a server, or takes it from its server (null). */
export function useSetTableServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tableId, serverId }: { tableId: string; serverId: string | null }) =>
      call(api('setTableServer'), { params: { tableId }, body: { serverId } }),
    onSuccess: ({ table }) => writeTable(queryClient, table),
  });
}
