/**
 * A local Web Push service for integration tests: an HTTPS server on 127.0.0.1 with a self-signed certificate
 * (made by the openssl CLI at test time; web-push speaks only https) that records every push it is sent, and a
 * browser-side subscription with real P-256 keys whose payloads the test can decrypt (RFC 8291, aes128gcm).
 */
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);
// web-push's own dependency; it has no type declarations.
const ece = require('http_ece') as {
  decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer },
  ): Buffer;
};

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  status: number;
}

export interface FakeDevice {
  /** What the browser would POST to /api/push/subscriptions. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Decrypts a push body sent to this device and parses its JSON. */
  decrypt(body: Buffer): unknown;
}

export interface LocalPushService {
  origin: string;
  /** Trusts the self-signed certificate: hand it to buildApp as push.agent. */
  agent: https.Agent;
  received: ReceivedPush[];
  /** Answer pushes to this device with a status (e.g. 410 Gone); default 201. */
  respondWith(device: FakeDevice, status: number): void;
  /** Answer the next pushes to this device with these statuses in turn, then as before (a flaky push service). */
  respondNext(device: FakeDevice, statuses: number[]): void;
  /** Hold every answer this long (a slow push service). */
  setDelay(ms: number): void;
  device(): FakeDevice;
  /** The pushes received for a device so far. */
  pushesTo(device: FakeDevice): ReceivedPush[];
  /** Waits until `count` pushes reached the device. */
  waitFor(device: FakeDevice, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** A certificate for 127.0.0.1, valid for a day, made with the openssl CLI. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'pipe' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushService(): Promise<LocalPushService> {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const queued = new Map<string, number[]>();
  const waiters = new Set<() => void>();
  let delayMs = 0;
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = queued.get(req.url ?? '')?.shift() ?? statuses.get(req.url ?? '') ?? 201;
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        status,
      });
      for (const w of [...waiters]) w();
      setTimeout(() => res.writeHead(status).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: cert, keepAlive: false });
  const pathOf = (device: FakeDevice) => new URL(device.subscription.endpoint).pathname;
  const pushesTo = (device: FakeDevice) => received.filter((p) => p.path === pathOf(device));

  return {
    origin,
    agent,
    received,
    respondWith: (device, status) => statuses.set(pathOf(device), status),
    respondNext: (device, list) => queued.set(pathOf(device), [...list]),
    setDelay: (ms) => (delayMs = ms),
    pushesTo,
    device: () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        subscription: {
          endpoint: `${origin}/push/${randomBytes(12).toString('hex')}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: authSecret.toString('base64url'),
          },
        },
        decrypt: (body) =>
          JSON.parse(
            ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString(),
          ) as unknown,
      };
    },
    waitFor: (device, count = 1, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const got = pushesTo(device);
          if (got.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(got);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} push(es), got ${pushesTo(device).length}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Checks a VAPID Authorization header ('vapid t=<JWT>, k=<public key>', RFC 8292): signed with ES256 by the
 * key it names, for the push service's origin, not expired. Returns the public key.
 */
export function verifyVapid(authorization: string, audience: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== audience) throw new Error(`VAPID aud ${claims.aud} is not ${audience}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return k;
}
