import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { appText } from '@shared/i18n/app';
import { homePathForRole, paths } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { actionSucceeded } from '../../../lib/action-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { EMAIL_LOGIN_ERROR_CODES, useEmailLogin } from '../api/auth-api';
import { FormError } from '../../../components/ui/form-error';
import { showVerifyEmailToast } from './verify-email-toast';

/** SPEC §2 /login, 'Email & Password' tab (admins, super admins and password staff). */
export function EmailLoginForm() {
  const i18n = useI18n();
  const form = useForm({ ...FORM_OPTIONS, defaultValues: { email: '', password: '' } });
  const errorId = useId();
  const login = useEmailLogin();
  const navigate = useNavigate();
  // One message for both fields (a wrong password is never said apart from an unknown email).
  const error = form.formState.errors.root?.server?.message ?? null;

  const submit = form.handleSubmit(({ email, password }) =>
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ user }) => {
          form.clearErrors();
          actionSucceeded('sign-in', appText(i18n, 'app.settings.auth.loginSuccessful'));
          // SPEC §2: super_admin → /super-admin, server → /server/tables, admin → /admin/dashboard.
          void navigate(homePathForRole(user.role), { replace: true });
        },
        onError: (failure) => {
          if (failure instanceof ApiRequestError && failure.code === 'email_not_verified') {
            // SPEC §5/§8: unverified email → sticky toast with a 'Resend verification email' link.
            showVerifyEmailToast(email.trim(), failure.message);
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
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
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
      <Button type="submit" size="lg" fullWidth isLoading={login.isPending}>
        {appText(i18n, 'app.settings.auth.signIn')}
      </Button>
      <p className="text-center text-sm">
        <Link
          to={paths.forgotPassword}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {appText(i18n, 'app.settings.auth.forgotLink')}
        </Link>
      </p>
    </form>
  );
}
