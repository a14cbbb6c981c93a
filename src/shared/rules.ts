/** Pure rules of SPEC §5 and §9, shared by server validation, client forms and the CLI. */
import { COOLDOWN_SECONDS } from './constants';

export const REQUEST_TYPES = ['server', 'order', 'refill', 'bill'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** SPEC §8 type titles; anything else is 'New Request'. */
export function requestTypeTitle(type: string): string {
  switch (type) {
    case 'server':
      return 'Server Assistance Needed';
    case 'order':
      return 'Ready to Order';
    case 'refill':
      return 'Drink Refill Requested';
    case 'bill':
      return 'Bill Payment Requested';
    default:
      return 'New Request';
  }
}

/** SPEC §2: the guest buttons' labels, which also name a request to the guest (issue 12). */
export const GUEST_BUTTON_LABELS: Readonly<Record<RequestType, string>> = {
  server: 'Request Server',
  order: 'Ready to Order',
  refill: 'Refill Drinks',
  bill: 'Get Bill',
};

/** How long ago, for a guest: 'just now' under 10 s, then '25 s ago', '3 min ago', '1 h ago'. */
export function guestAgo(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 10) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/** SPEC §9: whole seconds of cool-down left after a request made at lastCreatedAt (ms). */
export function cooldownRemainingSeconds(lastCreatedAt: number | null, now: number): number {
  if (lastCreatedAt === null) return 0;
  const leftMs = lastCreatedAt + COOLDOWN_SECONDS * 1000 - now;
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
}

/** SPEC §5 settings: colour text must match #RRGGBB. */
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
