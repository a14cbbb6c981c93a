/**
 * Where the app can be reached, printed at start (issue 13): with PUBLIC_URL unset an owner who prints QR codes
 * needs to know the address a guest's phone can open, as Vite prints its Local and Network addresses. QR codes and
 * mail links still come from PUBLIC_URL only, never from a request's Host header (decision 002).
 */
import type { NetworkInterfaceInfo } from 'node:os';

export interface Addresses {
  /** On this machine only (loopback). */
  local: string[];
  /** From other devices on the network, IPv4 first. */
  network: string[];
}

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

function origin(address: string, port: number): string {
  return address.includes(':') ? `http://[${address}]:${port}` : `http://${address}:${port}`;
}

/** An IPv6 address a phone on the same network can use: not link-local (fe80::/10, which needs a zone id). */
function usableIpv6(address: string): boolean {
  return !/^fe[89ab]/i.test(address);
}

/**
 * The origins the server answers at when listening on `host`:`port`. `0.0.0.0` listens on every IPv4 interface,
 * `::` on every interface (IPv6 and, dual-stack, IPv4); any other host is the one address it names.
 */
export function reachableAddresses(host: string, port: number, interfaces: Interfaces): Addresses {
  if (LOOPBACK_HOSTS.has(host))
    return { local: [origin(host === 'localhost' ? 'localhost' : host, port)], network: [] };
  if (host !== '0.0.0.0' && host !== '::') return { local: [], network: [origin(host, port)] };
  const all = Object.values(interfaces).flatMap((list) => list ?? []);
  const external = all.filter((i) => !i.internal);
  const v4 = external.filter((i) => i.family === 'IPv4').map((i) => origin(i.address, port));
  const v6 =
    host === '::'
      ? external
          .filter((i) => i.family === 'IPv6' && usableIpv6(i.address))
          .map((i) => origin(i.address, port))
      : [];
  return { local: [origin('localhost', port)], network: [...new Set([...v4, ...v6])] };
}

/**
 * The start-up lines about addresses: every address, then — with PUBLIC_URL unset — what QR codes and mail links
 * use, and how to set PUBLIC_URL to an address guests' phones can open.
 */
export function addressLines(
  addresses: Addresses,
  publicUrl: string,
  publicUrlSet: boolean,
): string[] {
  const lines = [
    ...addresses.local.map((a) => `  Local:   ${a}`),
    ...addresses.network.map((a) => `  Network: ${a}`),
  ];
  if (publicUrlSet)
    return [...lines, `  Public:  ${publicUrl} (PUBLIC_URL: QR codes and mail links)`];
  const example = addresses.network[0] ?? 'https://tables.example.com';
  return [
    ...lines,
    `  QR codes and mail links use ${publicUrl}, which guests' phones cannot open: set PUBLIC_URL to an address they can, e.g. PUBLIC_URL=${example} npm start`,
  ];
}
