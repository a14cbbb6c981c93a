/**
 * The sign-in page, drawn on the server (decision 103) as the guest page is (decision 017): the first response is the
 * finished page — the same component the browser takes over (SignInApp) — in the reader's language, with that
 * language's sign-in texts and the remembered tab embedded as JSON, so the browser paints it at once and the app
 * hydrates it without loading a catalogue.
 */
import { renderToString } from 'react-dom/server';
import { SignInApp } from '../../client/features/auth/sign-in/sign-in-app';
import { signInMessages } from '../../client/features/auth/sign-in/sign-in-texts';
import { I18nContext } from '../../client/lib/i18n';
import { SIGN_IN_DATA_ELEMENT_ID, type LoginTab } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import { loadAppMessages } from '@shared/i18n/compiled/app';
import { createI18n, type I18n, type Messages } from '@shared/i18n/i18n';
import type { Locale } from '@shared/i18n/locales';
import { drawIntoShell, escapeHtml, hasEmptyRoot, oncePerLocale } from './drawn-page';

const TITLE = /<title>[^<]*<\/title>/;

interface SignInLanguage {
  messages: Messages;
  i18n: I18n;
}

/** The sign-in page's texts in `locale`. */
const signInLanguage = oncePerLocale(async (locale): Promise<SignInLanguage> => {
  const messages = signInMessages(await loadAppMessages[locale]());
  return { messages, i18n: createI18n(locale, messages) };
});

/** `shell` (the built index.html) with the sign-in page drawn into its root; unchanged if it has no empty root. */
export async function renderSignInPage(
  shell: string,
  locale: Locale,
  tab: LoginTab,
): Promise<string> {
  if (!hasEmptyRoot(shell)) return shell;
  const { messages, i18n } = await signInLanguage(locale);
  const markup = renderToString(
    <I18nContext value={i18n}>
      <SignInApp tab={tab} onSignedIn={() => undefined} />
    </I18nContext>,
  );
  // The page's own title (useDocumentTitle sets the same once the app runs); its words are the catalogue's.
  const title = escapeHtml(appText(i18n, 'app.settings.auth.loginTitle'));
  return drawIntoShell(
    shell,
    markup,
    { [SIGN_IN_DATA_ELEMENT_ID]: { locale, messages, tab } },
    locale,
  ).replace(TITLE, () => `<title>${title}</title>`);
}
