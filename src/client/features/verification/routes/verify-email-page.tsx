import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { appText } from '@shared/i18n/app';
import { paths } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useVerifyEmail } from '../api/verification-api';
import { ResendVerificationForm } from '../components/resend-verification-form';

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <div className="rounded-panel border border-line bg-white p-6 text-center shadow-sm sm:p-8">
        {children}
      </div>
    </div>
  );
}

/**
 * /verify-email?token=… — the link in the verification mail (issue 4; SPEC §5 Login). Public: it works signed
 * in or out. The token is posted once; the page then says whether the email is verified, or offers a new link.
 */
export function VerifyEmailPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.settings.verify.title'));
  const [searchParams] = useSearchParams();
  const { state, retry } = useVerifyEmail(searchParams.get('token')?.trim() ?? '');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The result replaces the spinner: move focus to its heading so screen readers announce it.
  useEffect(() => {
    if (state.status !== 'verifying') headingRef.current?.focus();
  }, [state.status]);

  const headingClass = 'text-2xl font-bold text-ink focus:outline-none';

  switch (state.status) {
    case 'verifying':
      return (
        <Card>
          <div role="status" className="flex flex-col items-center gap-4 py-6">
            <Spinner className="size-8 text-brand-700" />
            <p className="font-medium text-ink-soft">
              {appText(i18n, 'app.settings.verify.verifying')}
            </p>
          </div>
        </Card>
      );
    case 'verified':
      return (
        <Card>
          <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
            {appText(i18n, 'app.settings.verify.verifiedTitle')}
          </h1>
          <p className="mt-3 text-body">{appText(i18n, 'app.settings.verify.verified')}</p>
          <Button
            className="mt-6"
            size="lg"
            fullWidth
            onClick={() => window.location.assign(paths.login)}
          >
            {appText(i18n, 'app.settings.verify.goToLogin')}
          </Button>
        </Card>
      );
    case 'invalid':
      return (
        <Card>
          <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
            {appText(i18n, 'app.settings.verify.invalidTitle')}
          </h1>
          <p className="mt-3 text-body">{appText(i18n, 'app.settings.verify.invalid')}</p>
          <p className="mt-6 text-sm text-body">{appText(i18n, 'app.settings.verify.newLink')}</p>
          <div className="mt-4">
            <ResendVerificationForm />
          </div>
        </Card>
      );
    case 'failed':
      return (
        <Card>
          <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
            {appText(i18n, 'app.settings.verify.failedTitle')}
          </h1>
          <p className="mt-3 text-body">
            {state.message ?? appText(i18n, 'app.settings.auth.internalError')}
          </p>
          <Button className="mt-6" size="lg" fullWidth onClick={retry}>
            {appText(i18n, 'app.settings.verify.tryAgain')}
          </Button>
        </Card>
      );
  }
}
