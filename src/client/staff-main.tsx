/**
 * The staff app's start (issue 25, decision 099): boot.ts starts it for every URL but a guest page's and the
 * sign-in page's, so those carry none of its code; the sign-in page starts it after a sign-in (decision 103). The
 * current URL's route chunks start downloading at once, beside the app's own (route-modules.ts).
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LOCALE, dirOf, negotiateLocale } from '@shared/i18n/locales';
import { applyDocumentLanguage } from './lib/i18n';
import { LoadingScreen } from './components/ui/spinner';
import { preloadRoute } from './app/route-modules';

const loadApp = () => import('./app/app');

/** Fetches (and runs) the app's code ahead of need: the sign-in page asks for it while someone types. */
export function preloadStaffApp(): void {
  void loadApp();
}

export function startStaffApp(): void {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html must contain <div id="root">');
  const app = loadApp();
  preloadRoute(window.location.pathname);
  const root = createRoot(container);
  const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);
  // The loading screen speaks the browser's language until the app knows the user's (StaffI18n).
  const locale = negotiateLocale(navigator.languages, DEFAULT_LOCALE);
  applyDocumentLanguage(locale, dirOf(locale));
  render(<LoadingScreen />);
  void app.then(({ App }) => render(<App />));
}
