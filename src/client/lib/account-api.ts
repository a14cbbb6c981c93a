import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './api-client';
import { api } from './api-ref';
import { clearSession } from './session-api';
import { queryKeys } from './query-keys';
import type { Locale } from '@shared/i18n/locales';
import type { SessionResponse } from '@shared/schemas';

/** DELETE /api/account: the signed-in user deletes themselves (a server's tables are unassigned first, SPEC §6). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api('deleteAccount')),
    onSuccess: () => clearSession(queryClient),
  });
}

/** PUT /api/account/language (issue 15): the user's own language, null for the browser's; the session follows. */
export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Locale | null) =>
      call(api('setAccountLanguage'), { body: { language } }),
    onSuccess: ({ user }) =>
      queryClient.setQueryData<SessionResponse>(queryKeys.session, (current) =>
        current?.user ? { user: { ...current.user, language: user.language } } : current,
      ),
  });
}

/** PUT /api/account/pin (decision 068): a PIN server's own new PIN, the current one first; other devices sign out. */
export function useChangeOwnPin() {
  return useMutation({
    mutationFn: (body: { currentPin: string; pin: string }) => call(api('changeOwnPin'), { body }),
  });
}
