import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';
import { forgetPushOnThisDevice } from '../../../lib/push';
import { clearInstallFlags } from '../../../lib/pwa';
import { queryKeys } from '../../../lib/query-keys';
import { clearSession } from '../../../lib/session-api';
import { beginOwnSignOut, goToSignIn } from '../../../lib/sign-in-handoff';

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // SPEC §4 logout: this device's push registration goes (while the session still allows it) and the
      // install flags are cleared; the service worker stays for the offline shell (docs/decisions/011).
      await forgetPushOnThisDevice();
      clearInstallFlags();
      await call(api('logout'));
    },
    // Whatever the server answered, the person asked to leave: forget the user on this device, and load the sign-in
    // page (decision 103; nothing else sends them there first, beginOwnSignOut).
    onMutate: () => beginOwnSignOut(),
    onSettled: () => {
      clearSession(queryClient);
      goToSignIn(undefined, true);
    },
  });
}

/** Decision 069: asks for a reset mail; the server answers the same whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => call(api('forgotPassword'), { body: { email } }),
  });
}

/** Decision 069: the mailed token and the new password; the account's sessions end everywhere. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => call(api('resetPassword'), { body }),
    // If this browser was signed in as that account, it no longer is.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
