/**
 * The installable app (issue 5): service worker registration, the install prompt of SPEC §4 and the browser's
 * online state. Kept free of staff code: the guest page imports useOnline from here.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

// ---------- service worker ----------

/**
 * Production builds register a service worker once the page has loaded, so a guest's first paint on a slow network
 * never competes with its downloads. Staff pages: the app's one worker (src/client/sw.ts: offline shell and push,
 * scope /). Guest pages: their own small one (src/client/guest-sw.ts, decision 056), for /table/ only — the guest's
 * phone keeps what a reload of its table's page needs without the service, not the whole staff app; the narrower
 * scope wins for guest pages on a phone that has both, and leaves every other page to the staff worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const guest = window.location.pathname.startsWith('/table/');
  const register = () => {
    const registration = guest
      ? navigator.serviceWorker.register('/guest-sw.js', { scope: '/table/' })
      : navigator.serviceWorker.register('/sw.js', { scope: '/' });
    registration.catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// ---------- online state ----------

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** False while the browser knows it has no network (navigator.onLine). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

// ---------- install prompt (SPEC §4 'PWA install prompt') ----------

/** Chromium's install event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** SPEC §4: the flags 'prompted' and 'accepted', stored locally. */
const INSTALL_FLAGS = {
  prompted: 'table-service.pwa.prompted',
  accepted: 'table-service.pwa.accepted',
} as const;

let deferredPrompt: BeforeInstallPromptEvent | null = null;
const promptListeners = new Set<() => void>();
const notifyPrompt = () => promptListeners.forEach((listener) => listener());

function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

function setFlag(key: string): void {
  try {
    window.localStorage.setItem(key, 'true');
  } catch {
    // Storage disabled (private mode): the prompt may then show again on a later visit.
  }
}

/** SPEC §4 logout: the install flags are cleared. */
export function clearInstallFlags(): void {
  try {
    window.localStorage.removeItem(INSTALL_FLAGS.prompted);
    window.localStorage.removeItem(INSTALL_FLAGS.accepted);
  } catch {
    // Nothing stored.
  }
}

/** Running as the installed app (home-screen icon), on Android, desktop or iOS. */
function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function isMobileDevice(): boolean {
  const hints = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  return hints?.mobile === true || /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/**
 * Chromium offers installation once, early (often before the login page is shown): boot.ts keeps the event so the
 * login page can offer it later from a button (prompt() needs a user gesture).
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    notifyPrompt();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    setFlag(INSTALL_FLAGS.prompted);
    setFlag(INSTALL_FLAGS.accepted);
    notifyPrompt();
  });
}

function subscribePrompt(listener: () => void): () => void {
  promptListeners.add(listener);
  return () => promptListeners.delete(listener);
}

export interface InstallPrompt {
  /** Show the offer now. */
  visible: boolean;
  install: () => Promise<void>;
  dismiss: () => void;
}

/**
 * SPEC §4: shown once on the server login page, on a mobile device that supports installation (the browser
 * offered it) and where the app is not installed. Already installed: the flags are set silently.
 */
export function useInstallPrompt(): InstallPrompt {
  const available = useSyncExternalStore(
    subscribePrompt,
    () => deferredPrompt !== null,
    () => false,
  );
  // Once shown it stays until the person answers, although 'prompted' is stored at once.
  const [shown, setShown] = useState(false);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    if (isStandalone()) {
      setFlag(INSTALL_FLAGS.prompted);
      setFlag(INSTALL_FLAGS.accepted);
      return;
    }
    if (shown || !available || !isMobileDevice() || readFlag(INSTALL_FLAGS.prompted)) return;
    setFlag(INSTALL_FLAGS.prompted);
    setShown(true);
  }, [available, shown]);

  return {
    visible: shown && !closed && available,
    install: async () => {
      const event = deferredPrompt;
      setClosed(true);
      if (!event) return;
      deferredPrompt = null;
      notifyPrompt();
      await event.prompt();
      const { outcome } = await event.userChoice;
      if (outcome === 'accepted') setFlag(INSTALL_FLAGS.accepted);
    },
    dismiss: () => setClosed(true),
  };
}
