/** The owner's floor boards (decision 080): list, a new one-time pairing code, revoke. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';

const boardsKey = (restaurantId: string) => ['restaurants', restaurantId, 'boards'] as const;

/** Last-seen times move while the page is open: asked again every minute. */
export function useBoards(restaurantId: string) {
  return useQuery({
    queryKey: boardsKey(restaurantId),
    queryFn: async () => (await call(api('listBoards'), { params: { restaurantId } })).boards,
    refetchInterval: 60_000,
  });
}

export function useCreateBoard(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      call(api('createBoard'), { params: { restaurantId }, body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardsKey(restaurantId) }),
  });
}

export function useRevokeBoard(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (boardId: string) => call(api('revokeBoard'), { params: { boardId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardsKey(restaurantId) }),
  });
}
