/** Shifts, hand-overs and table notes (decisions 094–096): every call through the endpoint table. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptHandover,
  cancelHandover,
  declineHandover,
  endShift,
  forceEndShift,
  getShiftState,
  listShifts,
  offerHandover,
  startShift,
} from '@shared/api/shifts';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useShiftState(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.shiftState(restaurantId ?? ''),
    queryFn: () => call(getShiftState, { params: { restaurantId: restaurantId ?? '' } }),
    enabled: restaurantId !== null,
    select: (data) => data.state,
  });
}

export function useShiftHistory(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.shiftHistory(restaurantId ?? ''),
    queryFn: () => call(listShifts, { params: { restaurantId: restaurantId ?? '' } }),
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
      call(startShift, { params: { restaurantId }, body: { sectionIds } }),
    onSuccess: () => refresh(restaurantId),
  });
}

export function useEndShift(restaurantId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => call(endShift, { params: { restaurantId } }),
    onSuccess: () => refresh(restaurantId),
  });
}

export function useOfferHandover(restaurantId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (toServerId: string) =>
      call(offerHandover, { params: { restaurantId }, body: { toServerId } }),
    onSuccess: () => refresh(restaurantId),
  });
}

const ANSWERS = { accept: acceptHandover, decline: declineHandover, cancel: cancelHandover };

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
      call(forceEndShift, { params: { shiftId }, body: { toServerId } }),
    onSuccess: () => refresh(restaurantId),
  });
}
