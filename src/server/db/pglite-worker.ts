/**
 * The embedded database's own thread (docs/decisions/072). PGlite runs PostgreSQL compiled to WebAssembly
 * synchronously on the thread that calls it: on the server's thread an analytics month held every guest's press
 * for seconds. Here it runs on a worker thread of its own; the server's thread only sends calls and receives rows
 * (pglite-remote.ts), and decides in which order they come (priority.ts).
 *
 * Everything PGlite did on the server's thread it does here the same way: the durable file system (each commit on
 * the disk before it is answered, decision 023), named statements (decision 053), transactions with PGlite's own
 * lock. One call is answered only after PGlite has answered it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { embeddedFsyncCount, embeddedPgliteOptions } from './durable-fs';
import { enableNamedStatements, registerNamedStatement } from './pglite-statements';
import type {
  WorkerCall,
  WorkerError,
  WorkerInit,
  WorkerReply,
  WorkerRequest,
} from './pglite-protocol';

const port = parentPort!;
const init = workerData as WorkerInit;

async function open(): Promise<PGlite> {
  const loadDataDir = init.template ? new Blob([init.template]) : undefined;
  const client =
    init.kind === 'dir'
      ? await PGlite.create({
          ...embeddedPgliteOptions(init.dir, { durable: init.durable }),
          ...(loadDataDir ? { loadDataDir } : {}),
        })
      : await PGlite.create(loadDataDir ? { loadDataDir } : {});
  enableNamedStatements(client);
  return client;
}

const raw = (value: string) => value;

/** Open transactions by the server's number, and how each one ends. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; ended: Promise<void> }
>();

class Rollback extends Error {}

async function run(client: PGlite, call: WorkerCall): Promise<unknown> {
  switch (call.op) {
    case 'query': {
      const target = call.tx === undefined ? client : transactionOf(call.tx).tx;
      const parsers = Object.fromEntries((call.rawTypes ?? []).map((id) => [id, raw]));
      const result = await target.query(call.text, call.params, {
        rowMode: call.rowMode,
        parsers,
      });
      return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
    }
    case 'exec': {
      const target = call.tx === undefined ? client : transactionOf(call.tx).tx;
      const results = await target.exec(call.text);
      return results.map((r) => ({ rows: r.rows, affectedRows: r.affectedRows, fields: r.fields }));
    }
    case 'register':
      registerNamedStatement(client, call.text);
      return null;
    case 'begin':
      return begin(client, call.tx);
    case 'end': {
      const open = transactionOf(call.tx);
      open.end(call.commit);
      await open.ended;
      return null;
    }
    case 'dump': {
      const blob = await client.dumpDataDir(call.compression);
      return await blob.arrayBuffer();
    }
    case 'fsyncs':
      return embeddedFsyncCount();
    case 'close':
      if (!client.closed) await client.close();
      return null;
  }
}

function transactionOf(id: number) {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}`);
  return open;
}

/** Opens a transaction and answers once inside it; it stays open until `end` (commit, or roll back). */
function begin(client: PGlite, id: number): Promise<null> {
  return new Promise<null>((inside, failed) => {
    let end!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (end = resolve));
    const ended = client
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, ended: ended.then(() => undefined) });
        inside(null);
        if (!(await decided)) throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      })
      .finally(() => transactions.delete(id));
    // Failing to open (a closed database) fails `begin`; failing to commit fails `end`.
    ended.catch((err: unknown) => {
      if (!transactions.has(id)) failed(err instanceof Error ? err : new Error(String(err)));
    });
  });
}

function asWorkerError(err: unknown): WorkerError {
  const e = err instanceof Error ? err : new Error(String(err));
  const fields: WorkerError['fields'] = {};
  for (const [key, value] of Object.entries(e)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value as string | number | boolean | null;
  }
  return { message: e.message, name: e.name, fields };
}

const opened = open();
port.on('message', (request: WorkerRequest) => {
  void (async () => {
    let reply: WorkerReply;
    try {
      reply = { id: request.id, value: await run(await opened, request.call) };
    } catch (err) {
      reply = { id: request.id, error: asWorkerError(err) };
    }
    const transfer = 'value' in reply && reply.value instanceof ArrayBuffer ? [reply.value] : [];
    port.postMessage(reply, transfer);
  })();
});
opened.then(
  () => port.postMessage({ id: 0, value: 'ready' } satisfies WorkerReply),
  (err: unknown) => port.postMessage({ id: 0, error: asWorkerError(err) } satisfies WorkerReply),
);
