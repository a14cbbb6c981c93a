/**
 * The page's entry (docs/decisions/017). A guest page usually arrives already drawn by the server: the browser
 * shows it first, and only then runs the app (main.tsx), whose ~70 KB of script index.html has been downloading
 * all along (a modulepreload, vite.config.ts) — on a phone the script is still arriving by then anyway. The
 * stylesheet belongs to this entry so that it stays a <link> in the HTML, which the drawn page needs at once.
 */
import './styles.css';
import { isSignInPath, matchTablePath } from '@shared/paths';
import { captureInstallPrompt, registerServiceWorker } from './lib/pwa';

// Issue 5: the browser's install offer may come before the app has loaded (so it is caught here, first); the
// service worker gives the offline shell and push notifications (production builds only).
captureInstallPrompt();
registerServiceWorker();

// A tap on a drawn guest button before the app takes over is kept, and sent once the page is live
// (features/guest/lib/early-press.ts); from hydration on, React handles taps itself.
document.addEventListener(
  'click',
  (event) => {
    const data = document.documentElement.dataset;
    if (data.appLive) return;
    const button = (event.target as Element | null)?.closest?.('button[data-request-type]');
    // A button in the cool-down is aria-disabled (issue 12): its tap is ignored, as SPEC §5 says.
    if (button instanceof HTMLButtonElement && button.getAttribute('aria-disabled') !== 'true') {
      data.earlyPress = button.dataset.requestType;
      button.setAttribute('aria-busy', 'true');
    }
  },
  true,
);

// Decision 103: a form on a drawn page (the sign-in page) is not sent by the browser itself before the app has taken
// the page over — a native submit would put the password in the URL. Its button says it is not ready meanwhile.
// The form is sent once the app is live, and a tab chosen meanwhile is chosen then (features/auth/sign-in).
document.addEventListener(
  'submit',
  (event) => {
    const data = document.documentElement.dataset;
    if (data.appLive) return;
    event.preventDefault();
    data.earlySubmit = 'true';
  },
  true,
);
document.addEventListener(
  'click',
  (event) => {
    const data = document.documentElement.dataset;
    if (data.appLive) return;
    const tab = (event.target as Element | null)?.closest?.('button[role="tab"][data-tab]');
    if (tab instanceof HTMLButtonElement) data.earlyTab = tab.dataset.tab;
  },
  true,
);

const pathname = window.location.pathname;
const signIn = isSignInPath(pathname);

// One function per page, so each import carries its own chunks (written inline, the build gave both the guest
// page's chunks).
function loadSignInPage() {
  return import('./sign-in-main');
}
function loadGuestPage() {
  return import('./main');
}

let started = false;
function start() {
  if (started) return;
  started = true;
  // React DOM first, the page a task later: two shorter tasks instead of one long one that a tap would wait behind.
  void import('react-dom/client')
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => (signIn ? loadSignInPage() : loadGuestPage()));
}

// Issue 25, decisions 099 and 103: every other URL is the staff app, which shares none of the guest page's code
// (main.tsx) nor the sign-in page's: it starts at once, its chunks (React DOM among them) fetched side by side.
if (!signIn && matchTablePath(pathname) === null) {
  started = true;
  void import('./staff-main').then(({ startStaffApp }) => startStaffApp());
}

const drawn = document.getElementById('root')?.hasChildNodes() ?? false;
if (!drawn || typeof PerformanceObserver === 'undefined') {
  start();
} else {
  // Once the drawn page has been painted (first-contentful-paint is reported after it reached the screen).
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  // A browser without paint timing, or a page in a background tab (no frames): start anyway.
  setTimeout(start, 1000);
}
