import { describe, expect, it } from 'vitest';
import { isLoopbackHost, qrOriginProblem } from './qr-origin';

describe('qrOriginProblem (decision 036)', () => {
  it('flags codes that only this computer can open', () => {
    for (const url of [
      'http://localhost:3000/table/a/b',
      'http://127.0.0.1:3000/table/a/b',
      'http://127.1.2.3/table/a/b',
      'http://[::1]:3000/table/a/b',
      'http://app.localhost/table/a/b',
    ]) {
      expect(qrOriginProblem(url, 'http://192.168.1.20:3000')?.kind, url).toBe('loopback');
    }
    // Even when the admin is on the same loopback address: a phone still cannot open it.
    expect(qrOriginProblem('http://localhost:3000/t', 'http://localhost:3000')).toEqual({
      kind: 'loopback',
      qrOrigin: 'http://localhost:3000',
    });
  });

  it('tells when the codes point elsewhere than the address in use', () => {
    expect(qrOriginProblem('https://menu.example.com/t', 'http://192.168.1.20:3000')).toEqual({
      kind: 'other-origin',
      qrOrigin: 'https://menu.example.com',
      currentOrigin: 'http://192.168.1.20:3000',
    });
  });

  it('accepts codes on the origin the admin uses', () => {
    expect(qrOriginProblem('http://192.168.1.20:3000/table/x/y', 'http://192.168.1.20:3000')).toBe(
      null,
    );
    expect(qrOriginProblem('not a url', 'http://192.168.1.20:3000')).toBe(null);
  });

  it('does not take look-alike public hosts for loopback', () => {
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
    expect(isLoopbackHost('127.example.com')).toBe(false);
    expect(isLoopbackHost('10.0.0.5')).toBe(false);
  });
});
