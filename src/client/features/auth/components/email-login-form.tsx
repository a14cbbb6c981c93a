import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import { homePathForRole } from '../../../app/paths';
import { EMAIL_LOGIN_ERROR_CODES, useEmailLogin } from '../api/auth-api';
import { showVerifyEmailToast } from './verify-email-toast';
import { TextField } from './text-field';

/** SPEC §2 /login, 'Email & Password' tab (admins, super admins and password staff). */
export function EmailLoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useEmailLogin();
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ user }) => {
          toast.success(MSG.loginSuccessful);
          // SPEC §2: super_admin → /super-admin, server → /server/tables, admin → /admin/dashboard.
          void navigate(homePathForRole(user.role), { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'email_not_verified') {
            // SPEC §5/§8: unverified email → sticky toast with a 'Resend verification email' link.
            showVerifyEmailToast(email.trim(), error.message);
          } else if (
            error instanceof ApiRequestError &&
            error.fromServer &&
            (EMAIL_LOGIN_ERROR_CODES.has(error.code) || error.status === 429)
          ) {
            toast.error(error.message);
          } else {
            toast.error(MSG.loginFailed);
          }
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" size="lg" fullWidth isLoading={login.isPending}>
        Sign In
      </Button>
    </form>
  );
}
