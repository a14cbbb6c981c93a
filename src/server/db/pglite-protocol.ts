/** The messages between the server's thread and the embedded database's worker (pglite-worker.ts, pglite-remote.ts). */

export type WorkerInit =
  /** A data directory: the durable file system (durable-fs.ts), a fresh cluster from `template` when there is none. */
  | { kind: 'dir'; dir: string; durable: boolean; template?: ArrayBuffer }
  /** In memory (tests): from a migrated dump. */
  | { kind: 'memory'; template?: ArrayBuffer };

export type WorkerCall =
  | {
      op: 'query';
      text: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      /** Type ids the caller wants as PostgreSQL's text (Drizzle's parsers for dates, intervals, numeric[]). */
      rawTypes?: number[];
      /** Inside this open transaction. */
      tx?: number;
    }
  | { op: 'exec'; text: string; tx?: number }
  /** From now on this text is a named statement (pglite-statements.ts). */
  | { op: 'register'; text: string }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'fsyncs' }
  | { op: 'close' };

export interface WorkerRequest {
  id: number;
  call: WorkerCall;
}

/** An error as it crossed the thread: its message, name and PostgreSQL's fields (code, detail, constraint…). */
export interface WorkerError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean | null>;
}

export type WorkerReply = { id: number; value: unknown } | { id: number; error: WorkerError };
