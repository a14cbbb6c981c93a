import { useEffect, useState } from 'react';
import { COOLDOWN_RECHECK_MS } from '../../../../shared/constants';
import { fetchCooldown } from './guest-api';

/**
 * SPEC §5/§9: seconds left before this table may send another request. The server is the source of truth
 * (the page load, each send, and a re-check every 15 s); in between the page counts down by itself each second.
 */
export function useCooldown(
  restaurantId: string,
  tableId: string,
  serverValue: number | undefined,
): [seconds: number, setSeconds: (seconds: number) => void] {
  // From the first render: the page may arrive with the cool-down already drawn (server-rendered, decision 017).
  const [seconds, setSeconds] = useState(serverValue ?? 0);

  useEffect(() => {
    if (serverValue !== undefined) setSeconds(serverValue);
  }, [serverValue]);

  useEffect(() => {
    if (seconds <= 0) return;
    const id = window.setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearTimeout(id);
  }, [seconds]);

  const loaded = serverValue !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const id = window.setInterval(() => {
      // A failed re-check keeps the local countdown; the next one will correct it.
      fetchCooldown(restaurantId, tableId).then(setSeconds, () => undefined);
    }, COOLDOWN_RECHECK_MS);
    return () => window.clearInterval(id);
  }, [loaded, restaurantId, tableId]);

  return [seconds, setSeconds];
}
