import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MSG } from '../../../../shared/messages';
import { PIN_MAX } from '../../../../shared/constants';
import { Button } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import { paths } from '../../../app/paths';
import { PIN_LOGIN_ERROR_CODES, usePinLogin } from '../api/auth-api';
import { TextField } from './text-field';

/** SPEC §2 /login, 'Login ID & PIN' tab (servers). */
export function PinLoginForm() {
  const [loginId, setLoginId] = useState('');
  const [pin, setPin] = useState('');
  const login = usePinLogin();
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate(
      { loginId: loginId.trim(), pin },
      {
        onSuccess: () => {
          toast.success(MSG.loginSuccessful);
          // SPEC §2: PIN login goes to /server/tables.
          void navigate(paths.serverTables, { replace: true });
        },
        onError: (error) => {
          // SPEC §8: 'Login ID not found', 'PIN not configured for this server', 'Incorrect PIN' come from the
          // server; any other error gives 'Login failed. Please try again.'
          const known =
            error instanceof ApiRequestError &&
            error.fromServer &&
            (PIN_LOGIN_ERROR_CODES.has(error.code) || error.status === 429);
          toast.error(known ? error.message : MSG.loginFailed);
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        label="Login ID"
        name="loginId"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        value={loginId}
        onChange={(event) => setLoginId(event.target.value)}
      />
      <TextField
        label="PIN"
        name="pin"
        type="password"
        inputMode="numeric"
        autoComplete="current-password"
        maxLength={PIN_MAX}
        required
        value={pin}
        onChange={(event) => setPin(event.target.value)}
      />
      <Button type="submit" size="lg" fullWidth isLoading={login.isPending}>
        Sign In
      </Button>
    </form>
  );
}
