import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { SuperAdminUsersResponse } from '@shared/schemas';
import { call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';

/** One page of the user list: enough to fill a screen, small enough that 10,000 users never load at once. */
const USERS_PAGE_SIZE = 50;

// The super admin's queries live under their own prefix; a sign-in starts a fresh app with an empty cache
// (decision 103), so another user never sees them.
const superAdminKeys = {
  all: ['super-admin'] as const,
  stats: ['super-admin', 'stats'] as const,
  usersAll: ['super-admin', 'users'] as const,
  users: (search: string) => ['super-admin', 'users', search] as const,
};

/** GET /api/super-admin/stats: the real totals (docs/decisions/007-super-admin-real-totals.md). */
export function useSuperAdminStats() {
  return useQuery({
    queryKey: superAdminKeys.stats,
    queryFn: () => call(api('getSuperAdminStats')),
  });
}

export type UsersPage = SuperAdminUsersResponse & { search: string };

function usersQuery(search: string, cursor: string | null) {
  return {
    limit: USERS_PAGE_SIZE,
    ...(cursor !== null && { cursor }),
    ...(search !== '' && { q: search }),
  };
}

/**
 * GET /api/super-admin/users, one keyset page at a time (the server walks an index, so page 200 costs what
 * page 1 costs). `search` is the already-debounced, trimmed text; '' lists everyone.
 */
export function useSuperAdminUsers(search: string) {
  return useInfiniteQuery({
    queryKey: superAdminKeys.users(search),
    // Each page remembers the search it answers, so the screen can tell which search the rows on show belong to
    // while the next one loads.
    queryFn: async ({ pageParam }): Promise<UsersPage> => ({
      ...(await call(api('listSuperAdminUsers'), { query: usersQuery(search, pageParam) })),
      search,
    }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // While a new search loads, keep showing the previous rows instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}

type UsersCache = InfiniteData<UsersPage, string | null>;

/** DELETE /api/super-admin/users/:userId — ends the user's sessions and applies the account-deletion rules. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(api('deleteSuperAdminUser'), { params: { userId } }),
    onSuccess: (_data, userId) => {
      // The row disappears at once; the refetch below then brings in anything the deletion took with it
      // (an admin's servers) and the new totals.
      queryClient.setQueriesData<UsersCache>({ queryKey: superAdminKeys.usersAll }, (data) =>
        data === undefined
          ? data
          : {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                users: page.users.filter((user) => user.id !== userId),
              })),
            },
      );
    },
    // Not awaited: the dialog closes and the toast shows without waiting for every loaded page to refetch.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: superAdminKeys.all }),
  });
}
