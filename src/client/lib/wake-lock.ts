/**
 * 'Keep screen on' (issue 5): a console on a tablet at the pass should not go dark between requests. Uses the
 * Screen Wake Lock API where the browser has it; the browser drops the lock whenever the page is hidden, so it is
 * taken again each time the page becomes visible. The choice is remembered per device.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'table-service.keep-screen-on';
const listeners = new Set<() => void>();

export function isWakeLockSupported(): boolean {
  return typeof navigator !== 'undefined' && 'wakeLock' in navigator;
}

function readPreference(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

function writePreference(on: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage disabled: the choice lasts until the page is reloaded.
  }
  listeners.forEach((listener) => listener());
}

/** The remembered 'Keep screen on' choice (off by default). */
export function useKeepScreenOn(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readPreference,
    () => false,
  );
  return [on, writePreference];
}

/** Holds a screen wake lock while `active`; returns whether one is held right now. */
export function useWakeLock(active: boolean): boolean {
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!active || !isWakeLockSupported()) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;

    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel !== null && !sentinel.released))
        return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (stopped) {
          await lock.release();
          return;
        }
        sentinel = lock;
        setHeld(true);
        lock.addEventListener('release', () => setHeld(false));
      } catch {
        // Refused (battery saver, policy): the screen may dim as usual.
        setHeld(false);
      }
    };
    const onVisibility = () => void acquire();

    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
      setHeld(false);
    };
  }, [active]);

  return held;
}
