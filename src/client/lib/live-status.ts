import { createContext, use } from 'react';
import type { LiveStatus } from './live-client';

/** The live channel's state, so the console can show 'Reconnecting…' while updates may be missed. */
export const LiveStatusContext = createContext<LiveStatus>('closed');

export function useLiveStatus(): LiveStatus {
  return use(LiveStatusContext);
}
