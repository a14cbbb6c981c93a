import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '../../../../shared/messages';
import { resendVerificationBodySchema } from '../../../../shared/schemas';
import { Button } from '../../../components/ui/button';
import { messageFrom } from '../../../lib/api-client';
import { noteResent, resendWaitMessage, resendWaitSeconds } from '../../../lib/resend-interval';
import { useResendVerification } from '../../auth/api/auth-api';

/**
 * Asks for a fresh verification link (SPEC §8 'Resend verification email'). The server answers the same whether
 * or not the address has an account, so the toast is SPEC's confirmation — except within a minute of the last
 * request for the same address, when no mail would be sent and the form says when it can be (decision 037); a
 * flood gets its 429 message.
 */
export function ResendVerificationForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const resend = useResendVerification();
  const inputId = useId();
  const errorId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same rule the server applies (one contract, src/shared/schemas.ts).
    const parsed = resendVerificationBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.invalidEmail);
      return;
    }
    setError(null);
    const wait = resendWaitSeconds(parsed.data.email);
    if (wait > 0) {
      // Within the server's one-mail-a-minute interval nothing would be sent: say when it can be (issue 13).
      toast.info(resendWaitMessage(wait), { toastId: 'resend-wait' });
      return;
    }
    resend.mutate(parsed.data.email, {
      onSuccess: () => {
        noteResent(parsed.data.email);
        toast.success(MSG.verificationSent);
      },
      onError: (failure) => toast.error(messageFrom(failure, MSG.internalError)),
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4 text-left">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          Email
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null ? errorId : undefined}
          className="min-h-12 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-blue-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40 aria-[invalid=true]:border-red-600"
        />
        {error !== null && (
          <p id={errorId} className="text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" fullWidth isLoading={resend.isPending}>
        {MSG.resendVerification}
      </Button>
    </form>
  );
}
