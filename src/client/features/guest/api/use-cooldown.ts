import { useCallback, useEffect, useState } from 'react';
import { COOLDOWN_RECHECK_MS } from '@shared/constants';
import { fetchCooldown } from './guest-api';
import { useGuestTableStore } from './guest-table-store';

/**
 * SPEC §5/§9: seconds left before this table may send another request. The server is the source of truth
 * (the page load, each send, and a re-check every 15 s); in between the page counts down by itself each second.
 * The re-check also brings the table's open requests (issue 12), so a page that missed a live event — opened just
 * as another phone pressed, or with its socket down — catches up. `recheck` asks at once.
 */
export function useCooldown(
  restaurantId: string,
  tableId: string,
  serverValue: number | undefined,
): [seconds: number, setSeconds: (seconds: number) => void, recheck: () => void] {
  // From the first render: the page may arrive with the cool-down already drawn (server-rendered, decision 017).
  const [seconds, setSeconds] = useState(serverValue ?? 0);
  const store = useGuestTableStore();

  useEffect(() => {
    if (serverValue !== undefined) setSeconds(serverValue);
  }, [serverValue]);

  useEffect(() => {
    if (seconds <= 0) return;
    const id = window.setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearTimeout(id);
  }, [seconds]);

  const recheck = useCallback(() => {
    // A failed re-check keeps the local countdown; the next one will correct it.
    fetchCooldown(restaurantId, tableId).then(
      ({ cooldownRemainingSeconds, openRequests, usualWaits, closedNow }) => {
        setSeconds(cooldownRemainingSeconds);
        // Decision 100: the hours open or close while the page is open.
        store.update((current) => ({ ...current, openRequests, usualWaits, closedNow }));
      },
      () => undefined,
    );
  }, [store, restaurantId, tableId]);

  const loaded = serverValue !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const id = window.setInterval(recheck, COOLDOWN_RECHECK_MS);
    return () => window.clearInterval(id);
  }, [loaded, recheck]);

  return [seconds, setSeconds, recheck];
}
