import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { isLoginTab, LOGIN_TAB_COOKIE, type LoginTab } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import { dirOf, isLocale } from '@shared/i18n/locales';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmailLoginForm } from '../components/email-login-form';
import { InstallPrompt } from '../components/install-prompt';
import { PinLoginForm } from '../components/pin-login-form';
import { takeEarlyTab, type SignInFormProps } from '../sign-in/sign-in-form';

/**
 * Issue 12: the last used tab, remembered on this device (PIN users no longer switch tabs every shift). A cookie, so
 * the server draws the page on that tab (decision 103); the older local storage entry is still read.
 */
const TAB_STORAGE_KEY = 'table-service.login-tab';
const TAB_COOKIE = new RegExp(`(?:^|; )${LOGIN_TAB_COOKIE}=(email|pin)(?:;|$)`);

function rememberedTab(): LoginTab {
  try {
    const fromCookie = TAB_COOKIE.exec(document.cookie)?.[1];
    if (isLoginTab(fromCookie)) return fromCookie;
    return window.localStorage.getItem(TAB_STORAGE_KEY) === 'pin' ? 'pin' : 'email';
  } catch {
    return 'email';
  }
}

function rememberTab(tab: LoginTab): void {
  document.cookie = `${LOGIN_TAB_COOKIE}=${tab}; path=/login; max-age=31536000; samesite=lax`;
  try {
    window.localStorage.setItem(TAB_STORAGE_KEY, tab);
  } catch {
    // Storage disabled: the cookie still remembers it.
  }
}

const TABS: { id: LoginTab; label: AppMessageId }[] = [
  { id: 'email', label: 'app.settings.auth.tabEmail' },
  { id: 'pin', label: 'app.settings.auth.tabPin' },
];

/**
 * SPEC §2 /login: two tabs, 'Email & Password' (admin, the default on a new device) and 'Login ID & PIN'
 * (server); the device remembers the last one chosen. `tab`: the tab the page opens on — the server's choice when it
 * drew the page (the browser's first render must be the same), else the remembered one.
 */
export function LoginPage({
  tab: initialTab,
  ...form
}: SignInFormProps & { tab?: LoginTab | undefined }) {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.settings.auth.loginTitle'));
  const [active, setActiveState] = useState<LoginTab>(() => initialTab ?? rememberedTab());
  const setActive = (tab: LoginTab) => {
    setActiveState(tab);
    rememberTab(tab);
  };
  // Once live: a tab chosen on the drawn page before (boot.ts noted it) is chosen now; else a device that remembered
  // its tab only in local storage (before the cookie) opens on it.
  const { live } = form;
  useEffect(() => {
    if (!live) return;
    const early = takeEarlyTab();
    if (isLoginTab(early)) {
      setActiveState(early);
      rememberTab(early);
      tabRefs.current[early]?.focus();
    } else if (initialTab !== undefined && rememberedTab() !== initialTab) {
      setActiveState(rememberedTab());
    }
  }, [live, initialTab]);
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<LoginTab, HTMLButtonElement | null>>>({});

  function select(tab: LoginTab) {
    setActive(tab);
    tabRefs.current[tab]?.focus();
  }

  // WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs.
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((tab) => tab.id === active);
    // Right to left (Arabic), the next tab is on the left.
    const step = isLocale(i18n.locale) && dirOf(i18n.locale) === 'rtl' ? -1 : 1;
    const move: Record<string, number> = {
      ArrowRight: index + step + TABS.length,
      ArrowLeft: index - step + TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = move[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TABS[target % TABS.length];
    if (next) select(next.id);
  }

  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <div className="rounded-panel border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink">
          {appText(i18n, 'app.settings.auth.staffLogin')}
        </h1>
        <p className="mt-1 text-sm text-body">{appText(i18n, 'app.settings.auth.intro')}</p>

        <div
          role="tablist"
          aria-label={appText(i18n, 'app.settings.auth.method')}
          className="mt-6 grid grid-cols-2 gap-1 rounded-card bg-sunken p-1"
          onKeyDown={handleKeyDown}
        >
          {TABS.map((tab) => {
            const selected = tab.id === active;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  tabRefs.current[tab.id] = element;
                }}
                type="button"
                role="tab"
                data-tab={tab.id}
                id={`${baseId}-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel-${tab.id}`}
                tabIndex={selected ? 0 : -1}
                // Not yet the app's (the server's drawing): a tap would do nothing, so it says so (decision 103).
                aria-disabled={form.live ? undefined : true}
                onClick={() => setActive(tab.id)}
                className={`min-h-11 rounded-control px-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
                  selected ? 'bg-white text-brand-800 shadow-sm' : 'text-body hover:text-ink'
                }`}
              >
                {appText(i18n, tab.label)}
              </button>
            );
          })}
        </div>

        {/* The panels are deliberately not named after their tabs: 'Email & Password' would also match the
            'Email' and 'Password' field labels for anyone finding fields by label. */}
        {TABS.map((tab) => (
          <div
            key={tab.id}
            role="tabpanel"
            id={`${baseId}-panel-${tab.id}`}
            hidden={tab.id !== active}
            className="mt-6"
          >
            {tab.id === active &&
              (tab.id === 'email' ? <EmailLoginForm {...form} /> : <PinLoginForm {...form} />)}
          </div>
        ))}
        {active === 'pin' && <InstallPrompt />}
      </div>
    </div>
  );
}
