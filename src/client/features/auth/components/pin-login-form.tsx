import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PIN_MAX } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import { FormField } from '../../../components/ui/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { PIN_LOGIN_ERROR_CODES } from '../api/login-error-codes';
import { signInWithPin, useSignIn } from '../sign-in/sign-in-api';
import { drawnValues, useEarlySubmit, type SignInFormProps } from '../sign-in/sign-in-form';
import { SignInButton } from '../sign-in/sign-in-button';
import { FormError } from '../../../components/ui/form-error';

/** SPEC §2 /login, 'Login ID & PIN' tab (servers). */
export function PinLoginForm({ onSignedIn, live }: SignInFormProps) {
  const i18n = useI18n();
  // Decision 103: what was typed into the page the server drew, before the app took it over, is kept (read once).
  const [drawn] = useState(() => drawnValues({ loginId: '', pin: '' }));
  const form = useForm({ ...FORM_OPTIONS, defaultValues: drawn });
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEarlySubmit(formRef, live);
  const login = useSignIn(signInWithPin);
  // One message under both fields, kept until the next attempt (issue 12); its type says which field it is about.
  const serverError = form.formState.errors.root?.server;
  const error = serverError?.message ?? null;
  const errorField = serverError?.type === 'server_not_found' ? 'loginId' : 'pin';

  const submit = form.handleSubmit(({ loginId, pin }) =>
    login.submit(
      { loginId: loginId.trim(), pin },
      {
        onSuccess: (user) => {
          form.clearErrors();
          // SPEC §2: PIN login goes to /server/tables (a PIN account is a server's).
          onSignedIn(user);
        },
        onError: (failure) => {
          // SPEC §8: 'Login ID not found', 'PIN not configured for this server', 'Incorrect PIN' come from the
          // server; any other error gives 'Login failed. Please try again.' In the form only (decision 067).
          serverErrorToForm(form, failure, {
            isKnown: (refusal) => PIN_LOGIN_ERROR_CODES.has(refusal.code) || refusal.status === 429,
            fallback: appText(i18n, 'app.settings.auth.loginFailed'),
          });
          // Focus stays in the form, on the field to correct (never on <body>, issue 12).
          const notFound =
            failure instanceof ApiRequestError && failure.code === 'server_not_found';
          form.setFocus(notFound ? 'loginId' : 'pin');
        },
      },
    ),
  );

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormField
        form={form}
        name="loginId"
        label={appText(i18n, 'app.settings.auth.loginId')}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        errorShownAt={errorId}
        invalid={error !== null && errorField === 'loginId'}
      />
      <FormField
        form={form}
        name="pin"
        label={appText(i18n, 'app.settings.auth.pin')}
        type="password"
        inputMode="numeric"
        autoComplete="current-password"
        maxLength={PIN_MAX}
        required
        errorShownAt={errorId}
        invalid={error !== null && errorField === 'pin'}
      />
      <FormError id={errorId} message={error} />
      <SignInButton pending={login.pending} live={live} />
    </form>
  );
}
