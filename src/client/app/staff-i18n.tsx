/**
 * The staff and admin screens in the user's language (issue 15, decision 047): the language stored on the user
 * (account page), else the browser's (navigator.languages), else English. English is in the app's bundle, so the
 * screens never wait for it; another language is one chunk, loaded when it is first needed. The owner's and the
 * platform operator's screens have a part of their own (decision 104), loaded beside it for those roles only, so a
 * server's console does not download the admin screens' texts. The server's refusals are shown in the same language
 * (decision 050).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { messages as english } from '@shared/i18n/compiled/app/en';
import { loadAppAdminMessages, loadAppMessages } from '@shared/i18n/compiled/app';
import { BOOT_TEXT } from '@shared/i18n/compiled/app/boot';
import { createI18n, type I18n } from '@shared/i18n/i18n';
import { dirOf, negotiateLocale, type Locale } from '@shared/i18n/locales';
import { setErrorWording } from '../lib/api-client';
import { LoadingScreen } from '../components/ui/spinner';
import { applyDocumentLanguage, I18nContext } from '../lib/i18n';
import { serverMessageText } from '../lib/server-messages';
import { useSession } from '../lib/session-api';

const ENGLISH = createI18n('en', english);

export function StaffI18n({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  const wanted: Locale = user?.language ?? negotiateLocale(navigator.languages, 'en');
  const admin = user?.role === 'admin' || user?.role === 'super_admin';
  // Nothing is drawn in another language first: until the session says whose screens these are, and then until that
  // user's catalogue has arrived, the loading screen (in the browser's language, then in the user's). A later change
  // of language (the account page, a sign-in) keeps the screens until the next catalogue has loaded — but an admin's
  // screens are never drawn without their part.
  const [current, setCurrent] = useState<{ locale: Locale; i18n: I18n; admin: boolean } | null>(
    null,
  );
  useEffect(() => {
    if (isPending) return;
    let live = true;
    const show = (i18n: I18n) => {
      if (!live) return;
      setCurrent({ locale: wanted, i18n, admin });
      applyDocumentLanguage(wanted, dirOf(wanted));
      // Errors raised from now on are worded in this language (the server sends SPEC's English).
      setErrorWording((error) => serverMessageText(i18n, error));
    };
    if (wanted === 'en' && !admin) show(ENGLISH);
    else
      void Promise.all([
        wanted === 'en' ? english : loadAppMessages[wanted](),
        admin ? loadAppAdminMessages[wanted]() : {},
      ]).then(([messages, adminMessages]) =>
        show(createI18n(wanted, { ...messages, ...adminMessages })),
      );
    return () => {
      live = false;
    };
  }, [wanted, isPending, admin]);
  if (isPending) return <LoadingScreen />;
  // English is in the bundle: drawn at once, without waiting for the effect (an admin's part is not).
  const usable = current !== null && (current.admin || !admin) ? current.i18n : null;
  const i18n = usable ?? (wanted === 'en' && !admin ? ENGLISH : null);
  // In the wanted language, not the browser's: the user chose it, and the screens will be in it in a moment.
  if (i18n === null) return <LoadingScreen label={BOOT_TEXT.loading[wanted]} lang={wanted} />;
  return <I18nContext value={i18n}>{children}</I18nContext>;
}
