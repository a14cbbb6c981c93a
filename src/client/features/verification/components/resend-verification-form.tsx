import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { appText } from '@shared/i18n/app';
import { resendVerificationBodySchema } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { messageFrom } from '../../../lib/api-client';
import { FORM_OPTIONS } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { noteResent, resendWaitSeconds } from '../../../lib/resend-interval';
import { useResendVerification } from '../../../lib/resend-verification';

/**
 * Asks for a fresh verification link (SPEC §8 'Resend verification email'). The server answers the same whether
 * or not the address has an account, so the toast is SPEC's confirmation — except within a minute of the last
 * request for the same address, when no mail would be sent and the form says when it can be (decision 037); a
 * flood gets its 429 message.
 */
export function ResendVerificationForm() {
  const i18n = useI18n();
  const resend = useResendVerification();
  // The same rule the server applies (one contract, src/shared/schemas.ts).
  const form = useForm({
    ...FORM_OPTIONS,
    resolver: zodResolver(resendVerificationBodySchema),
    defaultValues: { email: '' },
  });

  const submit = form.handleSubmit(({ email }) => {
    const wait = resendWaitSeconds(email);
    if (wait > 0) {
      // Within the server's one-mail-a-minute interval nothing would be sent: say when it can be (issue 13).
      toast.info(appText(i18n, 'app.settings.auth.resendWait', { seconds: wait }), {
        toastId: 'resend-wait',
      });
      return;
    }
    resend.mutate(email, {
      onSuccess: () => {
        noteResent(email);
        toast.success(appText(i18n, 'app.settings.auth.verificationSent'));
      },
      onError: (failure) =>
        toast.error(messageFrom(failure, appText(i18n, 'app.settings.auth.internalError'))),
    });
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-4 text-start"
    >
      <FormField
        form={form}
        name="email"
        label={appText(i18n, 'app.settings.auth.email')}
        type="email"
        autoComplete="email"
        required
      />
      <Button type="submit" size="lg" fullWidth isLoading={resend.isPending}>
        {appText(i18n, 'app.settings.auth.resendVerification')}
      </Button>
    </form>
  );
}
