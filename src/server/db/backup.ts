/**
 * `npm run cli -- backup` / `restore`: the embedded database as one file (docs/decisions/022). The file is PGlite's
 * own `dumpDataDir()` tarball, gzip-compressed: the whole PostgreSQL data directory, taken after a checkpoint while
 * this process holds the data directory's lock (so nothing writes meanwhile). Restore unpacks it into a directory
 * beside the current one, checks that PostgreSQL starts on it, and only then swaps it in.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, openDatabase, pgliteOf } from './client';
import { DataCommandError } from './data-command';
import { embeddedPgliteOptions } from './durable-fs';

export const hasDatabase = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

export async function backupEmbedded(dataDir: string, file: string): Promise<string> {
  const dbDir = path.join(dataDir, 'db');
  // Checked before opening: opening an empty directory would create a fresh database just to back it up.
  if (!hasDatabase(dbDir)) throw new DataCommandError(`No embedded database in ${dbDir}.`);
  const database = await openDatabase({ kind: 'pglite', dataDir, thread: 'main' });
  let bytes: Buffer;
  try {
    const client = pgliteOf(database);
    await client.exec('checkpoint');
    bytes = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await database.close();
  }
  // Written beside the target and renamed, so a failed backup never leaves half a file under the given name.
  const target = path.resolve(file);
  const partial = `${target}.partial-${process.pid}`;
  try {
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, target);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw new DataCommandError(`Cannot write ${target}: ${(err as Error).message}`);
  }
  return `Backed up ${dbDir} to ${target} (${(bytes.length / 1024).toFixed(0)} KB).`;
}

export async function restoreEmbedded(
  dataDir: string,
  file: string,
  { force }: { force: boolean },
): Promise<string> {
  const source = path.resolve(file);
  let gz: Buffer;
  try {
    gz = fs.readFileSync(source);
  } catch (err) {
    throw new DataCommandError(`Cannot read ${source}: ${(err as Error).message}`);
  }
  let tar: Uint8Array<ArrayBuffer> | undefined;
  try {
    tar = new Uint8Array(zlib.gunzipSync(gz));
  } catch {
    /* not gzip: answered below */
  }
  // Checked here: PGlite fails on a foreign tarball with an error it cannot catch itself.
  if (!tar || !isDataDirTar(tar))
    throw new DataCommandError(`${source} is not a backup made by \`npm run cli -- backup\`.`);
  const release = acquireDataDirLock(dataDir);
  try {
    const dbDir = path.join(dataDir, 'db');
    if (hasDatabase(dbDir) && !force) {
      throw new DataCommandError(
        `${dbDir} already holds a database; restore replaces it only with --force.`,
      );
    }
    const staged = `${dbDir}.restoring`;
    fs.rmSync(staged, { recursive: true, force: true });
    let summary: string;
    try {
      const client = await PGlite.create({
        ...embeddedPgliteOptions(staged),
        loadDataDir: new Blob([tar]),
      });
      try {
        const { rows } = await client.query<{ users: number; restaurants: number }>(
          'select (select count(*) from users)::int as users, (select count(*) from restaurants)::int as restaurants',
        );
        summary = `${rows[0]!.users} users, ${rows[0]!.restaurants} restaurants`;
      } finally {
        await client.close();
      }
    } catch (err) {
      fs.rmSync(staged, { recursive: true, force: true });
      throw new DataCommandError(
        `${source} is not a backup made by \`npm run cli -- backup\` (${(err as Error).message}).`,
      );
    }
    const replaced = `${dbDir}.replaced`;
    fs.rmSync(replaced, { recursive: true, force: true });
    if (fs.existsSync(dbDir)) fs.renameSync(dbDir, replaced);
    fs.renameSync(staged, dbDir);
    fs.rmSync(replaced, { recursive: true, force: true });
    return `Restored ${source} into ${dbDir} (${summary}).`;
  } finally {
    release();
  }
}

/** A tar archive (ustar) whose entries include a PostgreSQL data directory's top-level PG_VERSION. */
function isDataDirTar(tar: Uint8Array): boolean {
  const text = (from: number, length: number) => {
    const bytes = tar.subarray(from, from + length);
    const end = bytes.indexOf(0);
    return Buffer.from(end < 0 ? bytes : bytes.subarray(0, end)).toString('latin1');
  };
  for (let offset = 0; offset + 512 <= tar.length;) {
    const name = text(offset, 100);
    if (name === '') return false; // the end-of-archive blocks
    if (!text(offset + 257, 6).startsWith('ustar')) return false;
    if (name.replace(/^\.?\//, '') === 'PG_VERSION') return true;
    const size = parseInt(text(offset + 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size)) return false;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}
