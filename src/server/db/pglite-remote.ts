/**
 * The embedded database as the server's thread sees it (docs/decisions/072): a stand-in for PGlite whose calls run
 * on the database's own worker thread (pglite-worker.ts). It offers what Drizzle's PGlite driver and our own code
 * use of PGlite — `query`, `exec`, `transaction`, `dumpDataDir`, `close` — and named statements (decision 053).
 *
 * Calls wait in a queue in front of the worker, by priority (priority.ts): a guest's press never waits behind
 * queued reports, only behind the one call the worker is running. At most {@link IN_FLIGHT} calls are with the
 * worker at once (so it has the next one ready while the server's thread is busy), and a report is sent only when
 * nothing else is: a press that comes in meanwhile waits for one report at most. A transaction holds its slot from
 * BEGIN to COMMIT; its own statements go straight to the worker.
 *
 * Priority alone starves: at 200 presses a second the press queue is never empty, and the reach sweep, delivery
 * receipts and staff actions (all `normal`) waited until the rush ended (the routing bench, BENCHMARKS.md). So a
 * call that has waited longer than its priority's limit ({@link DEFAULT_WAIT_LIMITS_MS}) goes next, ahead of
 * presses: a press then waits for one such call, never for a queue of them, and every call is served in bounded time.
 */
import { Worker } from 'node:worker_threads';
import { DB_PRIORITIES, dbPriority, type DbPriority } from './priority';
import type {
  WorkerCall,
  WorkerError,
  WorkerInit,
  WorkerReply,
  WorkerRequest,
} from './pglite-protocol';

/** Calls with the worker at once (one running, one ready). */
const IN_FLIGHT = 2;
/**
 * How long a call of a lower priority may wait before it goes next anyway (ageing). A staff action or the reach sweep
 * waits at most about a quarter second behind a rush of presses; a report at most two seconds, and only one report
 * runs at a time.
 */
export const DEFAULT_WAIT_LIMITS_MS: Readonly<Record<Exclude<DbPriority, 'press'>, number>> = {
  normal: 250,
  report: 2_000,
};
/** How long closing waits for PGlite to close cleanly before the worker is stopped. */
const CLOSE_WAIT_MS = 10_000;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

interface RemoteResults<T> {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

interface Job {
  priority: DbPriority;
  /** performance.now() when it was queued. */
  queuedAt: number;
  start: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** Where the worker's code is: beside the compiled server (dist/server), or its TypeScript source (tsx, tests). */
export interface WorkerScript {
  file: URL | string;
  execArgv: string[];
}

/** The statement's parsers that Drizzle passes are all "keep PostgreSQL's text": only their type ids cross over. */
function rawTypes(options?: QueryOptions): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  const ids = Object.keys(parsers).map(Number);
  for (const id of ids) {
    if (parsers[id]!('1', id) !== '1')
      throw new Error(`The embedded database takes only parsers that keep the text (type ${id})`);
  }
  return ids;
}

function rebuildError(error: WorkerError): Error {
  const err = new Error(error.message);
  err.name = error.name;
  return Object.assign(err, error.fields);
}

export class RemotePGlite {
  private readonly worker: Worker;
  private readonly replies = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  private nextId = 1;
  private nextTx = 1;
  private readonly queues = new Map<DbPriority, Job[]>(DB_PRIORITIES.map((p) => [p, []]));
  private inFlight = 0;
  /** Reports with the worker now: at most one at a time, even when one has aged. */
  private reportsInFlight = 0;
  /** The ageing limits; a test that checks the plain priority order raises them. */
  waitLimitsMs: Record<Exclude<DbPriority, 'press'>, number> = { ...DEFAULT_WAIT_LIMITS_MS };
  private closing: Promise<void> | null = null;
  /** Set when the worker has gone (closed, or crashed): every call fails as PGlite's own do when closed. */
  private gone: Error | null = null;
  readonly ready: Promise<void>;

  constructor(script: WorkerScript, init: WorkerInit) {
    const transfer = init.template ? [init.template] : [];
    this.worker = new Worker(script.file, {
      workerData: init,
      transferList: transfer,
      execArgv: script.execArgv,
    });
    // The worker's thread must not keep the process alive on its own (a test that forgets to close).
    this.worker.unref();
    this.ready = new Promise<void>((resolve, reject) =>
      this.replies.set(0, { resolve: () => resolve(), reject }),
    );
    this.worker.on('message', (reply: WorkerReply) => {
      const waiting = this.replies.get(reply.id);
      if (!waiting) return;
      this.replies.delete(reply.id);
      if ('error' in reply) waiting.reject(rebuildError(reply.error));
      else waiting.resolve(reply.value);
    });
    const fail = (err: Error) => {
      this.gone ??= err;
      for (const waiting of this.replies.values()) waiting.reject(this.gone);
      this.replies.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('PGlite is closed')));
  }

