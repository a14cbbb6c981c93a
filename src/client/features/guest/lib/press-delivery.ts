/**
 * A guest's press reaches the staff even when the service is down for a while (issue 29 item 1, decision 056): it
 * carries an idempotency key made on this device, is kept in the tab's session storage until the server has
 * answered (so a reload resumes it), and is tried again — with the same key, so the server never stores it twice —
 * with a growing pause, and at once when the network or the page's live channel comes back. Only an answer ends
 * it: a success, or a 4xx refusal (the cool-down, a table that no longer exists), which is final.
 */
import { isCustomTypeKey, isSpecType, type RequestKind } from '@shared/request-types';
import type { TableRef } from '@shared/paths';
import { ApiRequestError } from '../../../lib/api-client';

/** A press the server has not answered yet. */
export interface PendingPress {
  key: string;
  type: RequestKind;
  /** When it was pressed (ms); a press older than PENDING_MAX_AGE_MS is no longer resumed after a reload. */
  at: number;
  /** What the guest sent with it (decision 070), sent again with every retry. */
  note?: string | null;
  urgent?: boolean;
}

/** A press left pending this long ago is not sent after a reload: the guest may have left, or pressed elsewhere. */
export const PENDING_MAX_AGE_MS = 30 * 60_000;
/** The longest pause between two tries. */
const RETRY_MAX_MS = 15_000;

/**
 * A new key for one press. crypto.randomUUID needs a secure context; a phone on the restaurant's network may open
 * the page over plain http (decision 036), where getRandomValues still works.
 */
export function newPressKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

const DEVICE_KEY = 'table-service.device';
let deviceInMemory: string | null = null;

/**
 * This browser's first-party device id (decision 089): random, kept in its own storage, sent with every press so
 * that a call dismissed as a prank blocks this device at that restaurant. It names nothing about the guest; clearing
 * the site's data makes a new one. Without storage (a private window that refuses it) it lasts the page.
 */
export function guestDeviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_KEY);
    if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
    const fresh = newPressKey();
    localStorage.setItem(DEVICE_KEY, fresh);
    return fresh;
  } catch {
    deviceInMemory ??= newPressKey();
    return deviceInMemory;
  }
}

const storageKey = ({ restaurantId, tableId }: TableRef) =>
  `table-service.press.${restaurantId}.${tableId}`;

const isPressKey = (key: unknown): key is string =>
  typeof key === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(key);

/** The presses this device made at a table that the server stored: request id → its key (decision 071). */
export type OwnPresses = Record<string, string>;
/** Kept per table: more than a table has open at once. */
const OWN_PRESSES_MAX = 10;
const ownKey = ({ restaurantId, tableId }: TableRef) =>
  `table-service.own.${restaurantId}.${tableId}`;

/**
 * This device's stored presses at `table` (decision 071): their keys prove to the server that a cancel or a bill
 * method comes from the phone that pressed. Local storage: a reload or a new tab on this phone keeps them.
 */
export function readOwnPresses(table: TableRef): OwnPresses {
  try {
    const stored = JSON.parse(localStorage.getItem(ownKey(table)) ?? '{}') as unknown;
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
    return Object.fromEntries(
      Object.entries(stored as Record<string, unknown>).filter((entry): entry is [string, string] =>
        isPressKey(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

/** Remembers that `requestId` was this device's press with `key`; the oldest go past OWN_PRESSES_MAX. */
export function rememberOwnPress(table: TableRef, requestId: string, key: string): OwnPresses {
  const entries: [string, string][] = Object.entries(readOwnPresses(table)).filter(
    ([id]) => id !== requestId,
  );
  entries.push([requestId, key]);
  const own: OwnPresses = Object.fromEntries(entries.slice(-OWN_PRESSES_MAX));
  try {
    localStorage.setItem(ownKey(table), JSON.stringify(own));
  } catch {
    // Storage disabled: this page can still cancel while it stays open.
  }
  return own;
}

/** Keeps `press` for a reload of this tab (session storage: another tab or phone sends its own presses). */
export function savePendingPress(table: TableRef, press: PendingPress): void {
  try {
    sessionStorage.setItem(storageKey(table), JSON.stringify(press));
  } catch {
    // Storage disabled: the press is still tried while the page stays open.
  }
}

export function clearPendingPress(table: TableRef): void {
  try {
    sessionStorage.removeItem(storageKey(table));
  } catch {
    // Nothing kept.
  }
}

/** The press this tab left unanswered at `table`, if any and recent enough to still send. */
export function readPendingPress(table: TableRef, now: number = Date.now()): PendingPress | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey(table)) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return null;
    const { key, type, at, note, urgent } = stored as Record<string, unknown>;
    const valid =
      isPressKey(key) &&
      typeof type === 'string' &&
      (isSpecType(type) || isCustomTypeKey(type)) &&
      typeof at === 'number' &&
      now - at >= 0 &&
      now - at < PENDING_MAX_AGE_MS;
    if (!valid) {
      clearPendingPress(table);
      return null;
    }
    return {
      key,
      type,
      at,
      note: typeof note === 'string' ? note : null,
      urgent: urgent === true,
    };
  } catch {
    return null;
  }
}

/**
 * The service did not answer, or answered that it cannot right now (5xx, 503 during a database restart): the press
 * may or may not have been stored, so it is sent again with its key. A 4xx is an answer.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status >= 500;
}

/** The pause before try `attempt + 1`: 1 s, 2 s, 4 s, 8 s, then 15 s, each ±20 % so phones do not retry in step. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, 1000 * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Pauses that end early when something suggests the service is back (the network, the live channel, a tap). */
export class Waker {
  private readonly sleepers = new Set<() => void>();

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /** Ends every pause now. */
  wake(): void {
    [...this.sleepers].forEach((done) => done());
  }
}

/**
 * `attempt` until the service answers: its result, or its 4xx refusal (thrown). `onRetry(n)` is told before the
 * n-th pause (0 first), so the page can say it is trying again.
 */
export async function untilAnswered<T>(
  attempt: () => Promise<T>,
  onRetry: (n: number) => void,
  wait: (ms: number) => Promise<void>,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryable(error)) throw error;
      onRetry(n);
      await wait(retryDelayMs(n));
    }
  }
}
