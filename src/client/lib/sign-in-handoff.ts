/**
 * Between the sign-in page and the staff app (decision 103), which are two starts of the page: the sign-in page hands
 * over to the staff app in place after a sign-in, and the staff app goes to the sign-in page by loading it (a
 * sign-out, an ended session, a deleted account), which leaves nothing of the last user in memory.
 */
import { paths } from '@shared/paths';

/** A word for the sign-in page to say when it opens (the sign-out's toast, which a page load would drop). */
export interface SignInNotice {
  kind: 'success' | 'info';
  text: string;
}

const NOTICE_KEY = 'table-service.sign-in-notice';

let leaving = false;
let ownSignOut = false;

/**
 * The person is signing out themselves (Logout, Delete Account): until their request has answered, the other ways
 * here (the session's end on the live channel, the route guard) wait, so the page loads once, with their request's
 * own word. Without this, the session's end (sent while the request is still answering) loaded the sign-in page first
 * and "Account deleted successfully" was never said.
 */
export function beginOwnSignOut(): void {
  ownSignOut = true;
}

/** Their request failed: they are still signed in, and the other ways here apply again. */
export function cancelOwnSignOut(): void {
  ownSignOut = false;
}

/**
 * Loads the sign-in page in place of this one (no way back to a signed-out screen), with `notice` to say there. A
 * sign-out reaches here two or three ways at once (the logout's answer, the session's end on the live channel, the
 * route guard): the page is loaded once. `own`: this is the person's own sign-out answering (beginOwnSignOut).
 */
export function goToSignIn(notice?: SignInNotice, own = false): void {
  if (ownSignOut && !own) return;
  if (notice !== undefined) {
    try {
      window.sessionStorage.setItem(NOTICE_KEY, JSON.stringify(notice));
    } catch {
      // Storage disabled: the sign-in page opens without the word.
    }
  }
  if (leaving) return;
  leaving = true;
  window.location.replace(paths.login);
}

/** The word left by goToSignIn, once. */
export function takeSignInNotice(): SignInNotice | null {
  try {
    const stored = window.sessionStorage.getItem(NOTICE_KEY);
    window.sessionStorage.removeItem(NOTICE_KEY);
    const notice = JSON.parse(stored ?? 'null') as Partial<SignInNotice> | null;
    if (notice === null || typeof notice.text !== 'string') return null;
    return { kind: notice.kind === 'success' ? 'success' : 'info', text: notice.text };
  } catch {
    return null;
  }
}

let greeting: string | null = null;

/** 'Login successful!' (SPEC §8), in the sign-in page's language, for the staff app it hands over to. */
export function leaveSignInGreeting(text: string): void {
  greeting = text;
}

/** The greeting left by the sign-in page, once. */
export function takeSignInGreeting(): string | null {
  const text = greeting;
  greeting = null;
  return text;
}
