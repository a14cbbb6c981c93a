import { useContext } from 'react';
import { appText } from '@shared/i18n/app';
import { BOOT_TEXT } from '@shared/i18n/compiled/app/boot';
import { dirOf, negotiateLocale, type Locale } from '@shared/i18n/locales';
import { I18nContext } from '../../lib/i18n';

/**
 * Before the app and its catalogue have loaded (main.tsx, and StaffI18n while the first language downloads): the
 * browser's language, from the few words compiled for this moment.
 */
const loadingBeforeCatalogue = () =>
  BOOT_TEXT.loading[
    negotiateLocale(typeof navigator === 'undefined' ? undefined : navigator.languages, 'en')
  ];

/** A decorative spinner; the surrounding control or status text carries the accessible meaning. */
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      className={`animate-spin ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * SPEC §2: while the auth state is being resolved at start, a 'Loading...' spinner is shown. `lang`: the label's
 * language when it is not the page's (a user's stored language while its catalogue downloads), so it is read out and
 * laid out as that language.
 */
export function LoadingScreen({ label, lang }: { label?: string; lang?: Locale }) {
  const i18n = useContext(I18nContext);
  const text =
    label ?? (i18n ? appText(i18n, 'app.console.loadingScreen') : loadingBeforeCatalogue());
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-body"
    >
      <Spinner className="size-8 text-brand-700" />
      <span className="text-sm font-medium" lang={lang} dir={lang ? dirOf(lang) : undefined}>
        {text}
      </span>
    </div>
  );
}