  /** As PGlite's own: true once closed. */
  get closed(): boolean {
    return this.closing !== null || this.gone !== null;
  }

  /** Calls in the queue, by priority (metrics, tests). */
  queued(): Record<DbPriority, number> {
    return Object.fromEntries(DB_PRIORITIES.map((p) => [p, this.queues.get(p)!.length])) as Record<
      DbPriority,
      number
    >;
  }

  query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<RemoteResults<T>> {
    const call: WorkerCall = {
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode,
      rawTypes: rawTypes(options),
    };
    return this.schedule(() => this.send(call)) as Promise<RemoteResults<T>>;
  }

  exec(text: string): Promise<RemoteResults<unknown>[]> {
    return this.schedule(() => this.send({ op: 'exec', text })) as Promise<
      RemoteResults<unknown>[]
    >;
  }

  /** Texts already sent to the worker to register: each is sent once, not with every call. */
  private readonly registered = new Set<string>();

  /** A named statement of the worker's connection (pglite-statements.ts): parsed and planned once. */
  register(text: string): void {
    if (this.closed || this.registered.has(text)) return;
    this.registered.add(text);
    void this.send({ op: 'register', text }).catch(() => undefined);
  }

  queryNamed<T>(text: string, params: unknown[]): Promise<RemoteResults<T>> {
    this.register(text);
    return this.query<T>(text, params);
  }

  /** Drizzle's PGlite driver runs its transactions through this, as through PGlite's own. */
  transaction<T>(work: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    return this.schedule(async () => {
      const tx = this.nextTx++;
      await this.send({ op: 'begin', tx });
      let result: T;
      try {
        result = await work(new RemoteTransaction(this, tx));
      } catch (err) {
        // Rolled back; the caller hears its own error, not the rollback's.
        await this.send({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await this.send({ op: 'end', tx, commit: true });
      return result;
    }) as Promise<T>;
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    const bytes = (await this.schedule(() =>
      this.send({ op: 'dump', compression }),
    )) as ArrayBuffer;
    return new Blob([bytes]);
  }

  /** fsync calls the worker's database made (durable-fs.ts; tests check commits reach the disk). */
  fsyncCount(): Promise<number> {
    return this.send({ op: 'fsyncs' }) as Promise<number>;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        // A transaction left open (a failed test) must not hold the close forever.
        if (!this.gone)
          await Promise.race([
            this.send({ op: 'close' }),
            new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref()),
          ]);
      } finally {
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }

  /** Sends one call to the worker now (a transaction's own statements, or a job the queue started). */
  send(call: WorkerCall): Promise<unknown> {
    if (this.gone) return Promise.reject(this.gone);
    if (this.closing && call.op !== 'close') return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.replies.set(id, { resolve, reject });
      this.worker.postMessage({ id, call } satisfies WorkerRequest);
    });
  }

  private schedule(start: () => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const priority = dbPriority();
      this.queues
        .get(priority)!
        .push({ priority, queuedAt: performance.now(), start, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.inFlight < IN_FLIGHT) {
      const job = this.nextJob();
      if (!job) return;
      this.inFlight++;
      const report = job.priority === 'report';
      if (report) this.reportsInFlight++;
      job
        .start()
        .then(job.resolve, job.reject)
        .finally(() => {
          this.inFlight--;
          if (report) this.reportsInFlight--;
          this.dispatch();
        });
    }
  }

  /**
   * A call that has waited past its limit (the report first: its limit is the longer one), else the first call of
   * the highest priority; a report that has not aged only when the worker has nothing else.
   */
  private nextJob(): Job | undefined {
    const now = performance.now();
    const reports = this.queues.get('report')!;
    if (
      reports[0] &&
      this.reportsInFlight === 0 &&
      now - reports[0].queuedAt > this.waitLimitsMs.report
    )
      return reports.shift();
    const normal = this.queues.get('normal')!;
    if (normal[0] && now - normal[0].queuedAt > this.waitLimitsMs.normal) return normal.shift();
    for (const priority of DB_PRIORITIES) {
      const queue = this.queues.get(priority)!;
      if (queue.length === 0) continue;
      if (priority === 'report' && this.inFlight > 0) return undefined;
      return queue.shift();
    }
    return undefined;
  }
}

/** A transaction's statements: sent straight to the worker, inside the transaction BEGIN opened there. */
class RemoteTransaction {
  constructor(
    private readonly remote: RemotePGlite,
    private readonly tx: number,
  ) {}

  query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<RemoteResults<T>> {
    return this.remote.send({
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode,
      rawTypes: rawTypes(options),
      tx: this.tx,
    }) as Promise<RemoteResults<T>>;
  }

  exec(text: string): Promise<RemoteResults<unknown>[]> {
    return this.remote.send({ op: 'exec', text, tx: this.tx }) as Promise<RemoteResults<unknown>[]>;
  }
}
