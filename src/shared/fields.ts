/**
 * The rules of the fields people type — login ID, PIN, password, email address (SPEC §5) — defined once for client
 * forms, server services and the CLI (issue 17). Kept apart from rules.ts, which the guest page loads: the guest
 * page has no such field, and its JavaScript budget has no room for them.
 */
import { z } from 'zod';
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

/** The error for a value over its limit: limits are shown and refused, never enforced by cutting (issue 13). */
export function tooLongError(value: string, limit: number): string | null {
  return value.trim().length > limit ? `Use at most ${limit} characters.` : null;
}

/** Not quoted by SPEC: the server's own words when a staff member has no name. */
export const NAME_REQUIRED = 'Name is required';
/** The longest person name the API takes. */
export const PERSON_NAME_MAX = 100;

/** A zod check from one of the rules above (null: fine), for the form schemas built on them. */
function checked(rule: (value: string) => string | null) {
  return z.string().superRefine((value, ctx) => {
    const message = rule(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}

// ---------- the fields as zod schemas: what the client forms validate before sending ----------

/** A required name of at most `limit` characters (after trimming), with its own "required" text. */
export const requiredNameField = (requiredMessage: string, limit: number) =>
  checked((value) => (value.trim() === '' ? requiredMessage : tooLongError(value, limit)));

export const loginIdField = checked(loginIdError);

/** Required (SPEC §8 'Email is required'), then shaped like an address. */
export const emailField = checked((value) =>
  value.trim() === '' ? MSG.emailRequired : isEmailShaped(value) ? null : MSG.invalidEmail,
);

/**
 * A new secret typed twice (PIN or password): the mismatch is judged first and lands on the confirmation, the rule
 * on the first field (SPEC §5).
 */
export function confirmedSecret<K extends string, C extends string>(
  key: K,
  confirmKey: C,
  rule: (secret: string, confirmation: string) => string | null,
  mismatch: string,
) {
  return (values: Record<K | C, string>, ctx: z.RefinementCtx) => {
    const message = rule(values[key], values[confirmKey]);
    if (message !== null)
      ctx.addIssue({ code: 'custom', message, path: [message === mismatch ? confirmKey : key] });
  };
}
