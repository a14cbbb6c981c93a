/**
 * The staff and admin screens in the user's language (issue 15, decision 047): the language stored on the user
 * (account page), else the browser's (navigator.languages), else English. English is in the app's bundle, so the
 * screens never wait for it; another language is one chunk, loaded when it is first needed.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { messages as english } from '../../shared/i18n/compiled/app/en';
import { loadAppMessages } from '../../shared/i18n/compiled/app';
import { createI18n, type I18n } from '../../shared/i18n/i18n';
import { dirOf, negotiateLocale, type Locale } from '../../shared/i18n/locales';
import { applyDocumentLanguage, I18nContext } from '../lib/i18n';
import { useSession } from '../lib/session-api';

const ENGLISH = createI18n('en', english);

export function StaffI18n({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const wanted: Locale = user?.language ?? negotiateLocale(navigator.languages, 'en');
  const [current, setCurrent] = useState<{ locale: Locale; i18n: I18n }>({
    locale: 'en',
    i18n: ENGLISH,
  });
  useEffect(() => {
    let live = true;
    const show = (i18n: I18n) => {
      if (!live) return;
      setCurrent({ locale: wanted, i18n });
      applyDocumentLanguage(wanted, dirOf(wanted));
    };
    if (wanted === 'en') show(ENGLISH);
    else void loadAppMessages[wanted]().then((messages) => show(createI18n(wanted, messages)));
    return () => {
      live = false;
    };
  }, [wanted]);
  return <I18nContext value={current.i18n}>{children}</I18nContext>;
}
