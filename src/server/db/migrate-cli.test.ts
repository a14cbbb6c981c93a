/** `npm run db:migrate` as a user runs it: a child process; failures are one message and a non-zero exit. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './client';

const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-migrate-'));

async function migrate(env: NodeJS.ProcessEnv) {
  // The embedded database (the one with the single-opener rule) unless the test sets DATABASE_URL itself.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, env);
  try {
    const { stdout, stderr } = await exec(tsx, [path.join(root, 'src/server/db/migrate-cli.ts')], {
      env: childEnv,
      cwd: root,
    });
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout.trim(), stderr: e.stderr.trim() };
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run db:migrate', () => {
  it('stops with one line per bad variable and no stack trace', async () => {
    const res = await migrate({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(res.code).toBe(1);
    const lines = res.stderr.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Invalid environment variable /);
    expect(res.stderr).toContain('PORT');
    expect(res.stderr).toContain('DATABASE_URL');
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('says so and exits non-zero while another process holds the embedded database', async () => {
    const release = acquireDataDirLock(dataDir);
    try {
      const res = await migrate({});
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('is in use by another Table Service process');
      expect(res.stderr.split('\n')).toHaveLength(1);
    } finally {
      release();
    }
  });
});
