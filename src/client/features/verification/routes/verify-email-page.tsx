import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { paths } from '../../../../shared/paths';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
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
  useDocumentTitle('Verify Email');
  const [searchParams] = useSearchParams();
  const { state, retry } = useVerifyEmail(searchParams.get('token')?.trim() ?? '');
  const navigate = useNavigate();
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
            <p className="font-medium text-ink-soft">Verifying your email…</p>
          </div>
        </Card>
      );
    case 'verified':
      return (
        <Card>
          <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
            Email verified
          </h1>
          <p className="mt-3 text-body">{MSG.emailVerified}</p>
          <Button className="mt-6" size="lg" fullWidth onClick={() => void navigate(paths.login)}>
            Go to Login
          </Button>
        </Card>
      );
    case 'invalid':
      return (
        <Card>
          <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
            Link not valid
          </h1>
          <p className="mt-3 text-body">{MSG.verificationLinkInvalid}</p>
          <p className="mt-6 text-sm text-body">
            Enter your email address and we will send you a new link.
          </p>
          <div className="mt-4">
            <ResendVerificationForm />
          </div>
        </Card>
      );
    case 'failed':
      return (
        <Card>
          <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
            Could not verify your email
          </h1>
          <p className="mt-3 text-body">{state.message}</p>
          <Button className="mt-6" size="lg" fullWidth onClick={retry}>
            Try again
          </Button>
        </Card>
      );
  }
}
