/** Shifts, hand-overs and table notes (decisions 094–096): every call through the endpoint table. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';
import { queryKeys } from '../../../lib/query-keys';

export function useShiftState(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.shiftState(restaurantId ?? ''),
    queryFn: () => call(api('getShiftState'), { params: { restaurantId: restaurantId ?? '' } }),
    enabled: restaurantId !== null,
    select: (data) => data.state,
  });
}

export function useShiftHistory(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.shiftHistory(restaurantId ?? ''),
    queryFn: () => call(api('listShifts'), { params: { restaurantId: restaurantId ?? '' } }),
    enabled: restaurantId !== null,
  });
}

/** After any shift change: the shift control, today's shifts, and the tables and calls that may have moved. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (restaurantId: string) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.shiftState(restaurantId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.shiftHistory(restaurantId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.tables(restaurantId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.requests(restaurantId) });
  };
}

export function useStartShift(restaurantId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (sectionIds: string[]) =>
      call(api('startShift'), { params: { restaurantId }, body: { sectionIds } }),
    onSuccess: () => refresh(restaurantId),
  });
}

export function useEndShift(restaurantId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => call(api('endShift'), { params: { restaurantId } }),
    onSuccess: () => refresh(restaurantId),
  });
}

export function useOfferHandover(restaurantId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (toServerId: string) =>
      call(api('offerHandover'), { params: { restaurantId }, body: { toServerId } }),
    onSuccess: () => refresh(restaurantId),
  });
}

const ANSWERS = {
  accept: api('acceptHandover'),
  decline: api('declineHandover'),
  cancel: api('cancelHandover'),
};

export function useAnswerHandover(restaurantId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ handoverId, how }: { handoverId: string; how: keyof typeof ANSWERS }) =>
      call(ANSWERS[how], { params: { handoverId } }),
    onSettled: () => refresh(restaurantId),
  });
}

export function useForceEndShift(restaurantId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ shiftId, toServerId }: { shiftId: string; toServerId: string | null }) =>
      call(api('forceEndShift'), { params: { shiftId }, body: { toServerId } }),
    onSuccess: () => refresh(restaurantId),
  });
}
