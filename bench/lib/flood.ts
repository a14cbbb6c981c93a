/**
 * One abuse flood against a server on 127.0.0.1, run as a child process of `npm run bench -- abuse` so that its
 * work never shares the press generator's event loop. Bounded by time and by count; every connection comes from
 * one source address (the attacker's). Prints one JSON line: requests sent and the answers' statuses.
 *
 *   node --import tsx bench/lib/flood.ts <signin|cookies|sockets> <base> <seconds> <address> [cookie]
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import WebSocket from 'ws';

export type FloodKind = 'signin' | 'cookies' | 'sockets';
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
          res.on('end', () => {
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        statuses.error = (statuses.error ?? 0) + 1;
        resolve();
      });
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
  const [kind, base, seconds, address, cookie] = process.argv.slice(2) as [
    FloodKind,
    string,
    string,
    string,
    string | undefined,
  ];
  const until = Date.now() + Number(seconds) * 1000;
  const result =
    kind === 'sockets'
      ? await socketFlood(base, until, address, cookie ?? '')
      : await httpFlood(kind, base, until, address);
  console.log(JSON.stringify(result));
}

if (process.argv[1]?.endsWith('flood.ts')) await main();
