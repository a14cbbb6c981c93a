import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { PIN_MAX } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { suggestLoginId } from '../../../../shared/names';
import {
  isEmailShaped,
  loginIdError,
  normalizeLoginId,
  passwordError,
  pinError,
} from '../../../../shared/fields';
import type { CreateStaffBody } from '../../../../shared/schemas';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreateStaff, useLoginIdAvailability } from '../api/staff-api';

type Mode = 'pin' | 'password';
type FieldName =
  'name' | 'loginId' | 'pin' | 'confirmPin' | 'email' | 'password' | 'confirmPassword';
type FieldErrors = Partial<Record<FieldName, string>>;

const MODES: { id: Mode; label: string }[] = [
  { id: 'pin', label: 'PIN Login' },
  { id: 'password', label: 'Email & Password' },
];

// Not quoted by SPEC: the server's own words for these checks.
const NAME_REQUIRED = 'Name is required';
const AVAILABILITY_DEBOUNCE_MS = 400;

/** A login ID the server would accept the shape of (so worth asking about), or null. */
function checkableLoginId(loginId: string): string | null {
  const normalized = normalizeLoginId(loginId);
  return loginIdError(normalized) === null ? normalized : null;
}

export interface AddStaffDialogProps {
  open: boolean;
  restaurantId: string;
  onClose: () => void;
}

/** SPEC §2 /admin/staff 'Add Staff Member' dialog with its two modes. */
export function AddStaffDialog({ open, restaurantId, onClose }: AddStaffDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  const create = useCreateStaff();
  return (
    <Dialog
      open={open}
      title="Add Staff Member"
      description="Servers sign in with a login ID and PIN, or with their email and a password."
      isBusy={create.isPending}
      initialFocusRef={nameRef}
      onClose={onClose}
    >
      <AddStaffForm
        restaurantId={restaurantId}
        nameRef={nameRef}
        create={create}
        onDone={onClose}
      />
    </Dialog>
  );
}

interface AddStaffFormProps {
  restaurantId: string;
  nameRef: RefObject<HTMLInputElement | null>;
  create: ReturnType<typeof useCreateStaff>;
  onDone: () => void;
}

