import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  GuestApp,
  loadGuestLanguage,
  takeEmbeddedGuestData,
  takeEmbeddedGuestLanguage,
  type GuestLanguageData,
} from './app/guest-app';
import { DEFAULT_LOCALE, dirOf } from '@shared/i18n/locales';
import { GUEST_CACHED_ATTRIBUTE } from '@shared/constants';
import { applyDocumentLanguage } from './lib/i18n';
import { preferredGuestLocale } from './features/guest/lib/guest-locale';
import { matchTablePath } from '@shared/paths';
import { markAppTakingOver } from './features/guest/lib/early-press';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html must contain <div id="root">');

// Decision 016: the guest page (a phone on mobile data, budget 90 KB of gzip JS) is rendered straight from the URL;
// boot.ts loads this module only for a guest URL, and staff-main.tsx (the router, zod, the staff screens) for the
// others (decision 099).
const table = matchTablePath(window.location.pathname);
if (table) {
  // Decision 017: the server usually sends this page already drawn, with its data. React then hydrates it — keeps
  // the very elements the guest already sees — instead of drawing them again; without embedded data it renders.
  const embeddedData = takeEmbeddedGuestData();
  // Decision 056: drawn from the phone's cache while the service is away, the page keeps the restaurant's face
  // (header, buttons) but none of its state then (an open request, a cool-down): those come from the service.
  const cached =
    embeddedData !== null && document.documentElement.hasAttribute(GUEST_CACHED_ATTRIBUTE);
  const initialData =
    embeddedData && cached
      ? { ...embeddedData, cooldownRemainingSeconds: 0, openRequests: [], closedNow: false }
      : embeddedData;
  // Issue 15: the drawn page carries its language's messages; without one (the offline shell, a refused render)
  // the guest's language is downloaded first — only that one (decision 047).
  const embeddedLanguage = takeEmbeddedGuestLanguage();
  const page = (initialLanguage: GuestLanguageData) => (
    <StrictMode>
      <GuestApp
        restaurantId={table.restaurantId}
        tableId={table.tableId}
        initialData={initialData}
        initialLanguage={initialLanguage}
        cached={cached}
      />
    </StrictMode>
  );
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // (a guest's tap is not kept waiting behind it).
  if (initialData && embeddedLanguage && !cached) {
    markAppTakingOver();
    startTransition(() => void hydrateRoot(container, page(embeddedLanguage)));
  } else if (cached && embeddedLanguage) {
    // Not hydrated: the drawn page shows what was true when it was cached; it is drawn anew without that.
    markAppTakingOver();
    createRoot(container).render(page(embeddedLanguage));
  } else {
    const locale = embeddedLanguage?.locale ?? preferredGuestLocale(DEFAULT_LOCALE);
    applyDocumentLanguage(locale, dirOf(locale));
    void (embeddedLanguage ? Promise.resolve(embeddedLanguage) : loadGuestLanguage(locale)).then(
      (language) => createRoot(container).render(page(language)),
    );
  }
}
