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
import { CONSOLE_FRAME_ATTRIBUTE } from '@shared/constants';

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
  // Decision 106: a console frame drawn by the server stays on screen while the app draws itself beside it.
  const frame = container.querySelector(`[${CONSOLE_FRAME_ATTRIBUTE}]`) !== null;
  const target = frame ? document.createElement('div') : container;
  const root = createRoot(target);
  const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);
  if (frame) takeOverFrame(container, target);
  else {
    // The loading screen speaks the browser's language until the app knows the user's (StaffI18n).
    const locale = negotiateLocale(navigator.languages, DEFAULT_LOCALE);
    applyDocumentLanguage(locale, dirOf(locale));
    render(<LoadingScreen />);
  }
  void app.then(({ App }) => render(<App />));
}

/** Longest a drawn frame is kept waiting for the app's page (a slow chunk, a screen without a heading). */
const FRAME_HOLD_MS = 5_000;

/**
 * Shows the app's root (`live`, drawn after the frame, hidden) in the drawn frame's place once the app has drawn a
 * page — its heading is in <main> — or an error, or after FRAME_HOLD_MS whatever it shows. React's events are on
 * `live` itself, and its portals (toasts, dialogs) in <body>, so both work before and after.
 */
function takeOverFrame(frame: HTMLElement, live: HTMLElement): void {
  let timer = 0;
  const observer = new MutationObserver(() => {
    if (live.querySelector('main h1, [role="alert"]') !== null) swap();
  });
  function swap() {
    observer.disconnect();
    window.clearTimeout(timer);
    frame.remove();
    live.id = 'root';
    live.style.removeProperty('visibility');
  }
  // In the document but not seen (nor read out, nor focusable): the browser lays the app out as React draws it, so
  // the swap only moves it up instead of laying out the whole page in one task.
  live.style.visibility = 'hidden';
  frame.after(live);
  observer.observe(live, { childList: true, subtree: true });
  timer = window.setTimeout(swap, FRAME_HOLD_MS);
}
