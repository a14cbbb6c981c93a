import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailField } from '@shared/fields';
import { appText } from '@shared/i18n/app';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { FormField } from '../../../components/ui/form-field';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { localized } from '../../../lib/secret-form-schemas';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useForgotPassword } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

/**
 * /forgot-password (issue 26, decision 069): the email a reset link goes to. The answer is the same whether or not
 * the address has an account, so the page says "if an account exists".
 */
export function ForgotPasswordPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.auth.forgot.title'));
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const errorId = useId();
  const form = useForm({
    ...FORM_OPTIONS,
    resolver: zodResolver(z.object({ email: localized(i18n, emailField) })),
    defaultValues: { email: '' },
  });
  const rootError = form.formState.errors.root?.server?.message ?? null;
  const submit = form.handleSubmit(({ email }) =>
    forgot.mutate(email.trim(), {
      onSuccess: () => setSentTo(email.trim()),
      onError: (error) =>
        serverErrorToForm(form, error, {
          fields: { invalid_email: 'email' },
          fallback: appText(i18n, 'app.auth.forgot.failed'),
        }),
    }),
  );

  if (sentTo !== null)
    return (
      <AuthCard title={appText(i18n, 'app.auth.forgot.sentTitle')} stateKey="sent">
        <p role="status" className="mt-3 text-body">
          {appText(i18n, 'app.auth.forgot.sent', { email: sentTo })}
        </p>
      </AuthCard>
    );

  return (
    <AuthCard title={appText(i18n, 'app.auth.forgot.title')} stateKey="form">
      <p className="mt-1 text-sm text-body">{appText(i18n, 'app.auth.forgot.intro')}</p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-6 flex flex-col gap-4"
      >
        <FormField
          form={form}
          name="email"
          label={appText(i18n, 'app.settings.auth.email')}
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={320}
          required
        />
        <FormError id={errorId} message={rootError} />
        <Button type="submit" size="lg" fullWidth isLoading={forgot.isPending}>
          {appText(i18n, 'app.auth.forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
