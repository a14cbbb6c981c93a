/**
 * The one key under which every per-address limit counts a client (decision 026): an IPv4 address as it is; an
 * IPv4-mapped IPv6 address (::ffff:a.b.c.d, what a dual-stack socket reports for IPv4 peers) as that IPv4 address;
 * any other IPv6 address by its /64 prefix, because one subscriber (one phone, one home line) is handed a whole
 * /64 and can pick a fresh address in it for every request. Used by the in-memory limits' key generator, the
 * sign-in throttle's address counter and the WebSocket caps.
 */
import ipaddr from 'ipaddr.js';

export function addressKey(ip: string): string {
  // request.ip is always a socket's address (or a trusted proxy's forwarded one); anything else is counted as-is.
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
