import { useEffect, useState } from 'react';
import { ApiRequestError, call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';

type VerifyOutcome =
  | { status: 'verified' }
  | { status: 'invalid' }
  /**
   * The server could not be asked or failed (network, 5xx, 429): the link may still be good. `message`: the
   * server's own, or null when it gave none (the page then says so in the user's language).
   */
  | { status: 'failed'; message: string | null };

async function postVerifyEmail(token: string): Promise<VerifyOutcome> {
  try {
    await call(api('verifyEmail'), { body: { token } });
    return { status: 'verified' };
  } catch (error) {
    // 400 invalid_token: unknown, used or expired ('This verification link is invalid or has expired.').
    if (error instanceof ApiRequestError && error.status === 400) return { status: 'invalid' };
    return {
      status: 'failed',
      message: error instanceof ApiRequestError && error.fromServer ? error.message : null,
    };
  }
}

/**
 * One POST per token for the life of the page. The token is single-use: a second POST (React StrictMode runs
 * mount effects twice in development; a remount does it again) would consume nothing and answer "invalid" after
 * the first had already verified the account. So the promise, not the effect, is the unit of work.
 */
const attempts = new Map<string, Promise<VerifyOutcome>>();

function verifyEmailOnce(token: string): Promise<VerifyOutcome> {
  let attempt = attempts.get(token);
  if (attempt === undefined) {
    attempt = postVerifyEmail(token);
    attempts.set(token, attempt);
  }
  return attempt;
}

export type VerifyState = { status: 'verifying' } | VerifyOutcome;

/**
 * POST /api/auth/verify-email for the link's token, once. `retry` is offered only after a 'failed' outcome,
 * where the server never consumed the token.
 */
export function useVerifyEmail(token: string): { state: VerifyState; retry: () => void } {
  const [settled, setSettled] = useState<{ token: string; outcome: VerifyOutcome } | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (token === '') return;
    let active = true;
    void verifyEmailOnce(token).then((outcome) => {
      if (active) setSettled({ token, outcome });
    });
    return () => {
      active = false;
    };
  }, [token, round]);

  function retry() {
    attempts.delete(token);
    setSettled(null);
    setRound((n) => n + 1);
  }

  // A link without a token is invalid without asking the server.
  const state: VerifyState =
    token === ''
      ? { status: 'invalid' }
      : settled !== null && settled.token === token
        ? settled.outcome
        : { status: 'verifying' };
  return { state, retry };
}
