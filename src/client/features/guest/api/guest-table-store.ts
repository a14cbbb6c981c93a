/**
 * The guest page's one piece of server state — its table — in a small store of its own instead of TanStack Query
 * (docs/decisions/048): the guest page reads one resource, so the query cache's machinery (≈ 10 KB of gzip on a
 * guest's phone) bought nothing it needs, and the JavaScript budget (90 KB gzip on first load) needed the room
 * for the page's languages (issue 15). It keeps what the page relied on: the first state from the server-rendered
 * page, retries of network and 5xx failures (not of 4xx), a refetch when the page comes back to the foreground
 * after 30 s, and updates from the live channel and the cool-down re-check.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { GuestTableResponse } from '@shared/schemas';
import { ApiRequestError } from '../../../lib/api-client';

export type GuestTableState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; data: GuestTableResponse };

/** Data older than this is fetched again when the page is shown again (TanStack's staleTime of the staff app). */
const STALE_MS = 30_000;
/** A network or 5xx failure is tried again twice, after 1 s and 2 s (as the staff app's queries). */
const RETRIES = 2;
const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);
const isClientError = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

export class GuestTableStore {
  private state: GuestTableState;
  private loadedAt = 0;
  private inFlight: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly fetchTable: () => Promise<GuestTableResponse>,
    initial: GuestTableResponse | null = null,
    private readonly wait: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.state = initial ? { status: 'success', data: initial } : { status: 'pending' };
    if (initial) this.loadedAt = Date.now();
  }

  getState = (): GuestTableState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(state: GuestTableState): void {
    this.state = state;
    this.listeners.forEach((listener) => listener());
  }

  /** Changes the loaded table (a live event, the re-check); nothing to change before it has loaded. */
  update(change: (current: GuestTableResponse) => GuestTableResponse): void {
    if (this.state.status === 'success')
      this.set({ status: 'success', data: change(this.state.data) });
  }

  /** Fetches the table (once at a time), keeping what is shown until the answer is in. */
  load = (): Promise<void> => {
    this.inFlight ??= this.fetchWithRetries().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  };

  /** Fetches again when what is shown is older than 30 s (the page came back to the foreground). */
  loadIfStale(): void {
    if (this.state.status !== 'pending' && Date.now() - this.loadedAt > STALE_MS) void this.load();
  }

  private async fetchWithRetries(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const data = await this.fetchTable();
        this.loadedAt = Date.now();
        this.set({ status: 'success', data });
        return;
      } catch (error) {
        if (isClientError(error) || attempt >= RETRIES) {
          // A failed refetch keeps the table that is shown; only a page without one shows the error.
          if (this.state.status !== 'success' || isClientError(error))
            this.set({ status: 'error', error });
          return;
        }
        await this.wait(retryDelay(attempt));
      }
    }
  }
}

export const GuestTableContext = createContext<GuestTableStore | null>(null);

export function useGuestTableStore(): GuestTableStore {
  const store = useContext(GuestTableContext);
  if (store === null) throw new Error('useGuestTableStore needs a <GuestTableContext> above it');
  return store;
}

/** The table as it stands: pending, failed (with the error) or loaded. */
export function useGuestTableState(): GuestTableState {
  const store = useGuestTableStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
