/** The restaurant's prank blocks (decision 089): the active ones, and lifting one early. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';

const blocksKey = (restaurantId: string) => ['restaurants', restaurantId, 'press-blocks'] as const;

/** Blocks end by themselves: asked again every minute while the page is open. */
export function usePressBlocks(restaurantId: string) {
  return useQuery({
    queryKey: blocksKey(restaurantId),
    queryFn: async () => (await call(api('listPressBlocks'), { params: { restaurantId } })).blocks,
    refetchInterval: 60_000,
  });
}

export function useLiftPressBlock(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: string) =>
      call(api('liftPressBlock'), { params: { restaurantId, blockId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blocksKey(restaurantId) }),
  });
}
