/**
 * One webhook attempt (decision 076): the body signed per Standard Webhooks (the `standardwebhooks` library:
 * webhook-id, webhook-timestamp, webhook-signature), POSTed to the address webhook-address.ts checked — the socket
 * connects to that address, while TLS still verifies the certificate for the URL's host name. No redirects are
 * followed; the answer's body is not read beyond a small cap.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { CheckedTarget } from './webhook-address';

/** How long one attempt may take, connection and answer together. */
const WEBHOOK_TIMEOUT_MS = 10_000;

export interface AttemptResult {
  /** The receiver's HTTP status, or null when there was none (network error, timeout). */
  status: number | null;
  error: string | null;
}

export function signedHeaders(secret: string, messageId: string, at: Date, payload: string) {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, payload),
  };
}

export function postWebhook(
  target: CheckedTarget,
  headers: Record<string, string>,
  payload: string,
  options: { ca?: string | Buffer } = {},
): Promise<AttemptResult> {
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          'user-agent': 'TableService-Webhooks/1',
        },
        timeout: WEBHOOK_TIMEOUT_MS,
        ...(options.ca && { ca: options.ca }),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
        res.on('error', (err) => resolve({ status: res.statusCode ?? null, error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => resolve({ status: null, error: err.message }));
    req.end(payload);
  });
}
