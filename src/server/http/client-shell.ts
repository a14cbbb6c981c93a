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
