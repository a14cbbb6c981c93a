import { QueryCache, QueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/schemas';
import { ApiRequestError } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

function isClientError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        // A 401 on any staff query means the session expired or was revoked: SPEC §4 clears the user, and the
        // route guards then send them to /login.
        if (error instanceof ApiRequestError && error.status === 401) {
          queryClient.setQueryData<SessionResponse>(queryKeys.session, { user: null });
        }
      },
    }),
    defaultOptions: {
      queries: {
        // The live channel pushes changes, so cached data stays fresh longer than TanStack's default.
        staleTime: 30_000,
        // 4xx answers will not change on retry (404 table, 403 role); network and 5xx failures may.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
    },
  });
  return queryClient;
}
