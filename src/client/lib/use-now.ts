import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so relative times ('2 minutes ago') stay true on screen. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
