/**
 * The sign-in page's start (decision 103). boot.ts loads it for /login instead of the staff app: the page the server
 * drew is taken over (hydrated) with the texts it embedded, or, from the service worker's shell, drawn here in the
 * browser's language. After a sign-in the page hands over to the staff app in place, at the user's home.
 */
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { isLoginTab, SIGN_IN_DATA_ELEMENT_ID, type LoginTab } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import { loadAppMessages } from '@shared/i18n/compiled/app';
import { createI18n, type I18n, type Messages } from '@shared/i18n/i18n';
import {
  DEFAULT_LOCALE,
  dirOf,
  isLocale,
  negotiateLocale,
  type Locale,
} from '@shared/i18n/locales';
import { homePathForRole } from '@shared/paths';
import type { User } from '@shared/schemas';
import { call, setErrorWording } from './lib/api-client';
import { applyDocumentLanguage, I18nContext } from './lib/i18n';
import { serverMessageText } from './lib/server-messages';
import { leaveSignInGreeting, takeSignInNotice } from './lib/sign-in-handoff';
import { SignInApp } from './features/auth/sign-in/sign-in-app';
import { sessionCheck } from './features/auth/sign-in/sign-in-api';

interface Embedded {
  locale: Locale;
  messages: Messages;
  tab: LoginTab;
}

function embedded(): Embedded | null {
  const element = document.getElementById(SIGN_IN_DATA_ELEMENT_ID);
  if (element === null) return null;
  try {
    const data = JSON.parse(element.textContent ?? '') as Partial<Embedded>;
    if (!isLocale(data.locale) || !isLoginTab(data.tab)) return null;
    if (typeof data.messages !== 'object' || data.messages === null) return null;
    return { locale: data.locale, messages: data.messages, tab: data.tab };
  } catch {
    return null;
  }
}

/**
 * A refusal in the page's language when the page has its text, else as the server worded it (the embedded texts
 * are the sign-in page's only, sign-in-texts.ts).
 */
function wordRefusals(i18n: I18n): void {
  setErrorWording((error) => {
    const text = serverMessageText(i18n, error);
    return text.startsWith('app.') ? error.message : text;
  });
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html must contain <div id="root">');
  const data = embedded();
  const drawn = data !== null && container.hasChildNodes();
  const locale = data?.locale ?? negotiateLocale(navigator.languages, DEFAULT_LOCALE);
  const i18n = createI18n(locale, data?.messages ?? (await loadAppMessages[locale]()));
  applyDocumentLanguage(locale, dirOf(locale));
  wordRefusals(i18n);

  let root: Root | null = null;
  let handingOver = false;
  /** The staff app takes the page over, at the user's home (SPEC §2), greeting them if they just signed in. */
  const handOver = async (user: User, greet: boolean) => {
    if (handingOver) return;
    handingOver = true;
    const { startStaffApp } = await import('./staff-main');
    if (greet) leaveSignInGreeting(appText(i18n, 'app.settings.auth.loginSuccessful'));
    root?.unmount();
    window.history.replaceState(null, '', homePathForRole(user.role));
    startStaffApp();
  };
  const page = (
    <I18nContext value={i18n}>
      <SignInApp tab={data?.tab} onSignedIn={(user) => void handOver(user, true)} />
    </I18nContext>
  );
  if (drawn) {
    root = hydrateRoot(container, page);
  } else {
    root = createRoot(container);
    root.render(page);
  }
  // What the staff app had to say as it sent the reader here (signed out, account deleted), as its toast.
  const notice = takeSignInNotice();
  if (notice !== null)
    void import('./components/toast-host').then((host) => host.showSignInNotice(i18n, notice));
  // Someone who is signed in already (a page from the service worker's shell; the server sends them home itself)
  // goes to their screens.
  call(sessionCheck).then(
    ({ user }) => {
      if (user !== null) void handOver(user, false);
    },
    () => undefined,
  );
  // About to sign in: the staff app's code starts arriving while they type.
  document.addEventListener(
    'focusin',
    () => void import('./staff-main').then((m) => m.preloadStaffApp()),
    {
      once: true,
    },
  );
}

void start();
