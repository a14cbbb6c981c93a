import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { appText } from '@shared/i18n/app';
import { paths } from '@shared/paths';
import { FormField } from '../../../components/ui/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { EMAIL_LOGIN_ERROR_CODES } from '../api/login-error-codes';
import { FormError } from '../../../components/ui/form-error';
import { signInWithEmail, useSignIn } from '../sign-in/sign-in-api';
import { drawnValues, useEarlySubmit, type SignInFormProps } from '../sign-in/sign-in-form';
import { SignInButton } from '../sign-in/sign-in-button';

/** SPEC §2 /login, 'Email & Password' tab (admins, super admins and password staff). */
export function EmailLoginForm({ onSignedIn, live }: SignInFormProps) {
  const i18n = useI18n();
  // Decision 103: what was typed into the page the server drew, before the app took it over, is kept (read once).
  const [drawn] = useState(() => drawnValues({ email: '', password: '' }));
  const form = useForm({ ...FORM_OPTIONS, defaultValues: drawn });
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEarlySubmit(formRef, live);
  const login = useSignIn(signInWithEmail);
  // One message for both fields (a wrong password is never said apart from an unknown email).
  const error = form.formState.errors.root?.server?.message ?? null;

  const submit = form.handleSubmit(({ email, password }) =>
    login.submit(
      { email: email.trim(), password },
      {
        onSuccess: (user) => {
          form.clearErrors();
          // SPEC §2: super_admin → /super-admin, server → /server/tables, admin → /admin/dashboard.
          onSignedIn(user);
        },
        onError: (failure) => {
          if (failure instanceof ApiRequestError && failure.code === 'email_not_verified') {
            // SPEC §5/§8: unverified email → sticky toast with a 'Resend verification email' link. The toasts
            // are loaded for it then: the sign-in page carries none (decision 103).
            void import('./verify-email-toast').then(({ showVerifyEmailToast }) =>
              showVerifyEmailToast(i18n, email.trim(), failure.message),
            );
            return;
          }
          // SPEC §8's text, in the form only (decision 067: a form's error is never also a toast).
          serverErrorToForm(form, failure, {
            isKnown: (refusal) =>
              EMAIL_LOGIN_ERROR_CODES.has(refusal.code) || refusal.status === 429,
            fallback: appText(i18n, 'app.settings.auth.loginFailed'),
          });
          // Focus stays in the form (issue 12): the password is what is usually retyped.
          form.setFocus('password');
        },
      },
    ),
  );

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormField
        form={form}
        name="email"
        label={appText(i18n, 'app.settings.auth.email')}
        type="email"
        autoComplete="username"
        required
        errorShownAt={errorId}
        invalid={error !== null}
      />
      <FormField
        form={form}
        name="password"
        label={appText(i18n, 'app.settings.auth.password')}
        type="password"
        autoComplete="current-password"
        required
        errorShownAt={errorId}
        invalid={error !== null}
      />
      <FormError id={errorId} message={error} />
      <SignInButton pending={login.pending} live={live} />
      <p className="text-center text-sm">
        <a
          href={paths.forgotPassword}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {appText(i18n, 'app.settings.auth.forgotLink')}
        </a>
      </p>
    </form>
  );
}
