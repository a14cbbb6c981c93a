/**
 * Caps on open staff WebSockets (issue 14: one PIN session opened 5,000 `/api/live` sockets in 14 s; decision 026).
 * A console needs one socket per open tab; the caps leave room for many tabs and devices and stop a script from
 * exhausting the process's file descriptors. Counted per instance, in memory; a refused socket is closed with
 * {@link SOCKET_LIMIT_CLOSE_CODE} and a reason naming the cap, and the client retries with its usual backoff.
 */
export interface StaffSocketCaps {
  /** Open sockets per session (one browser). */
  perSession: number;
  /** Open sockets per user, across their sessions (devices). */
  perUser: number;
  /** Open sockets per client address (IPv4 address, IPv6 /64): a restaurant's staff often share one Wi-Fi. */
  perAddress: number;
}

export const STAFF_SOCKET_CAPS: StaffSocketCaps = { perSession: 8, perUser: 20, perAddress: 50 };

/** Private-use close code (RFC 6455 §7.4.2: 4000–4999), echoing HTTP 429. */
export const SOCKET_LIMIT_CLOSE_CODE = 4429;

/**
 * New staff sockets per address and minute, refused with HTTP 429 before the handshake looks anything up: consoles
 * reconnect with backoff, so this only ever stops a loop opening sockets.
 */
export const STAFF_LIVE_CONNECT_LIMIT = { max: 120, timeWindow: '1 minute' };

export interface SocketOwner {
  sessionId: string;
  userId: string;
  /** addressKey(request.ip) */
  address: string;
}

export type SocketSlot =
  { release: () => void } | { refused: keyof StaffSocketCaps; reason: string };

const REASONS: Record<keyof StaffSocketCaps, string> = {
  perSession: 'too many live connections for this session',
  perUser: 'too many live connections for this user',
  perAddress: 'too many live connections from this address',
};

export class SocketCounter {
  private readonly open = {
    perSession: new Map<string, number>(),
    perUser: new Map<string, number>(),
    perAddress: new Map<string, number>(),
  };

  constructor(private readonly caps: StaffSocketCaps = STAFF_SOCKET_CAPS) {}

  /** Takes a slot for one socket, or names the cap it would cross; a slot is released once, when its socket closes. */
  take(owner: SocketOwner): SocketSlot {
    const keys: [keyof StaffSocketCaps, string][] = [
      ['perSession', owner.sessionId],
      ['perUser', owner.userId],
      ['perAddress', owner.address],
    ];
    for (const [cap, key] of keys) {
      if ((this.open[cap].get(key) ?? 0) >= this.caps[cap])
        return { refused: cap, reason: REASONS[cap] };
    }
    for (const [cap, key] of keys) this.open[cap].set(key, (this.open[cap].get(key) ?? 0) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        for (const [cap, key] of keys) {
          const left = (this.open[cap].get(key) ?? 1) - 1;
          if (left > 0) this.open[cap].set(key, left);
          else this.open[cap].delete(key);
        }
      },
    };
  }
}
