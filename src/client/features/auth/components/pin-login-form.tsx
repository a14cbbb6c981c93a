import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { PIN_MAX } from '../../../../shared/constants';
import { Button } from '../../../components/ui/button';
import { actionFailed, actionSucceeded } from '../../../lib/action-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { paths } from '../../../../shared/paths';
import { PIN_LOGIN_ERROR_CODES, usePinLogin } from '../api/auth-api';
import { FormError } from './form-error';
import { TextField } from './text-field';

type ErrorField = 'loginId' | 'pin';

/** Which field a sign-in error is about, so focus and aria-invalid land there. */
function fieldOf(error: unknown): ErrorField {
  return error instanceof ApiRequestError && error.code === 'server_not_found' ? 'loginId' : 'pin';
}

/** SPEC §2 /login, 'Login ID & PIN' tab (servers). */
export function PinLoginForm() {
  const [loginId, setLoginId] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<{ message: string; field: ErrorField } | null>(null);
  const errorId = useId();
  const loginIdRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const login = usePinLogin();
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate(
      { loginId: loginId.trim(), pin },
      {
        onSuccess: () => {
          setError(null);
          // Replaces a sign-in error still on screen (issue 12).
          actionSucceeded('sign-in', MSG.loginSuccessful);
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
          const message = known ? error.message : MSG.loginFailed;
          const field = fieldOf(error);
          setError({ message, field });
          actionFailed('sign-in', message);
          // Focus stays in the form, on the field to correct (never on <body>, issue 12).
          (field === 'loginId' ? loginIdRef : pinRef).current?.focus();
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        ref={loginIdRef}
        label="Login ID"
        aria-invalid={error?.field === 'loginId' || undefined}
        aria-describedby={error?.field === 'loginId' ? errorId : undefined}
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
        ref={pinRef}
        label="PIN"
        aria-invalid={error?.field === 'pin' || undefined}
        aria-describedby={error?.field === 'pin' ? errorId : undefined}
        name="pin"
        type="password"
        inputMode="numeric"
        autoComplete="current-password"
        maxLength={PIN_MAX}
        required
        value={pin}
        onChange={(event) => setPin(event.target.value)}
      />
      <FormError id={errorId} message={error?.message ?? null} />
      <Button type="submit" size="lg" fullWidth isLoading={login.isPending}>
        Sign In
      </Button>
    </form>
  );
}