function AddStaffForm({ restaurantId, nameRef, create, onDone }: AddStaffFormProps) {
  const [mode, setMode] = useState<Mode>('pin');
  const [name, setName] = useState('');
  const [loginId, setLoginId] = useState('');
  // SPEC §5: the login ID follows the name until the admin types one of their own.
  const [loginIdEdited, setLoginIdEdited] = useState(false);
  const [pin, setPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // The suggestions of the server's 409 for a login ID (SPEC §8), kept while that ID is in the field.
  const [rejected, setRejected] = useState<{ loginId: string; suggestions: string[] } | null>(null);
  const suggestionsLabelId = useId();

  const formRef = useRef<HTMLFormElement>(null);

  /** Inputs are named after their field, so errors can send focus to them. */
  function focusField(field: FieldName) {
    formRef.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
  }

  // Availability, asked of the server once typing pauses (PIN mode only).
  const normalizedLoginId = normalizeLoginId(loginId);
  const toCheck = useDebouncedValue(
    mode === 'pin' ? checkableLoginId(loginId) : null,
    AVAILABILITY_DEBOUNCE_MS,
  );
  const availability = useLoginIdAvailability(toCheck);
  const checkIsCurrent = toCheck !== null && toCheck === normalizedLoginId;
  const checked = checkIsCurrent ? availability.data : undefined;

  const taken =
    rejected !== null && rejected.loginId === normalizedLoginId
      ? rejected.suggestions
      : checked && !checked.available
        ? checked.suggestions
        : null;

  function clearError(field: FieldName) {
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  }

  function changeName(value: string) {
    setName(value);
    clearError('name');
    if (!loginIdEdited) setLoginId(suggestLoginId(value));
  }

  function changeLoginId(value: string) {
    setLoginId(value);
    // Emptying the field hands it back to the suggestion from the name.
    setLoginIdEdited(value !== '');
    clearError('loginId');
  }

  function pickSuggestion(suggestion: string) {
    setLoginId(suggestion);
    setLoginIdEdited(true);
    clearError('loginId');
    focusField('loginId');
  }

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    if (!name.trim()) found.name = NAME_REQUIRED;
    if (mode === 'pin') {
      const idError = loginIdError(loginId);
      if (idError) found.loginId = idError;
      // SPEC §5: 'PINs do not match' is judged first, then the 4-6 digit rule.
      const pinProblem = pinError(pin, confirmPin);
      if (pinProblem === MSG.pinsDoNotMatch) found.confirmPin = pinProblem;
      else if (pinProblem) found.pin = pinProblem;
    } else {
      if (!email.trim()) found.email = MSG.emailRequired;
      else if (!isEmailShaped(email)) found.email = MSG.invalidEmail;
      const passwordProblem = passwordError(password, confirmPassword);
      if (passwordProblem === MSG.passwordsDoNotMatch) found.confirmPassword = passwordProblem;
      else if (passwordProblem) found.password = passwordProblem;
    }
    return found;
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const order: FieldName[] = [
      'name',
      'loginId',
      'pin',
      'confirmPin',
      'email',
      'password',
      'confirmPassword',
    ];
    const first = order.find((field) => found[field]);
    if (first) {
      toast.error(found[first]);
      focusField(first);
    }
  }

  function handleServerError(error: Error, body: CreateStaffBody) {
    if (
      error instanceof ApiRequestError &&
      error.code === 'login_id_taken' &&
      body.mode === 'pin'
    ) {
      // SPEC §8: the taken text and up to 3 suggestions, or the "couldn't find" text when there are none.
      const message = error.suggestions.length > 0 ? MSG.loginIdTaken : MSG.noLoginIdSuggestions;
      setRejected({ loginId: normalizeLoginId(body.loginId), suggestions: error.suggestions });
      showErrors({ loginId: message });
      return;
    }
    if (error instanceof ApiRequestError && error.code === 'email_in_use') {
      showErrors({ email: MSG.emailInUse });
      return;
    }
    if (error instanceof ApiRequestError && error.fromServer && error.status < 500) {
      const field: FieldName | null =
        error.code === 'invalid_login_id'
          ? 'loginId'
          : error.code === 'invalid_pin_format'
            ? 'pin'
            : null;
      if (field) showErrors({ [field]: error.message });
      else toast.error(error.message);
      return;
    }
    toast.error(MSG.addStaffFailed);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate();
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    const body: CreateStaffBody =
      mode === 'pin'
        ? { mode, name: name.trim(), loginId: normalizedLoginId, pin }
        : { mode, name: name.trim(), email: email.trim(), password };
    create.mutate(
      { restaurantId, body },
      {
        onSuccess: ({ staffMember }) => {
          // SPEC §8 success toasts.
          toast.success(
            body.mode === 'pin'
              ? MSG.serverAdded(staffMember.loginId ?? body.loginId)
              : MSG.staffAdded,
          );
          onDone();
        },
        onError: (error) => handleServerError(error, body),
      },
    );
  }

  function switchMode(next: Mode) {
    setMode(next);
    setErrors({});
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Sign-in method</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
          {MODES.map((option) => (
            <label
              key={option.id}
              className={`flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 ${
                mode === option.id
                  ? 'bg-white text-blue-800 shadow-sm'
                  : 'text-slate-700 hover:text-slate-900'
              }`}
            >
              <input
                type="radio"
                name="staff-mode"
                value={option.id}
                checked={mode === option.id}
                onChange={() => switchMode(option.id)}
                className="sr-only"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      <FormField
        ref={nameRef}
        label="Name"
        name="name"
        autoComplete="off"
        maxLength={100}
        required
        value={name}
        error={errors.name}
        onChange={(event) => changeName(event.target.value)}
      />

      {mode === 'pin' ? (
        <>
          <FormField
            label="Login ID"
            name="loginId"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={64}
            required
            value={loginId}
            error={errors.loginId}
            hint={
              <>
                <span>Suggested from the name. At least 3 characters.</span>
                {!errors.loginId && (
                  <span aria-live="polite" className="block">
                    {checkIsCurrent && availability.isFetching && !checked ? (
                      'Checking availability…'
                    ) : checked?.available ? (
                      <span className="font-medium text-green-800">
                        ✓ This Login ID is available
                      </span>
                    ) : checked && !checked.available ? (
                      <span className="font-medium text-amber-900">
                        {checked.suggestions.length > 0
                          ? MSG.loginIdTaken
                          : MSG.noLoginIdSuggestions}
                      </span>
                    ) : null}
                  </span>
                )}
              </>
            }
            footer={
              taken !== null &&
              taken.length > 0 && (
                <div role="group" aria-labelledby={suggestionsLabelId} className="mt-1">
                  <p id={suggestionsLabelId} className="text-sm font-medium text-slate-800">
                    Suggested login IDs
                  </p>
                  <div className="mt-1.5 flex flex-wrap gap-2">
                    {taken.map((suggestion) => (
                      <button
                        key={suggestion}
                        type="button"
                        onClick={() => pickSuggestion(suggestion)}
                        className="min-h-11 rounded-full border border-blue-300 bg-blue-50 px-4 text-sm font-semibold text-blue-800 hover:bg-blue-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                      >
                        {suggestion}
                      </button>
                    ))}
                  </div>
                </div>
              )
            }
            onChange={(event) => changeLoginId(event.target.value)}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              label="PIN"
              name="pin"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={PIN_MAX}
              required
              hint="4-6 digits"
              value={pin}
              error={errors.pin}
              onChange={(event) => {
                setPin(event.target.value);
                clearError('pin');
              }}
            />
            <FormField
              label="Confirm PIN"
              name="confirmPin"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={PIN_MAX}
              required
              value={confirmPin}
              error={errors.confirmPin}
              onChange={(event) => {
                setConfirmPin(event.target.value);
                clearError('confirmPin');
              }}
            />
          </div>
        </>
      ) : (
        <>
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={320}
            required
            value={email}
            error={errors.email}
            onChange={(event) => {
              setEmail(event.target.value);
              clearError('email');
            }}
          />
          <FormField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            required
            hint="At least 8 characters, with a letter, a number and one of @$!%*#?&"
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.target.value);
              clearError('password');
            }}
          />
          <FormField
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            required
            value={confirmPassword}
            error={errors.confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              clearError('confirmPassword');
            }}
          />
        </>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={create.isPending}>
          Add Staff Member
        </Button>
      </div>
    </form>
  );
}
