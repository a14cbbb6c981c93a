/**
 * "Verification email sent!" only when a mail can have been sent (issue 13, decision 037). The server sends at most
 * one verification mail a minute per account and answers every well-formed request alike (no account
 * enumeration), so the browser keeps the one-minute interval itself for the addresses it asked for: within it, the
 * user is told when they can ask again instead of being told a mail was sent.
 */
const RESEND_INTERVAL_MS = 60_000;

const lastSent = new Map<string, number>();

function key(email: string): string {
  return email.trim().toLowerCase();
}

/** Whole seconds until this address may be sent another mail; 0 when it may now. */
export function resendWaitSeconds(email: string, now: number = Date.now()): number {
  const at = lastSent.get(key(email));
  if (at === undefined) return 0;
  const left = at + RESEND_INTERVAL_MS - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

export function noteResent(email: string, now: number = Date.now()): void {
  lastSent.set(key(email), now);
}
