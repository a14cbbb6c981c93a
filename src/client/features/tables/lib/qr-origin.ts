/**
 * Whether a guest's phone can open the QR codes' origin (issue 13, decision 036). The QR codes are built from
 * PUBLIC_URL on the server (decision 002: never from the Host header); this only tells the admin, in the browser,
 * when that origin cannot work.
 */
export type QrOriginProblem =
  | { kind: 'loopback'; qrOrigin: string }
  | { kind: 'other-origin'; qrOrigin: string; currentOrigin: string };

const LOOPBACK_HOST =
  /^(localhost|.*\.localhost|127(?:\.\d{1,3}){3}|\[::1\]|\[::ffff:127(?:\.\d{1,3}){3}\]|0\.0\.0\.0)$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOST.test(hostname);
}

/**
 * `loopback`: the codes point at this computer only (localhost, 127.x, ::1), so no phone can open them.
 * `other-origin`: the codes point somewhere else than the address the admin is using; often fine (a public domain
 * in front of a LAN address), so the admin is told, not blocked. Null when the codes are fine.
 */
export function qrOriginProblem(qrUrl: string, currentOrigin: string): QrOriginProblem | null {
  let qr: URL;
  try {
    qr = new URL(qrUrl);
  } catch {
    return null;
  }
  if (isLoopbackHost(qr.hostname)) return { kind: 'loopback', qrOrigin: qr.origin };
  if (qr.origin !== currentOrigin) {
    return { kind: 'other-origin', qrOrigin: qr.origin, currentOrigin };
  }
  return null;
}
