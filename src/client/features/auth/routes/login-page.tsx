import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import { dirOf, isLocale } from '@shared/i18n/locales';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmailLoginForm } from '../components/email-login-form';
import { InstallPrompt } from '../components/install-prompt';
import { PinLoginForm } from '../components/pin-login-form';

type LoginTab = 'email' | 'pin';

/** Issue 12: the last used tab, remembered on this device (PIN users no longer switch tabs every shift). */
const TAB_STORAGE_KEY = 'table-service.login-tab';

function rememberedTab(): LoginTab {
  try {
    return window.localStorage.getItem(TAB_STORAGE_KEY) === 'pin' ? 'pin' : 'email';
  } catch {
    return 'email';
  }
}

function rememberTab(tab: LoginTab): void {
  try {
    window.localStorage.setItem(TAB_STORAGE_KEY, tab);
  } catch {
    // Storage disabled: the page opens on the default tab next time.
  }
}

const TABS: { id: LoginTab; label: AppMessageId }[] = [
  { id: 'email', label: 'app.settings.auth.tabEmail' },
  { id: 'pin', label: 'app.settings.auth.tabPin' },
];

/**
 * SPEC §2 /login: two tabs, 'Email & Password' (admin, the default on a new device) and 'Login ID & PIN'
 * (server); the device remembers the last one chosen.
 */
export function LoginPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.settings.auth.loginTitle'));
  const [active, setActiveState] = useState<LoginTab>(rememberedTab);
  const setActive = (tab: LoginTab) => {
    setActiveState(tab);
    rememberTab(tab);
  };
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
                id={`${baseId}-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel-${tab.id}`}
                tabIndex={selected ? 0 : -1}
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
            {tab.id === active && (tab.id === 'email' ? <EmailLoginForm /> : <PinLoginForm />)}
          </div>
        ))}
        {active === 'pin' && <InstallPrompt />}
      </div>
    </div>
  );
}
