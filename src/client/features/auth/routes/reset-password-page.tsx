import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { appText } from '@shared/i18n/app';
import { paths } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { FormField } from '../../../components/ui/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { newPasswordFormSchema, type NewPasswordValues } from '../../../lib/secret-form-schemas';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetPassword } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

type Outcome = 'form' | 'done' | 'invalid';

/**
 * /reset-password?token=… — the link in the reset mail (issue 26, decision 069). Public, signed in or out. The new
 * password is typed twice and checked by the shared rule; the token is spent only by a password the server accepts.
 * A used, unknown or expired link says so and offers a new one.
 */
export function ResetPasswordPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.auth.reset.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome>(token === '' ? 'invalid' : 'form');
  const errorId = useId();
  const form = useForm<NewPasswordValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(newPasswordFormSchema(i18n)),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const rootError = form.formState.errors.root?.server?.message ?? null;
  const submit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => setOutcome('done'),
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'invalid_token')
            return setOutcome('invalid');
          serverErrorToForm(form, error, {
            fields: { invalid_password: 'password' },
            fallback: appText(i18n, 'app.auth.reset.failed'),
          });
        },
      },
    ),
  );

  if (outcome === 'done')
    return (
      <AuthCard title={appText(i18n, 'app.auth.reset.doneTitle')} stateKey="done">
        <p role="status" className="mt-3 text-body">
          {appText(i18n, 'app.auth.reset.done')}
        </p>
        <Button
          className="mt-6"
          size="lg"
          fullWidth
          onClick={() => window.location.assign(paths.login)}
        >
          {appText(i18n, 'app.settings.verify.goToLogin')}
        </Button>
      </AuthCard>
    );

  if (outcome === 'invalid')
    return (
      <AuthCard title={appText(i18n, 'app.auth.reset.invalidTitle')} stateKey="invalid">
        <p className="mt-3 text-body">{appText(i18n, 'app.auth.reset.invalid')}</p>
        <Link
          to={paths.forgotPassword}
          className="mt-6 inline-flex min-h-12 w-full items-center justify-center rounded-control bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          {appText(i18n, 'app.auth.reset.newLink')}
        </Link>
      </AuthCard>
    );

  return (
    <AuthCard title={appText(i18n, 'app.auth.reset.title')} stateKey="form">
      <p className="mt-1 text-sm text-body">{appText(i18n, 'app.auth.reset.intro')}</p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-6 flex flex-col gap-4"
      >
        <FormField
          form={form}
          name="password"
          label={appText(i18n, 'app.auth.reset.newPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={200}
          required
          hint={appText(i18n, 'app.admin.staff.passwordHint')}
        />
        <FormField
          form={form}
          name="confirmPassword"
          label={appText(i18n, 'app.auth.reset.confirmPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={200}
          required
        />
        <FormError id={errorId} message={rootError} />
        <Button type="submit" size="lg" fullWidth isLoading={reset.isPending}>
          {appText(i18n, 'app.auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
