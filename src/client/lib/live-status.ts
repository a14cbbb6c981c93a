import { createContext, use } from 'react';
import type { LiveStatus } from './live-client';

/** The live channel's state, so the console can show 'Reconnecting…' while updates may be missed. */
export const LiveStatusContext = createContext<LiveStatus>('closed');

export function useLiveStatus(): LiveStatus {
  return use(LiveStatusContext);
}

/**
 * When the live channel last went away after having been open (ms; null while it is open or never was): until then
 * the screens were current, so the console's offline state says "last update" at this time (issue 28).
 */
export const LiveLostAtContext = createContext<number | null>(null);

export function useLiveLostAt(): number | null {
  return use(LiveLostAtContext);
}
