/**
 * One abuse flood against a server on 127.0.0.1, run as a child process of `npm run bench -- abuse` so that its
 * work never shares the press generator's event loop. Bounded by time and by count; every connection comes from
 * one source address (the attacker's). Prints one JSON line: requests sent and the answers' statuses.
 *
 *   node --import tsx bench/lib/flood.ts <kind> <base> <seconds> <address> [cookie] [restaurantId]
 *
 * Signed-in floods (issue 25): `analytics` (the owner's month view), `language` (a server changing language),
 * `colour` (the owner changing the restaurant's colour), `staff` (the owner adding PIN staff), each over
 * {@link SIGNED_IN_CONNECTIONS} connections with one valid session; `bodies`: anonymous 64 KB JSON bodies to a
 * sign-in-required route over {@link BODY_CONNECTIONS} connections.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import WebSocket from 'ws';

/** Counts one flood request's answer by status (or 'error' when none came), then lets the next one go. */
function tally(statuses: Record<string, number>, key: number | string, done: () => void): void {
  statuses[key] = (statuses[key] ?? 0) + 1;
  done();
}

export type FloodKind =
  'signin' | 'cookies' | 'sockets' | 'analytics' | 'language' | 'colour' | 'staff' | 'bodies';
/** Connections of one signed-in user's flood (the review's: 20). */
export const SIGNED_IN_CONNECTIONS = 20;
/** Connections of the anonymous 64 KB bodies. */
export const BODY_CONNECTIONS = 100;
const BODY_BYTES = 64 * 1024;
/** Keep-alive connections of the HTTP floods (the review's sign-in flood used 200). */
export const FLOOD_CONNECTIONS = 200;
/** Upper bound on requests (or socket attempts) per flood, whatever the time. */
export const FLOOD_MAX_REQUESTS = 200_000;
/** Socket handshakes in flight at once in the socket flood. */
const SOCKET_PARALLEL = 50;

async function httpFlood(
  kind: 'signin' | 'cookies',
  base: string,
  until: number,
  localAddress: string,
): Promise<Record<string, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS, localAddress });
  const statuses: Record<string, number> = {};
  let sent = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const signIn = kind === 'signin';
      const body = signIn ? JSON.stringify({ loginId: 'b00000s0', pin: '0000' }) : undefined;
      const req = http.request(
        `${base}${signIn ? '/api/auth/pin-login' : '/api/session'}`,
        {
          method: signIn ? 'POST' : 'GET',
          agent,
          headers: signIn
            ? { 'content-type': 'application/json', origin: base }
            : { cookie: `ts_session=${randomBytes(32).toString('base64url')}` },
        },
        (res) => {
          res.resume();
          res.on('end', () => tally(statuses, res.statusCode ?? 0, resolve));
        },
      );
      req.on('error', () => tally(statuses, 'error', resolve));
      req.end(body);
    });
  const worker = async () => {
    while (Date.now() < until && sent < FLOOD_MAX_REQUESTS) {
      sent++;
      await once();
    }
  };
  await Promise.all(Array.from({ length: FLOOD_CONNECTIONS }, worker));
  agent.destroy();
  return { sent, ...statuses };
}

/** One request of a signed-in or body flood: method, path, body. */
function floodRequest(
  kind: 'analytics' | 'language' | 'colour' | 'staff' | 'bodies',
  n: number,
  restaurantId: string,
): { method: string; path: string; body?: string } {
  switch (kind) {
    case 'analytics':
      return { method: 'GET', path: `/api/restaurants/${restaurantId}/analytics?period=month` };
    case 'language':
      return {
        method: 'PUT',
        path: '/api/account/language',
        body: JSON.stringify({ language: n % 2 ? 'de' : 'fr' }),
      };
    case 'colour':
      return {
        method: 'PATCH',
        path: `/api/restaurants/${restaurantId}`,
        body: JSON.stringify({ primaryColor: `#${(n % 0xffffff).toString(16).padStart(6, '0')}` }),
      };
    case 'staff':
      return {
        method: 'POST',
        path: `/api/restaurants/${restaurantId}/staff`,
        body: JSON.stringify({
          mode: 'pin',
          name: `Flood ${n}`,
          loginId: `flood${n}`,
          pin: '1234',
        }),
      };
    case 'bodies':
      // A JSON string of 64 KB, to a route that needs a session, without one.
      return {
        method: 'PUT',
        path: '/api/account/language',
        body: JSON.stringify({ language: 'x'.repeat(BODY_BYTES - 20) }),
      };
  }
}

async function userFlood(
  kind: 'analytics' | 'language' | 'colour' | 'staff' | 'bodies',
  base: string,
  until: number,
  localAddress: string,
  cookie: string,
  restaurantId: string,
): Promise<Record<string, number>> {
  const connections = kind === 'bodies' ? BODY_CONNECTIONS : SIGNED_IN_CONNECTIONS;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, localAddress });
  const statuses: Record<string, number> = {};
  let sent = 0;
  const once = (n: number) =>
    new Promise<void>((resolve) => {
      const { method, path, body } = floodRequest(kind, n, restaurantId);
      const req = http.request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: {
            ...(body ? { 'content-type': 'application/json', origin: base } : {}),
            ...(kind === 'bodies' ? {} : { cookie }),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => tally(statuses, res.statusCode ?? 0, resolve));
        },
      );
      req.on('error', () => tally(statuses, 'error', resolve));
      req.end(body);
    });
  const worker = async () => {
    while (Date.now() < until && sent < FLOOD_MAX_REQUESTS) await once(sent++);
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return { sent, ...statuses };
}

async function socketFlood(
  base: string,
  until: number,
  localAddress: string,
  cookie: string,
): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  const open: WebSocket[] = [];
  let sent = 0;
  const count = (key: string) => (outcomes[key] = (outcomes[key] ?? 0) + 1);
  const once = () =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
        headers: { cookie },
        origin: base,
        localAddress,
      });
      let settled = false;
      const done = (key: string) => {
        if (settled) return;
        settled = true;
        count(key);
        resolve();
      };
      ws.on('message', () => {
        open.push(ws); // kept open, as an attacker hoarding sockets would
        done('open');
      });
      ws.on('close', (code) => done(`closed ${code}`));
      ws.on('unexpected-response', (_req, res) => {
        done(`HTTP ${res.statusCode}`);
        ws.terminate();
      });
      ws.on('error', () => done('error'));
    });
  const worker = async () => {
    while (Date.now() < until && sent < FLOOD_MAX_REQUESTS) {
      sent++;
      await once();
    }
  };
  await Promise.all(Array.from({ length: SOCKET_PARALLEL }, worker));
  for (const ws of open) ws.terminate();
  return { sent, ...outcomes };
}

async function main(): Promise<void> {
  const [kind, base, seconds, address, cookie, restaurantId] = process.argv.slice(2) as [
    FloodKind,
    string,
    string,
    string,
    string | undefined,
    string | undefined,
  ];
  const until = Date.now() + Number(seconds) * 1000;
  const result =
    kind === 'sockets'
      ? await socketFlood(base, until, address, cookie ?? '')
      : kind === 'signin' || kind === 'cookies'
        ? await httpFlood(kind, base, until, address)
        : await userFlood(kind, base, until, address, cookie ?? '', restaurantId ?? '');
  console.log(JSON.stringify(result));
}

if (process.argv[1]?.endsWith('flood.ts')) await main();
