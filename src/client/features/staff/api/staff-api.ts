import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffBody, StaffMember, UpdateStaffBody } from '@shared/schemas';
import { call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';
import { queryKeys } from '../../../lib/query-keys';

type StaffResponse = { staff: StaffMember[] };

export { useStaff } from '../../../lib/floor-api';

/** SPEC §5/§8 Add server (PIN mode) or staff member (password mode). */
export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ restaurantId, body }: { restaurantId: string; body: CreateStaffBody }) =>
      call(api('createStaff'), { params: { restaurantId }, body }),
    onSuccess: ({ staffMember }, { restaurantId }) => {
      queryClient.setQueryData<StaffResponse>(queryKeys.staff(restaurantId), (data) =>
        data === undefined ? data : { staff: [...data.staff, staffMember] },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.staff(restaurantId) });
      // The ID just taken must not be reported free from the cache.
      queryClient.removeQueries({
        queryKey: queryKeys.loginIdAvailability(staffMember.loginId ?? ''),
      });
    },
  });
}

/** Deleting a server also unassigns their tables and ends their sessions (server side). */
export function useDeleteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { restaurantId: string; userId: string }) =>
      call(api('deleteStaff'), { params: { userId } }),
    onSuccess: (_data, { restaurantId, userId }) => {
      queryClient.setQueryData<StaffResponse>(queryKeys.staff(restaurantId), (data) =>
        data === undefined ? data : { staff: data.staff.filter((member) => member.id !== userId) },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.staff(restaurantId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tables(restaurantId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(restaurantId) });
    },
  });
}

/** A member as the server answered it, put in the restaurant's staff list. */
function useReplaceMember() {
  const queryClient = useQueryClient();
  return (restaurantId: string, member: StaffMember) => {
    queryClient.setQueryData<StaffResponse>(queryKeys.staff(restaurantId), (data) =>
      data === undefined
        ? data
        : { staff: data.staff.map((old) => (old.id === member.id ? member : old)) },
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.staff(restaurantId) });
  };
}

/** Issue 26: name, login ID (PIN staff) and language, edited in place. */
export function useUpdateStaff() {
  const replace = useReplaceMember();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      userId,
      body,
    }: {
      restaurantId: string;
      userId: string;
      body: UpdateStaffBody;
    }) => call(api('updateStaff'), { params: { userId }, body }),
    onSuccess: ({ staffMember }, { restaurantId }) => {
      replace(restaurantId, staffMember);
      // A freed or taken login ID must not be reported from the cache.
      queryClient.removeQueries({ queryKey: ['login-id-availability'] });
    },
  });
}

/** Decision 068: deactivated (tables released, signed out everywhere) or active again. */
export function useSetStaffActive() {
  const replace = useReplaceMember();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, active }: { restaurantId: string; userId: string; active: boolean }) =>
      call(active ? api('reactivateStaff') : api('deactivateStaff'), { params: { userId } }),
    onSuccess: ({ staffMember }, { restaurantId }) => {
      replace(restaurantId, staffMember);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tables(restaurantId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(restaurantId) });
    },
  });
}

/** Decision 068: a PIN member's new PIN; every session of theirs ends. */
export function useResetStaffPin() {
  return useMutation({
    mutationFn: ({ userId, pin }: { userId: string; pin: string }) =>
      call(api('resetStaffPin'), { params: { userId }, body: { pin } }),
  });
}

/** Decision 069: a password member is mailed a link to choose a new password. */
export function useSendPasswordReset() {
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) =>
      call(api('sendStaffPasswordReset'), { params: { userId } }),
  });
}

/**
 * Whether a login ID is free, checked on the server as the admin types (the caller debounces); when taken, up to
 * 3 free suggestions (SPEC §8, §9).
 */
export function useLoginIdAvailability(loginId: string | null) {
  return useQuery({
    queryKey: queryKeys.loginIdAvailability(loginId ?? ''),
    queryFn: () => call(api('getLoginIdAvailability'), { params: { loginId: loginId ?? '' } }),
    enabled: loginId !== null,
    staleTime: 10_000,
    retry: false,
  });
}
