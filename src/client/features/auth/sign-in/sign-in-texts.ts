/**
 * The texts the sign-in page can show (decision 103): its own, its header's, its forms' and the refusals a sign-in
 * can get. The server embeds only these, in the reader's language, in the page it draws (a few hundred bytes, not the
 * staff app's 16 KB catalogue). sign-in-texts.test.ts checks that every text the page's files name is listed.
 */
import type { Messages } from '@shared/i18n/i18n';
import type { AppMessageId } from '@shared/i18n/compiled/app';

export const SIGN_IN_TEXT_IDS: readonly AppMessageId[] = [
  // The page, its header and its forms.
  'app.console.characterCount',
  'app.console.loadingScreen',
  'app.console.menu',
  'app.console.navLogin',
  'app.console.navMain',
  'app.console.navSignUp',
  'app.console.skipToContent',
  'app.console.tooLong',
  'app.settings.auth.email',
  'app.settings.auth.forgotLink',
  'app.settings.auth.install',
  'app.settings.auth.installBody',
  'app.settings.auth.installTitle',
  'app.settings.auth.internalError',
  'app.settings.auth.intro',
  'app.settings.auth.loginFailed',
  'app.settings.auth.loginId',
  'app.settings.auth.loginSuccessful',
  'app.settings.auth.loginTitle',
  'app.settings.auth.method',
  'app.settings.auth.notNow',
  'app.settings.auth.password',
  'app.settings.auth.pin',
  'app.settings.auth.resendVerification',
  'app.settings.auth.resendWait',
  'app.settings.auth.signIn',
  'app.settings.auth.staffLogin',
  'app.settings.auth.tabEmail',
  'app.settings.auth.tabPin',
  'app.settings.auth.verificationSent',
  // What a sign-in can be refused with (server-messages.ts words them by id or code).
  'app.error.accountDeactivated',
  'app.error.badRequest',
  'app.error.crossSiteRefused',
  'app.error.incorrectPin',
  'app.error.invalidCredentials',
  'app.error.loginIdNotFound',
  'app.error.network',
  'app.error.pinNotConfigured',
  'app.error.serviceUnavailable',
  'app.error.signInLocked',
  'app.error.signInSlowDown',
  'app.error.tooManyRequests',
  'app.error.verifyEmailFirst',
];

/** The sign-in page's texts out of a language's whole app catalogue. */
export function signInMessages(messages: Messages): Messages {
  const subset: Messages = {};
  for (const id of SIGN_IN_TEXT_IDS) if (id in messages) subset[id] = messages[id]!;
  return subset;
}
