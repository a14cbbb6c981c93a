/** Start-up failures an operator can fix come out as one line with the cause and the fix. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError } from '../db/client';
import { EnvError } from '../env';
import { checkDataDir, checkPortFree, describeStartupFailure } from './failures';

const ctx = { dataDir: '/srv/tables/data', host: '0.0.0.0', port: 3000 };
const pgCtx = { ...ctx, databaseUrl: 'postgres://app:secret@db.internal:5432/tables' };

function errno(code: string, extra: Record<string, unknown> = {}): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: something`), { code, ...extra });
}

describe('describeStartupFailure', () => {
  it('a port in use', () => {
    expect(describeStartupFailure(errno('EADDRINUSE', { syscall: 'listen' }), ctx)).toBe(
      'Port 3000 on 0.0.0.0 is already in use (EADDRINUSE): stop the program using it, or set PORT to a free port.',
    );
  });

  it('a privileged port', () => {
    expect(
      describeStartupFailure(errno('EACCES', { syscall: 'listen' }), { ...ctx, port: 80 }),
    ).toMatch(/^Not allowed to listen on port 80 \(EACCES\): .*set PORT to 1024 or above/);
  });

  it('an unwritable data folder names the folder and the fix', () => {
    const line = describeStartupFailure(
      errno('EACCES', { syscall: 'open', path: '/srv/tables/data/db/.write-check-1' }),
      ctx,
    );
    expect(line).toMatch(
      /^Cannot write to \/srv\/tables\/data\/db\/\.write-check-1 \(EACCES: permission denied\): make it writable by the user running Table Service \(uid \d+\), or set DATA_DIR to a folder/,
    );
  });

  it("PGlite's bare errno (EACCES as Emscripten's 2) still names the folder", () => {
    const pglite = Object.assign(new Error('PGlite failed to initialize'), {
      cause: Object.assign(new Error(''), { name: 'ErrnoError', errno: 2 }),
    });
    expect(describeStartupFailure(pglite, ctx)).toMatch(
      /^Cannot write to \/srv\/tables\/data \(EACCES: permission denied\)/,
    );
  });

  it('a file in the way of the data folder', () => {
    expect(
      describeStartupFailure(errno('ENOTDIR', { syscall: 'mkdir', path: '/srv/tables/data' }), ctx),
    ).toBe(
      '/srv/tables/data is in the way: a file stands where a folder is needed (ENOTDIR); move it, or set DATA_DIR to a folder the user running Table Service can write (now /srv/tables/data).',
    );
  });

  it('a full disk keeps "No space left on device" visible, from the file system or the database', () => {
    expect(
      describeStartupFailure(
        errno('ENOSPC', { syscall: 'write', path: '/srv/tables/data/db' }),
        ctx,
      ),
    ).toMatch(
      /^No space left on device while writing \/srv\/tables\/data\/db \(ENOSPC\): free disk space/,
    );
    const diskFull = Object.assign(
      new Error('could not extend file "base/5/16384": No space left on device'),
      { code: '53100', severity: 'ERROR' },
    );
    expect(describeStartupFailure(diskFull, pgCtx)).toBe(
      'No space left on device while writing PostgreSQL at db.internal:5432/tables (ENOSPC): free disk space on the database server.',
    );
  });

  it('PostgreSQL down, unknown host, wrong password, missing database — never the password', () => {
    const down = describeStartupFailure(errno('ECONNREFUSED', { syscall: 'connect' }), pgCtx);
    expect(down).toBe(
      'Cannot reach PostgreSQL at db.internal:5432/tables (ECONNREFUSED): start PostgreSQL, or correct DATABASE_URL.',
    );
    expect(describeStartupFailure(errno('ENOTFOUND'), pgCtx)).toMatch(/^Cannot resolve the host/);
    const auth = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    expect(describeStartupFailure(auth, pgCtx)).toMatch(/refused the user or password/);
    const missing = Object.assign(new Error('database "tables" does not exist'), { code: '3D000' });
    expect(describeStartupFailure(missing, pgCtx)).toMatch(/has no such database \(3D000\)/);
    for (const e of [down, auth.message]) expect(e).not.toContain('secret');
  });

  it('a held embedded database says how to clear a stale lock', () => {
    const line = describeStartupFailure(new DatabaseInUseError('/srv/tables/data', 4242), ctx);
    expect(line).toContain('in use by another Table Service process (pid 4242)');
    expect(line).toContain(
      'If pid 4242 is not Table Service (a stale lock after a crash, its pid since reused), delete /srv/tables/data/db.lock and start again.',
    );
  });

  it('a bad variable is its own message; anything else is not mapped', () => {
    expect(describeStartupFailure(new EnvError('Invalid environment variable PORT'), ctx)).toBe(
      'Invalid environment variable PORT',
    );
    expect(describeStartupFailure(new Error('boom'), ctx)).toBeNull();
  });
});

describe('checkDataDir and checkPortFree', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-startup-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('creates DATA_DIR/db and proves it takes a write, leaving nothing behind', () => {
    const dir = path.join(tmp, 'data');
    checkDataDir(dir);
    expect(fs.readdirSync(dir)).toEqual(['db']);
    expect(fs.readdirSync(path.join(dir, 'db'))).toEqual([]);
  });

  it('a DATA_DIR under a regular file fails with ENOTDIR and its path', () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, '');
    expect(() => checkDataDir(path.join(file, 'data'))).toThrow(
      expect.objectContaining({ code: 'ENOTDIR' }),
    );
  });

  it('a port in use fails with EADDRINUSE before anything is opened', async () => {
    const net = await import('node:net');
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    try {
      await expect(checkPortFree('127.0.0.1', port)).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      server.close();
    }
    await expect(checkPortFree('127.0.0.1', port)).resolves.toBeUndefined();
  });
});
