/**
 * loadEnv: a bad value is one line per bad variable; PUBLIC_URL defaults to the local origin on PORT; TRUST_PROXY is
 * off unless set, a hop count or a list of proxy addresses/CIDRs, never "trust anyone".
 */
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('gives one line per bad variable', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const lines = (error as Error).message.split('\n');
    expect(lines).toHaveLength(3);
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL'])
      expect(
        lines.filter((l) => l.startsWith(`Invalid environment variable ${name}:`)),
      ).toHaveLength(1);
  });

  it('defaults PUBLIC_URL to http://localhost:PORT', () => {
    expect(loadEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadEnv({ PUBLIC_URL: 'https://tables.example/' }).PUBLIC_URL).toBe(
      'https://tables.example',
    );
  });
});

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

describe('MAX_TABLES_PER_RESTAURANT, MAX_STAFF_PER_RESTAURANT', () => {
  it('default to 500 and 200 and take a positive whole number', () => {
    expect(loadEnv({}).MAX_TABLES_PER_RESTAURANT).toBe(500);
    expect(loadEnv({}).MAX_STAFF_PER_RESTAURANT).toBe(200);
    expect(loadEnv({ MAX_TABLES_PER_RESTAURANT: '40' }).MAX_TABLES_PER_RESTAURANT).toBe(40);
    expect(loadEnv({ MAX_STAFF_PER_RESTAURANT: '12' }).MAX_STAFF_PER_RESTAURANT).toBe(12);
    for (const name of ['MAX_TABLES_PER_RESTAURANT', 'MAX_STAFF_PER_RESTAURANT'])
      for (const bad of ['0', '-1', '2.5', 'many'])
        expect(() => loadEnv({ [name]: bad })).toThrow(
          new RegExp(`^Invalid environment variable ${name}:`),
        );
  });
});

describe('MAX_RESTAURANTS_PER_ADMIN', () => {
  it('defaults to 20 and takes a positive whole number', () => {
    expect(loadEnv({}).MAX_RESTAURANTS_PER_ADMIN).toBe(20);
    expect(loadEnv({ MAX_RESTAURANTS_PER_ADMIN: '5' }).MAX_RESTAURANTS_PER_ADMIN).toBe(5);
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => loadEnv({ MAX_RESTAURANTS_PER_ADMIN: bad })).toThrow(
        /^Invalid environment variable MAX_RESTAURANTS_PER_ADMIN:/,
      );
  });
});
