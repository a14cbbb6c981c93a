/** The CLI as a user runs it: a child process on a real data directory. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, type Database } from './db/client';
import { backend, createTestDatabase } from '../../tests/support/test-db';
import { MSG } from '@shared/messages';
import { eq } from 'drizzle-orm';
import { tables } from './db/schema';

const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-cli-'));

/**
 * On the embedded database by default; with DATABASE_URL (CI's PostgreSQL pass) on a fresh PostgreSQL database of
 * its own, so the CLI is tested on both backends.
 */
let postgres: Database | undefined;
beforeAll(async () => {
  if (backend === 'postgres') postgres = await createTestDatabase();
});

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NO_DEMO: '1',
    PUBLIC_URL: 'https://tables.example',
  };
  if (postgres?.url) env.DATABASE_URL = postgres.url;
  else delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await exec(tsx, [path.join(root, 'src/server/cli.ts'), ...args], {
      env,
      cwd: root,
    });
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout.trim(), stderr: e.stderr.trim() };
  }
}

afterAll(async () => {
  await postgres?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run cli', () => {
  it('creates an admin, a restaurant (slug with suffix), a server and a table', async () => {
    const user = await cli(
      'create-user',
      '--role',
      'admin',
      '--name',
      'Ann',
      '--email',
      'ann@example.test',
      '--password',
      'Abcdef1!',
      '--verified',
    );
    expect(user.code).toBe(0);
    expect(user.stdout).toMatch(/^[0-9a-f-]{36}$/);
    const first = await cli(
      'create-restaurant',
      '--name',
      "Ann's Place",
      '--owner',
      'ann@example.test',
    );
    expect(first.stdout).toBe('anns-place');
    const second = await cli(
      'create-restaurant',
      '--name',
      "Ann's Place",
      '--owner',
      'ann@example.test',
    );
    expect(second.stdout).toBe('anns-place-2');
    const server = await cli(
      'create-server',
      '--restaurant',
      'anns-place',
      '--name',
      'Bo',
      '--login-id',
      'bobo',
      '--pin',
      '1234',
    );
    expect(server.code).toBe(0);
    const table = await cli('create-table', '--restaurant', 'anns-place', '--number', ' 7 ');
    expect(table.code).toBe(0);
    const [id, url] = table.stdout.split(' ');
    expect(url).toBe(`https://tables.example/table/anns-place/${id}`);
    if (postgres) {
      // It really wrote to this PostgreSQL database.
      const rows = await postgres.db
        .select({ id: tables.id })
        .from(tables)
        .where(eq(tables.id, id!));
      expect(rows).toHaveLength(1);
    }
    // Five child processes, each compiling the CLI with tsx and opening the data directory (27 migrations on the
    // first): over a minute on a loaded 2-core CI machine.
  }, 180_000);

  it('exits non-zero with the spec message on invalid input', async () => {
    const dup = await cli('create-table', '--restaurant', 'anns-place', '--number', '7');
    expect(dup.code).not.toBe(0);
    expect(dup.stderr).toContain(MSG.tableNumberExists);
    const pin = await cli(
      'create-server',
      '--restaurant',
      'anns-place',
      '--name',
      'Cy',
      '--login-id',
      'cycy',
      '--pin',
      '12',
    );
    expect(pin.code).not.toBe(0);
    expect(pin.stderr).toContain(MSG.pinRule);
    const pw = await cli(
      'create-user',
      '--role',
      'admin',
      '--name',
      'Di',
      '--email',
      'di@example.test',
      '--password',
      'short',
    );
    expect(pw.stderr).toContain(MSG.passwordRule);
  }, 120_000);

  it("answers an empty value with SPEC's message, not 'Missing'", async () => {
    const table = await cli('create-table', '--restaurant', 'anns-place', '--number', '');
    expect(table.code).not.toBe(0);
    expect(table.stderr).toBe(MSG.tableNumberRequired);
    const restaurant = await cli('create-restaurant', '--name', '', '--owner', 'ann@example.test');
    expect(restaurant.code).not.toBe(0);
    expect(restaurant.stderr).toBe(MSG.restaurantNameRequired);
    const pin = await cli(
      'create-server',
      '--restaurant',
      'anns-place',
      '--name',
      'Cy',
      '--login-id',
      'cycy2',
      '--pin',
      '',
    );
    expect(pin.stderr).toBe(MSG.pinRule);
    // Left out altogether, an option is still named.
    expect((await cli('create-table', '--restaurant', 'anns-place')).stderr).toBe(
      'Missing --number',
    );
  }, 60_000);

  // The single-opener rule belongs to the embedded database only.
  it.skipIf(backend === 'postgres')(
    'refuses to open the embedded database while another process holds it',
    async () => {
      const release = acquireDataDirLock(dataDir); // stands in for a running server: a live pid holds the lock
      try {
        const res = await cli('create-table', '--restaurant', 'anns-place', '--number', '8');
        expect(res.code).toBe(1);
        expect(res.stderr).toContain('is in use by another Table Service process');
      } finally {
        release();
      }
      // Released: it works again, and table 8 was never written by the refused call.
      expect((await cli('create-table', '--restaurant', 'anns-place', '--number', '8')).code).toBe(
        0,
      );
    },
    60_000,
  );

  it('prints help', async () => {
    const res = await cli('--help');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('create-restaurant --name N --owner EMAIL');
  });

  it("prints a command's own help after the command, and exits 0", async () => {
    const res = await cli('create-user', '--help');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('create-user --role super_admin|admin --name N');
    expect(res.stdout).not.toContain('create-table');
  });
});
