import { useEffect, useState } from 'react';
import { GUEST_DATA_ELEMENT_ID, GUEST_I18N_ELEMENT_ID } from '@shared/constants';
import { loadGuestMessages } from '@shared/i18n/compiled/guest';
import { createI18n, type I18n, type Messages } from '@shared/i18n/i18n';
import { dirOf, isLocale, type Locale } from '@shared/i18n/locales';
import { applyDocumentLanguage, I18nContext } from '../lib/i18n';
import { rememberGuestLocale, storedGuestLocale } from '../features/guest/lib/guest-locale';
import type { GuestTableResponse } from '@shared/schemas';
import { guestTableResponse } from '../features/guest/api/guest-responses';
import { fetchGuestTable } from '../features/guest/api/guest-api';
import { GuestTableContext, GuestTableStore } from '../features/guest/api/guest-table-store';
import { GuestTablePage } from '../features/guest/routes/guest-table-page';
import type { TableRef } from '@shared/paths';

/**
 * The table's data that came inside the page's HTML, when the server rendered it; null otherwise (the service
 * worker's offline shell, or a failed or refused render), and the page then loads it as before. Read once.
 */
export function takeEmbeddedGuestData(): GuestTableResponse | null {
  const element = document.getElementById(GUEST_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const parsed = guestTableResponse.safeParse(JSON.parse(element.textContent ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The guest page's language and its compiled messages (issue 15). */
export interface GuestLanguageData {
  locale: Locale;
  messages: Messages;
}

/** The language the server drew the page in, with its messages (decision 047); null without a drawn page. Read once. */
export function takeEmbeddedGuestLanguage(): GuestLanguageData | null {
  const element = document.getElementById(GUEST_I18N_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent ?? '') as Partial<GuestLanguageData>;
    if (!isLocale(parsed.locale) || typeof parsed.messages !== 'object' || parsed.messages === null)
      return null;
    return { locale: parsed.locale, messages: parsed.messages };
  } catch {
    return null;
  }
}

/** One language's messages, downloaded on demand (a chunk per language: only the active one is fetched). */
export async function loadGuestLanguage(locale: Locale): Promise<GuestLanguageData> {
  return { locale, messages: await loadGuestMessages[locale]() };
}

/**
 * The guest page on its own, as main.tsx renders it for /table/… (decision 016): no router, no session, no staff
 * code; only React, TanStack Query and the guest feature reach a guest's phone on first load. `initialData`: the
 * table as the server embedded it, so the first render is the finished page the HTML already shows.
 */
export function GuestApp({
  restaurantId,
  tableId,
  initialData = null,
  initialLanguage,
  cached = false,
}: TableRef & {
  initialData?: GuestTableResponse | null;
  initialLanguage: GuestLanguageData;
  /** The page came from this phone's cache (guest-sw.ts): `initialData` is the restaurant's face, not its state. */
  cached?: boolean;
}) {
  const [language, setLanguage] = useState<{ locale: Locale; i18n: I18n }>(() => ({
    locale: initialLanguage.locale,
    i18n: createI18n(initialLanguage.locale, initialLanguage.messages),
  }));
  const show = (locale: Locale) =>
    loadGuestLanguage(locale).then(
      ({ messages }) => {
        setLanguage({ locale, i18n: createI18n(locale, messages) });
        applyDocumentLanguage(locale, dirOf(locale));
      },
      () => undefined, // Offline: the page stays in the language it has.
    );
  // Decision 047: a choice made on this device wins (its cookie normally told the server already). The browser's
  // own list is not asked again: Accept-Language comes from it, and a page redrawn after its first paint would
  // shift under the guest's thumb (main.tsx asks navigator.languages when no page was drawn).
  useEffect(() => {
    const stored = storedGuestLocale();
    if (stored !== null && stored !== initialLanguage.locale) void show(stored);
    // Once, after the first render (hydration keeps the server's language).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onLocaleChange = (locale: Locale) => {
    rememberGuestLocale(locale);
    void show(locale);
  };
  // Decision 048: the table's state in a store of the page's own, started from the embedded data when it is this
  // table's.
  const [store] = useState(
    () =>
      new GuestTableStore(
        () => fetchGuestTable(restaurantId, tableId),
        initialData?.table.id === tableId && initialData.restaurant.id === restaurantId
          ? initialData
          : null,
      ),
  );
  useEffect(() => {
    // Offline (the service worker's shell), the page says so and loads once the network is back.
    const loadUnlessShown = () => {
      if (store.getState().status !== 'success') void store.load();
    };
    if (navigator.onLine) loadUnlessShown();
    const onVisible = () => {
      if (document.visibilityState === 'visible') store.loadIfStale();
    };
    window.addEventListener('online', loadUnlessShown);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', loadUnlessShown);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [store]);
  return (
    <I18nContext value={language.i18n}>
      <GuestTableContext value={store}>
        <GuestTablePage
          restaurantId={restaurantId}
          tableId={tableId}
          language={{ locale: language.locale, onLocaleChange }}
          cached={cached}
        />
      </GuestTableContext>
    </I18nContext>
  );
}
