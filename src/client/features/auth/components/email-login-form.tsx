import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { actionFailed, actionSucceeded, clearActionError } from '../../../lib/action-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { homePathForRole } from '../../../../shared/paths';
import { EMAIL_LOGIN_ERROR_CODES, useEmailLogin } from '../api/auth-api';
import { showVerifyEmailToast } from './verify-email-toast';
import { FormError } from './form-error';
import { TextField } from './text-field';

/** SPEC §2 /login, 'Email & Password' tab (admins, super admins and password staff). */
export function EmailLoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const login = useEmailLogin();
  const navigate = useNavigate();

  function fail(message: string) {
    setError(message);
    actionFailed('sign-in', message);
    // Focus stays in the form (issue 12): the password is what is usually retyped.
    passwordRef.current?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ user }) => {
          setError(null);
          actionSucceeded('sign-in', MSG.loginSuccessful);
          // SPEC §2: super_admin → /super-admin, server → /server/tables, admin → /admin/dashboard.
          void navigate(homePathForRole(user.role), { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'email_not_verified') {
            // SPEC §5/§8: unverified email → sticky toast with a 'Resend verification email' link.
            clearActionError('sign-in');
            showVerifyEmailToast(email.trim(), error.message);
          } else if (
            error instanceof ApiRequestError &&
            error.fromServer &&
            (EMAIL_LOGIN_ERROR_CODES.has(error.code) || error.status === 429)
          ) {
            fail(error.message);
          } else {
            fail(MSG.loginFailed);
          }
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        label="Email"
        aria-invalid={error !== null || undefined}
        aria-describedby={error !== null ? errorId : undefined}
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        ref={passwordRef}
        label="Password"
        aria-invalid={error !== null || undefined}
        aria-describedby={error !== null ? errorId : undefined}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormError id={errorId} message={error} />
      <Button type="submit" size="lg" fullWidth isLoading={login.isPending}>
        Sign In
      </Button>
    </form>
  );
}
