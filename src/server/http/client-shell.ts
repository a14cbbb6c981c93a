/**
 * The guest page's data request as a `Link` preload on the app shell's response (SPEC §2 /table/{restaurantId}/
 * {tableId}): the browser fetches the table while it downloads and runs the scripts, instead of after them, which
 * takes one round trip off the guest page's largest paint (BENCHMARKS.md, pages).
 */

const GUEST_PAGE = /^\/table\/([^/?#]+)\/([^/?#]+)\/?(?:[?#]|$)/i;

/** Encoded as the client encodes it (encodeURIComponent of the decoded id), so the two URLs are the same. */
function normalizeSegment(segment: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return encodeURIComponent(segment);
  }
}

/**
 * The `Link` header value for a guest page URL, or null for any other route. The URL and the request mode match
 * the request features/guest/api/guest-api.ts makes (same origin, credentials same-origin), which is what lets the
 * browser hand the preloaded answer to it.
 */
export function guestPreload(url: string): string | null {
  const match = GUEST_PAGE.exec(url);
  if (!match) return null;
  const restaurantId = normalizeSegment(match[1]!);
  const tableId = normalizeSegment(match[2]!);
  return `</api/public/restaurants/${restaurantId}/tables/${tableId}>; rel=preload; as=fetch; crossorigin`;
}

/** The ids of a guest page URL (/table/{restaurantId}/{tableId}), decoded; null for any other route. */
export function guestPageIds(url: string): { restaurantId: string; tableId: string } | null {
  const match = GUEST_PAGE.exec(url);
  if (!match) return null;
  try {
    return { restaurantId: decodeURIComponent(match[1]!), tableId: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

/**
 * At most `max` uses per client address per fixed window (server-rendered guest pages read the database, so they
 * get the same per-address allowance as the table read they replace). Per instance, like @fastify/rate-limit's
 * memory store; the map is emptied each window, so it holds only the addresses seen in the last one.
 */
export class AddressWindowLimit {
  private readonly counts = new Map<string, number>();
  private windowEndsAt = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(address: string): boolean {
    const now = this.now();
    if (now >= this.windowEndsAt) {
      this.counts.clear();
      this.windowEndsAt = now + this.windowMs;
    }
    const used = (this.counts.get(address) ?? 0) + 1;
    this.counts.set(address, used);
    return used <= this.max;
  }
}
