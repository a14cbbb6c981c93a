import path from 'node:path';
import type { Env } from '../env';
import type { DatabaseOptions } from './client';

export function databaseOptionsFromEnv(env: Env): DatabaseOptions {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR), thread: env.PGLITE_THREAD };
}
