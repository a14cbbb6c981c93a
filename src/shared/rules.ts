/** Pure rules of SPEC §5 and §9, shared by server validation, client forms and the CLI. */
import {
  COOLDOWN_SECONDS,
  GENERATED_LOGIN_ID_MAX,
  LOGIN_ID_CANDIDATES_TRIED,
  LOGIN_ID_MIN,
  PASSWORD_MIN,
} from './constants';
import { MSG } from './messages';

/**
 * SPEC §5: the restaurant id is the name lowercased, with characters other than letters, digits,
 * spaces and hyphens removed, spaces turned into hyphens, and repeated or edge hyphens collapsed.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** SPEC §5: when the id is taken, -2, -3, … is appended until it is free. */
export function slugWithSuffix(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}-${attempt}`;
}

/** SPEC §5: login ID suggested from the name: lowercase, alphanumeric only, at most 15 characters. */
export function suggestLoginId(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, GENERATED_LOGIN_ID_MAX);
}

/**
 * SPEC §9: candidates for a taken login ID: at most 10 are tried, the first 3 free ones are offered.
 * Candidates keep the 15-character cap by trimming the base before the numeric suffix.
 */
export function loginIdCandidates(taken: string): string[] {
  const base = suggestLoginId(taken) || 'server';
  const out: string[] = [];
  for (let n = 1; out.length < LOGIN_ID_CANDIDATES_TRIED; n++) {
    const suffix = String(n + 1);
    out.push(base.slice(0, GENERATED_LOGIN_ID_MAX - suffix.length) + suffix);
  }
  return out;
}

/** Login IDs are matched case-insensitively; stored and compared lowercased. */
export function normalizeLoginId(loginId: string): string {
  return loginId.trim().toLowerCase();
}

export function loginIdError(loginId: string): string | null {
  return normalizeLoginId(loginId).length < LOGIN_ID_MIN ? MSG.loginIdMin : null;
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

export const REQUEST_TYPES = ['server', 'order', 'refill', 'bill'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** SPEC §8 type titles; anything else is 'New Request'. */
export function requestTypeTitle(type: string): string {
  switch (type) {
    case 'server':
      return 'Server Assistance Needed';
    case 'order':
      return 'Ready to Order';
    case 'refill':
      return 'Drink Refill Requested';
    case 'bill':
      return 'Bill Payment Requested';
    default:
      return 'New Request';
  }
}

/** SPEC §9: whole seconds of cool-down left after a request made at lastCreatedAt (ms). */
export function cooldownRemainingSeconds(lastCreatedAt: number | null, now: number): number {
  if (lastCreatedAt === null) return 0;
  const leftMs = lastCreatedAt + COOLDOWN_SECONDS * 1000 - now;
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
}

/** SPEC §5 settings: colour text must match #RRGGBB. */
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
