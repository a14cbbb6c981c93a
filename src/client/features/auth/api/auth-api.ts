import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { emailLoginBodySchema, pinLoginBodySchema } from '@shared/schemas';
import { forgotPassword, login, logout, pinLogin, resetPassword } from '@shared/api/auth';
import { call } from '../../../lib/api-client';
import { forgetPushOnThisDevice } from '../../../lib/push';
import { clearInstallFlags } from '../../../lib/pwa';
import { queryKeys } from '../../../lib/query-keys';
import { clearSession, startSession } from '../../../lib/session-api';

export type EmailLoginBody = z.input<typeof emailLoginBodySchema>;
export type PinLoginBody = z.input<typeof pinLoginBodySchema>;

export function useEmailLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailLoginBody) => call(login, { body }),
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}

export function usePinLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PinLoginBody) => call(pinLogin, { body }),
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // SPEC §4 logout: this device's push registration goes (while the session still allows it) and the
      // install flags are cleared; the service worker stays for the offline shell (docs/decisions/011).
      await forgetPushOnThisDevice();
      clearInstallFlags();
      await call(logout);
    },
    // Whatever the server answered, the person asked to leave: forget the user on this device.
    onSettled: () => clearSession(queryClient),
  });
}

/** SPEC §8 PIN login: the server's codes whose messages are the SPEC texts; anything else is 'Login failed'. */
export const PIN_LOGIN_ERROR_CODES: ReadonlySet<string> = new Set([
  'server_not_found',
  'pin_not_set',
  'invalid_pin',
  'locked',
  'throttled',
  // Decision 068: said only after the right PIN.
  'account_deactivated',
]);

/** SPEC §8 admin login: codes whose messages are shown as they are. */
export const EMAIL_LOGIN_ERROR_CODES: ReadonlySet<string> = new Set([
  'invalid_credentials',
  'locked',
  'throttled',
  // Decision 068: said only after the right password.
  'account_deactivated',
]);

/** Decision 069: asks for a reset mail; the server answers the same whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => call(forgotPassword, { body: { email } }),
  });
}

/** Decision 069: the mailed token and the new password; the account's sessions end everywhere. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => call(resetPassword, { body }),
    // If this browser was signed in as that account, it no longer is.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
