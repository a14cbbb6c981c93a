import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse, User } from '@shared/schemas';
import { ApiRequestError, call } from './api-client';
import { api } from './api-ref';
import { queryKeys } from './query-keys';
import { isUser } from './guards';

/**
 * The last signed-in user on this device, so the installed app opens the console without network and says it is
 * offline (issue 5; docs/decisions/011). It only shapes the screen: every API call is still decided by the
 * server's session once the network is back.
 */
const LAST_USER_KEY = 'table-service.last-user';

function rememberUser(user: User | null): void {
  try {
    if (user === null) window.localStorage.removeItem(LAST_USER_KEY);
    else window.localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
  } catch {
    // Storage disabled: offline starts show the login page.
  }
}

function lastUser(): User | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(LAST_USER_KEY) ?? 'null');
    return isUser(stored) ? stored : null;
  } catch {
    return null;
  }
}

async function fetchSession(): Promise<SessionResponse> {
  try {
    const session = await call(api('getSession'));
    rememberUser(session.user);
    return session;
  } catch (error) {
    // Status 0: the request never reached the server (offline). A server's answer is always believed.
    const last = error instanceof ApiRequestError && error.status === 0 ? lastUser() : null;
    if (last !== null) return { user: last };
    throw error;
  }
}

export interface SessionState {
  user: User | null;
  /** True only while the first session fetch is in flight (SPEC §2 'Loading...'). */
  isPending: boolean;
  /** When the session in hand was answered (ms; 0 before the first answer). */
  answeredAt: number;
}

/**
 * The signed-in user, from GET /api/session (the session itself is an httpOnly cookie).
 * SPEC §4: if the user's fetch fails, the user is treated as absent.
 */
export function useSession(): SessionState {
  const query = useQuery({
    queryKey: queryKeys.session,
    queryFn: fetchSession,
    // Runs offline too (TanStack would pause it): fetchSession then answers with the last user.
    networkMode: 'always',
    staleTime: 60_000,
    retry: 1,
  });
  return {
    user: query.data?.user ?? null,
    isPending: query.isPending,
    // A getter: TanStack Query redraws a component for a property only once it has read it.
    get answeredAt() {
      return query.dataUpdatedAt;
    },
  };
}

/** SPEC §4: the user is cleared (logout, account deleted, session ended or expired). */
export function clearSession(queryClient: QueryClient): void {
  rememberUser(null);
  queryClient.setQueryData<SessionResponse>(queryKeys.session, { user: null });
}
