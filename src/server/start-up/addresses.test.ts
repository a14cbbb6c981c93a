import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { addressLines, reachableAddresses } from './addresses';

const iface = (
  address: string,
  family: 'IPv4' | 'IPv6',
  internal = false,
): NetworkInterfaceInfo => ({
  address,
  family,
  internal,
  netmask: '',
  mac: '',
  cidr: null,
  scopeid: 0,
});

const laptop = {
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  wlan0: [
    iface('192.168.1.20', 'IPv4'),
    iface('fe80::1c2a:3bff:fe4d:5e6f', 'IPv6'),
    iface('2001:db8::20', 'IPv6'),
  ],
  docker0: [iface('172.17.0.1', 'IPv4')],
};

describe('reachableAddresses', () => {
  it('on 0.0.0.0: localhost, then every external IPv4 address', () => {
    expect(reachableAddresses('0.0.0.0', 3000, laptop)).toEqual({
      local: ['http://localhost:3000'],
      network: ['http://192.168.1.20:3000', 'http://172.17.0.1:3000'],
    });
  });
  it('on ::: IPv4 first, then global IPv6 in brackets, never link-local', () => {
    expect(reachableAddresses('::', 8080, laptop).network).toEqual([
      'http://192.168.1.20:8080',
      'http://172.17.0.1:8080',
      'http://[2001:db8::20]:8080',
    ]);
  });
  it('on a loopback host: this machine only', () => {
    expect(reachableAddresses('127.0.0.1', 3000, laptop)).toEqual({
      local: ['http://127.0.0.1:3000'],
      network: [],
    });
    expect(reachableAddresses('localhost', 3000, laptop).network).toEqual([]);
  });
  it('on one address: that address', () => {
    expect(reachableAddresses('192.168.1.20', 3000, laptop)).toEqual({
      local: [],
      network: ['http://192.168.1.20:3000'],
    });
  });
  it('a machine with no network: localhost only', () => {
    expect(reachableAddresses('0.0.0.0', 3000, { lo: laptop.lo })).toEqual({
      local: ['http://localhost:3000'],
      network: [],
    });
  });
});

describe('addressLines', () => {
  const addresses = reachableAddresses('0.0.0.0', 3000, laptop);
  it('with PUBLIC_URL unset: the addresses and how to set PUBLIC_URL to the network one', () => {
    expect(addressLines(addresses, 'http://localhost:3000', false)).toEqual([
      '  Local:   http://localhost:3000',
      '  Network: http://192.168.1.20:3000',
      '  Network: http://172.17.0.1:3000',
      "  QR codes and mail links use http://localhost:3000, which guests' phones cannot open: set PUBLIC_URL to an address they can, e.g. PUBLIC_URL=http://192.168.1.20:3000 npm start",
    ]);
  });
  it('with PUBLIC_URL set: the addresses and the public origin', () => {
    expect(addressLines(addresses, 'https://tables.example.com', true).at(-1)).toBe(
      '  Public:  https://tables.example.com (PUBLIC_URL: QR codes and mail links)',
    );
  });
});
