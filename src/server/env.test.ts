/** TRUST_PROXY: off unless set; a hop count or a list of proxy addresses/CIDRs, never "trust anyone". */
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('TRUST_PROXY', () => {
  it('is off by default, even in production', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or a comma-separated list of addresses and CIDRs', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses true, names and bad CIDRs with one line', () => {
    for (const value of ['true', 'lb.internal', '10.0.0.0/33', '10.0.0.1/8/8', '99']) {
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(EnvError);
    }
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(
      /Invalid environment variable TRUST_PROXY/,
    );
  });
});
