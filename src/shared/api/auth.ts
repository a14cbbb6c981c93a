/** Sign-in, sign-out, the session, email verification and the user's own account. */
import {
  accountLanguageBodySchema,
  emailLoginBodySchema,
  loginResponseSchema,
  pinLoginBodySchema,
  resendVerificationBodySchema,
  resendVerificationResponseSchema,
  sessionResponseSchema,
  userResponseSchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '../schemas';
import { ANY_USER, PUBLIC } from './access';
import { endpoint } from './endpoint';
import { noContent } from './params';

export const getSession = endpoint('getSession', {
  tag: 'auth',
  summary: 'The signed-in user, or null',
  access: PUBLIC,
  responses: { 200: sessionResponseSchema },
  errors: [],
});

export const login = endpoint('login', {
  tag: 'auth',
  summary: 'Sign in with email and password (sets the session cookie)',
  access: PUBLIC,
  body: emailLoginBodySchema,
  responses: { 200: loginResponseSchema },
  errors: ['invalid_credentials', 'email_not_verified', 'locked', 'throttled', 'rate_limited'],
});

export const pinLogin = endpoint('pinLogin', {
  tag: 'auth',
  summary: 'Sign in with a login ID and PIN (sets the session cookie)',
  access: PUBLIC,
  body: pinLoginBodySchema,
  responses: { 200: loginResponseSchema },
  errors: ['server_not_found', 'pin_not_set', 'invalid_pin', 'locked', 'throttled', 'rate_limited'],
});

export const logout = endpoint('logout', {
  tag: 'auth',
  summary: 'Sign out: ends this session and clears its cookie',
  access: ANY_USER,
  responses: { 204: noContent },
  errors: [],
});

export const verifyEmail = endpoint('verifyEmail', {
  tag: 'auth',
  summary: 'Verify an email address with the token from its mail',
  access: PUBLIC,
  body: verifyEmailBodySchema,
  responses: { 200: verifyEmailResponseSchema },
  errors: ['invalid_token', 'rate_limited'],
});

export const resendVerification = endpoint('resendVerification', {
  tag: 'auth',
  summary:
    'Send the verification mail again (the same answer whether or not the address has an account)',
  access: PUBLIC,
  body: resendVerificationBodySchema,
  responses: { 202: resendVerificationResponseSchema },
  errors: ['rate_limited'],
});

export const deleteAccount = endpoint('deleteAccount', {
  tag: 'account',
  summary: 'Delete the signed-in user’s own account (and sign out)',
  access: ANY_USER,
  responses: { 204: noContent },
  errors: ['not_found'],
});

export const setAccountLanguage = endpoint('setAccountLanguage', {
  tag: 'account',
  summary: 'Set the language of the user’s screens, notifications and mails (null: the browser’s)',
  access: ANY_USER,
  body: accountLanguageBodySchema,
  responses: { 200: userResponseSchema },
  errors: ['not_found'],
});
