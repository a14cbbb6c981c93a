/**
 * Where a webhook may be sent (decision 076, SSRF): only HTTPS to public unicast addresses. The host is resolved and
 * every address it has is checked (ipaddr.js) — an address in a private, loopback, link-local, unique-local, CGNAT,
 * multicast or reserved range refuses the URL — and the connection is then made to the checked address itself
 * (webhook-sender.ts pins it), so a second DNS answer cannot move it elsewhere. With `allowLoopback` (tests and
 * development only: WEBHOOK_ALLOW_LOOPBACK), loopback addresses are allowed too, over plain HTTP as well.
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export interface CheckedTarget {
  url: URL;
  /** The address to connect to: checked, pinned for the connection. */
  address: string;
  family: 4 | 6;
}

export class RefusedAddress extends Error {}

/** Whether an address is one a webhook may reach. */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'unicast') return true;
  return allowLoopback && range === 'loopback';
}

/** Refuses (RefusedAddress) a URL a webhook may not be sent to; else the address to connect to. */
export async function checkWebhookUrl(raw: string, allowLoopback: boolean): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedAddress('not a URL');
  }
  if (url.username || url.password) throw new RefusedAddress('credentials in the URL');
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:'))
    throw new RefusedAddress('not https');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedAddress('host not found');
    }
  }
  if (addresses.length === 0) throw new RefusedAddress('host not found');
  for (const { address } of addresses) {
    if (!isAllowedAddress(address, allowLoopback))
      throw new RefusedAddress(`address ${address} is not public`);
  }
  // Plain HTTP only ever to loopback (already checked: every address is loopback or public; public needs https).
  if (url.protocol === 'http:' && !addresses.every((a) => isLoopback(a.address)))
    throw new RefusedAddress('http to a non-loopback address');
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

function isLoopback(address: string): boolean {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'loopback';
}
