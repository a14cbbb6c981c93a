/** loadEnv: a bad value is one line per bad variable; PUBLIC_URL defaults to the local origin on PORT. */
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
