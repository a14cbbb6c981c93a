/**
 * A guest URL opened by a full page load never reaches the router (main.tsx renders GuestApp, decision 016); this
 * route serves a navigation to it from inside the app: its own chunk, so no staff page carries the guest page's code
 * (issue 25, decision 099).
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { LoadingScreen } from '../components/ui/spinner';
import { preferredGuestLocale } from '../features/guest/lib/guest-locale';
import { DEFAULT_LOCALE, dirOf } from '@shared/i18n/locales';
import { applyDocumentLanguage } from '../lib/i18n';
import { GuestApp, loadGuestLanguage, type GuestLanguageData } from './guest-app';

export function GuestRoute() {
  const { restaurantId = '', tableId = '' } = useParams();
  // Issue 15: in the guest's language (decision 047), downloaded first.
  const [language, setLanguage] = useState<GuestLanguageData | null>(null);
  useEffect(() => {
    const locale = preferredGuestLocale(DEFAULT_LOCALE);
    applyDocumentLanguage(locale, dirOf(locale));
    void loadGuestLanguage(locale).then(setLanguage);
  }, []);
  if (!language) return <LoadingScreen />;
  return <GuestApp restaurantId={restaurantId} tableId={tableId} initialLanguage={language} />;
}
