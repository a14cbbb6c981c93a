/**
 * The rules of the fields people type — login ID, PIN, password, email address (SPEC §5) — defined once for client
 * forms, server services and the CLI (issue 17). Kept apart from rules.ts, which the guest page loads: the guest
 * page has no such field, and its JavaScript budget has no room for them.
 */
import { LOGIN_ID_MIN, PASSWORD_MIN } from './constants';
import { MSG } from './messages';

/** Login IDs are matched case-insensitively; stored and compared lowercased. */
export function normalizeLoginId(loginId: string): string {
  return loginId.trim().toLowerCase();
}

/** The login ID alphabet (after normalizeLoginId): letters, digits, dots, dashes and underscores. */
const LOGIN_ID_CHARACTERS = /^[a-z0-9._-]+$/;

/** A login ID a new account may take: long enough (first), then of the allowed characters. */
export function loginIdError(loginId: string): string | null {
  const normalized = normalizeLoginId(loginId);
  if (normalized.length < LOGIN_ID_MIN) return MSG.loginIdMin;
  return LOGIN_ID_CHARACTERS.test(normalized) ? null : MSG.loginIdCharacters;
}

/** The shape every email address the app stores must have (something@something.something, no spaces). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailShaped(email: string): boolean {
  return EMAIL_SHAPE.test(email.trim());
}

/** SPEC §5: PIN is 4-6 digits. */
export function pinError(pin: string, confirmation?: string): string | null {
  if (confirmation !== undefined && pin !== confirmation) return MSG.pinsDoNotMatch;
  return /^\d{4,6}$/.test(pin) ? null : MSG.pinRule;
}

/** SPEC §5: at least 8 characters with a letter, a digit and one of @$!%*#?&. */
export function passwordError(password: string, confirmation?: string): string | null {
  if (confirmation !== undefined && password !== confirmation) return MSG.passwordsDoNotMatch;
  const ok =
    password.length >= PASSWORD_MIN &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password) &&
    /[@$!%*#?&]/.test(password);
  return ok ? null : MSG.passwordRule;
}
