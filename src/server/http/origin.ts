/**
 * Same-origin checks for CSRF and for the live channel's handshake (cross-site WebSocket hijacking): a request is
 * ours when its `Origin` is PUBLIC_URL's origin, or the origin it was sent to: the Host with the scheme it arrived
 * on (https only through a trusted proxy's X-Forwarded-Proto). An origin is scheme, host and port: http://x is not
 * https://x (issue 14).
 */
import type { FastifyRequest } from 'fastify';

export function isSameOrigin(
  origin: string | undefined,
  publicUrl: string,
  host: string | undefined,
  /** The scheme the request arrived on, as Fastify's request.protocol: 'http' or 'https'. */
  protocol: string,
): boolean {
  if (!origin) return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // e.g. the opaque origin "null"
  }
  if (parsed.origin !== origin.replace(/\/+$/, '')) return false;
  if (parsed.origin === new URL(publicUrl).origin) return true;
  return host !== undefined && parsed.host === host && parsed.protocol === `${protocol}:`;
}

/** The request's Origin is ours; without one, only a browser's `Sec-Fetch-Site: same-origin` vouches for it. */
export function comesFromOurOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined)
    return isSameOrigin(origin, publicUrl, request.headers.host, request.protocol);
  return request.headers['sec-fetch-site'] === 'same-origin';
}
