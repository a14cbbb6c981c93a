/**
 * The sign-in page's own calls (decision 103): the two sign-ins and the session, checked by hand instead of with the
 * endpoint table's zod schemas, so the page every server opens each shift does not download zod (decision 016 did
 * the same for the guest page). The method and path are the table's (routes.ts; sign-in-api.test.ts); the answers' types come
 * from the shared schemas, and the guard checks what the page uses: that the answer names a user with a role.
 */
import { useState } from 'react';
import type { User } from '@shared/schemas';
import { routes } from '@shared/api/routes';
import { call, type ResponseParser } from '../../../lib/api-client';
import { isObject, isUser } from '../../../lib/guards';

const signedIn: ResponseParser<{ user: User }> = {
  safeParse: (data) =>
    isObject(data) && isUser(data.user)
      ? { success: true, data: { user: data.user } }
      : { success: false },
};

const session: ResponseParser<{ user: User | null }> = {
  safeParse: (data) =>
    isObject(data) && (data.user === null || isUser(data.user))
      ? { success: true, data: { user: data.user } }
      : { success: false },
};

// The table's routes (routes.ts holds no zod) with this page's own guards.
export const emailSignIn = {
  ...routes.login,
  responses: { 200: signedIn },
  body: {} as { email: string; password: string },
};

export const pinSignIn = {
  ...routes.pinLogin,
  responses: { 200: signedIn },
  body: {} as { loginId: string; pin: string },
};

export const sessionCheck = { ...routes.getSession, responses: { 200: session } };

export const signInWithEmail = (body: { email: string; password: string }) =>
  call(emailSignIn, { body });
export const signInWithPin = (body: { loginId: string; pin: string }) => call(pinSignIn, { body });

/** A sign-in in flight: `pending` while it is (and after it succeeded, as the page hands over), and its outcome. */
export function useSignIn<B>(send: (body: B) => Promise<{ user: User }>) {
  const [pending, setPending] = useState(false);
  const submit = async (
    body: B,
    handlers: { onSuccess: (user: User) => void; onError: (failure: unknown) => void },
  ) => {
    setPending(true);
    try {
      const { user } = await send(body);
      handlers.onSuccess(user);
    } catch (failure) {
      setPending(false);
      handlers.onError(failure);
    }
  };
  return { pending, submit };
}
