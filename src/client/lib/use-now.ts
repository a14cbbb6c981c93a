import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, so relative times ('2 minutes ago') stay true on screen. A screen
 * may tick slowly while nothing on it needs seconds and faster once something does: when the interval changes, a
 * time older than the new interval is refreshed at once, so the first thing that needs seconds never starts from a
 * time the slow tick left behind.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Returning the same value renders nothing: only a stale time costs a render here.
    setNow((current) => {
      const fresh = Date.now();
      return fresh - current >= intervalMs ? fresh : current;
    });
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
