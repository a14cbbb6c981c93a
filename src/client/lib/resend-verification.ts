import { useMutation } from '@tanstack/react-query';
import { call } from './api-client';
import { api } from './api-ref';

/**
 * SPEC §7 resend verification, §8 its toast. Both the login screen's 'verify your email' toast (auth) and the verification
 * page's form (verification) offer it, so it lives below both features.
 */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => call(api('resendVerification'), { body: { email } }),
  });
}
