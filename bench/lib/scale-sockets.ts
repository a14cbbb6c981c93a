/**
 * One load-generator child of the scale bench (bench/scale.ts): it holds the staff sockets of one server instance.
 * A process may hold at most `ulimit -n` (20,000 here) descriptors, so 50,000 sockets take several of them; each
 * child is told its sockets over IPC, connects them a bounded number at a time, and reports every request.created
 * it receives as [table id, epoch ms] in batches. Clocks: performance.timeOrigin + performance.now() in every process.
 */
import WebSocket from 'ws';

export interface ScaleStaff {
  cookie: string;
  /** The loopback address this console connects from (one per socket: the caps count per address). */
  address: string;
}

export type ToChild =
  { type: 'connect'; base: string; staff: ScaleStaff[]; concurrency: number } | { type: 'close' };

export type FromChild =
  | { type: 'progress'; connected: number; failed: number }
  | { type: 'connected'; connected: number; failed: number; errors: Record<string, number> }
  | { type: 'deliveries'; items: [string, number][] }
  | { type: 'closed' };

const now = () => performance.timeOrigin + performance.now();
const send = (message: FromChild) => process.send?.(message);

const sockets: WebSocket[] = [];
let pending: [string, number][] = [];
const flush = setInterval(() => {
  if (pending.length === 0) return;
  send({ type: 'deliveries', items: pending });
  pending = [];
}, 200);

function open(base: string, staff: ScaleStaff): Promise<string | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
      headers: { cookie: staff.cookie, origin: base },
      perMessageDeflate: false,
      localAddress: staff.address,
    });
    const timer = setTimeout(() => {
      ws.terminate();
      resolve('timeout');
    }, 30_000);
    ws.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(err.code ?? err.message);
    });
    ws.on('unexpected-response', (_req, res) => {
      clearTimeout(timer);
      resolve(`HTTP ${res.statusCode}`);
    });
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (text.includes('"hello"')) {
        clearTimeout(timer);
        sockets.push(ws);
        resolve(null);
        return;
      }
      // Only the event each press makes is timed; the table id is the press's key (a fresh table per press).
      if (!text.includes('"request.created"')) return;
      const at = now();
      const event = JSON.parse(text) as { request?: { tableId?: string } };
      if (event.request?.tableId) pending.push([event.request.tableId, at]);
    });
  });
}

async function connectAll(base: string, staff: ScaleStaff[], concurrency: number): Promise<void> {
  let next = 0;
  let connected = 0;
  let failed = 0;
  const errors: Record<string, number> = {};
  const progress = setInterval(() => send({ type: 'progress', connected, failed }), 2_000);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < staff.length) {
        const error = await open(base, staff[next++]!);
        if (error === null) connected++;
        else {
          failed++;
          errors[error] = (errors[error] ?? 0) + 1;
        }
      }
    }),
  );
  clearInterval(progress);
  send({ type: 'connected', connected, failed, errors });
}

process.on('message', (message: ToChild) => {
  if (message.type === 'connect') {
    void connectAll(message.base, message.staff, message.concurrency);
    return;
  }
  clearInterval(flush);
  if (pending.length) send({ type: 'deliveries', items: pending });
  for (const ws of sockets) ws.terminate();
  send({ type: 'closed' });
  setTimeout(() => process.exit(0), 100);
});
