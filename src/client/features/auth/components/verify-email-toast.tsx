import { useState } from 'react';
import type { ToastContentProps } from 'react-toastify';
import { toast } from '../../../lib/toast';
import { appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { withToasts } from '../../../components/toast-host';
import { noteResent, resendWaitSeconds } from '../../../lib/resend-interval';
import { useResendVerification } from '../../../lib/resend-verification';

const VERIFY_TOAST_ID = 'verify-email';

function VerifyEmailToast({
  email,
  message,
  closeToast,
}: ToastContentProps & { email: string; message: string }) {
  const i18n = useI18n();
  const resend = useResendVerification();
  const [sent, setSent] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <p>{message}</p>
      <button
        type="button"
        className="self-start rounded-chip font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60"
        disabled={resend.isPending || sent}
        onClick={() => {
          const wait = resendWaitSeconds(email);
          if (wait > 0) {
            toast.info(appText(i18n, 'app.settings.auth.resendWait', { seconds: wait }), {
              toastId: 'resend-wait',
            });
            return;
          }
          resend.mutate(email, {
            onSuccess: () => {
              noteResent(email);
              setSent(true);
              closeToast();
              toast.success(appText(i18n, 'app.settings.auth.verificationSent'));
            },
            onError: (error) =>
              toast.error(messageFrom(error, appText(i18n, 'app.settings.auth.internalError'))),
          });
        }}
      >
        {appText(i18n, 'app.settings.auth.resendVerification')}
      </button>
    </div>
  );
}

/** SPEC §8: unverified email → a sticky toast with a 'Resend verification email' link. */
export function showVerifyEmailToast(i18n: I18n, email: string, message: string): void {
  withToasts(i18n, () => {
    toast.dismiss(VERIFY_TOAST_ID);
    toast.error(
      (props: ToastContentProps) => <VerifyEmailToast {...props} email={email} message={message} />,
      { toastId: VERIFY_TOAST_ID, autoClose: false, closeOnClick: false },
    );
  });
}
