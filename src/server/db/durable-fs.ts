/**
 * The embedded database with its commits on the disk before they are acknowledged (docs/decisions/023).
 *
 * PGlite 0.5 on Node loses an acknowledged commit on power loss, for two reasons found in its build:
 * - it starts PostgreSQL with `-F` (fsync off; `PGlite.defaultStartParams`);
 * - even with fsync on, nothing reaches the disk: Emscripten's file system for Node (NODEFS) has no `fsync`
 *   (so `fsync()` does nothing) and its `fdatasync()` — PostgreSQL's default WAL sync method on Linux — is a
 *   no-op that answers success. `relaxedDurability` only concerns PGlite's browser file systems.
 * So the embedded database starts without `-F`, with `wal_sync_method=fsync`, and NODEFS's files get an `fsync`
 * that calls the operating system's. A commit then waits for its WAL to be on the disk, as on PostgreSQL; so do
 * checkpoints for the data files they write. The cost is measured by `npm run bench -- durability`.
 */
import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The parts of Emscripten's NODEFS this patch relies on (PGlite's own `NodeFS` mounts it from the same module). */
interface NodeFsInternals {
  stream_ops: { fsync?: (stream: { nfd?: number }) => number };
  tryFSOperation<T>(fn: () => T): T;
}

let syncCount = 0;

/** fsync calls the embedded database made since the process started (tests check commits reach the disk). */
export function embeddedFsyncCount(): number {
  return syncCount;
}

class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod) => {
        const nodefs = (mod as unknown as { NODEFS?: NodeFsInternals }).NODEFS;
        // A PGlite whose module no longer exposes NODEFS must not start silently without durability.
        if (!nodefs?.stream_ops) throw new Error('PGlite: NODEFS not found; cannot enable fsync');
        nodefs.stream_ops.fsync = (stream) => {
          if (stream.nfd === undefined) return 0;
          // Errors become the matching errno in PostgreSQL, which then stops rather than lose a commit.
          nodefs.tryFSOperation(() => fs.fsyncSync(stream.nfd!));
          syncCount++;
          return 0;
        };
      },
    ];
    return result;
  }
}

/**
 * Options for PGlite on a data directory. `durable: false` is PGlite's default (no fsync), kept for the benchmark
 * that measures the difference.
 */
export function embeddedPgliteOptions(
  dir: string,
  { durable = true }: { durable?: boolean } = {},
): PGliteOptions {
  if (!durable) return { dataDir: dir, startParams: [...PGlite.defaultStartParams, ...LEAN] };
  return {
    fs: new DurableNodeFS(dir),
    startParams: [
      ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
      '-c',
      'fsync=on',
      '-c',
      'wal_sync_method=fsync',
      ...LEAN,
    ],
  };
}

/**
 * PostgreSQL's defaults (shared_buffers 128 MB, wal_buffers 4 MB) live inside PGlite's WebAssembly memory, which
 * never shrinks: an idle embedded server held ~300 MB. One restaurant group's data fits in 16 MB of buffers
 * (BENCHMARKS.md, memory block: idle RSS after a restart 304 → 165 MB in isolation).
 */
const LEAN = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB'];
