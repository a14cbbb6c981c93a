/**
 * A busy evening, simulated: staff consoles connected to /api/live, and guests pressing buttons at a fixed rate
 * across distinct tables. Each press is timed from the moment its POST is sent to the moment the event arrives at
 * each staff socket of that restaurant.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { COOLDOWN_SECONDS } from '@shared/constants';
import { cpuMeter, type CpuShare } from './cpu';
import type { SeededRestaurant } from './database';
import { nextStaffDevice, SourceAddresses } from './addresses';
import type { ServerProcess } from './server';
import { sleep } from './server';
import { distribution, type Distribution } from './stats';

const REQUEST_TYPES = ['order', 'refill', 'bill', 'server'] as const;

interface Press {
  /** The client-side error when there was no answer. */
  error?: string;
  restaurantId: string;
  requestId: string | null;
  sentAt: number;
  respondedAt: number;
  status: number;
  expected: number;
  seenBy: Set<number>;
  lastAt: number;
}

export interface PhaseResult {
  rate: number;
  durationS: number;
  sent: number;
  achievedRate: number;
  ok: number;
  /** Non-201 answers by status, or by the client-side error code when there was no answer. */
  errors: Record<string, number>;
  expectedDeliveries: number;
  delivered: number;
  lost: number;
  duplicates: number;
  misdelivered: number;
  /** Per delivery: POST sent → event at one staff socket, ms. */
  latency: Distribution;
  /** Per press: POST sent → the last staff socket of that restaurant has it, ms. */
  lastSocket: Distribution;
  /** POST sent → response, ms. */
  response: Distribution;
  /** The load generator's own event-loop delay p99, ms (a large value would distort the timings). */
  loadgenLagP99: number;
  /** CPU used during the phase, in % of one core: server(s), PostgreSQL, load generator, everything else. */
  cpu: CpuShare;
  /** Seconds the CPU shares were measured over (the presses, their answers and their events). */
  windowS: number;
  /** Distinct client addresses the presses came from. */
  sourceAddresses: number;
  backend: 'pglite' | 'postgres';
  /** Set when the step was run again because other work disturbed the first attempt. */
  retried?: boolean;
}

/** Tables in turn, each pressed at most once per cool-down (plus a margin), so the server never refuses one. */
class TablePool {
  private readonly queues: { id: string; last: number }[][];
  private readonly heads: number[];

  constructor(fleet: SeededRestaurant[]) {
    this.queues = fleet.map((r) => r.tableIds.map((id) => ({ id, last: -Infinity })));
    this.heads = fleet.map(() => 0);
  }

  take(restaurant: number, now: number): string {
    const queue = this.queues[restaurant]!;
    const head = this.heads[restaurant]!;
    const entry = queue[head]!;
    if (now - entry.last < (COOLDOWN_SECONDS + 2) * 1000) {
      throw new Error(
        `benchmark needs more tables: restaurant ${restaurant} has pressed all ${queue.length} within the cool-down`,
      );
    }
    entry.last = now;
    this.heads[restaurant] = (head + 1) % queue.length;
    return entry.id;
  }
}

export class Floor {
  private readonly sockets: WebSocket[] = [];
  private readonly presses = new Map<string, Press>();
  private readonly latencies: number[] = [];
  private duplicates = 0;
  private misdelivered = 0;
  private readonly tablePool: TablePool;
  readonly sources = new SourceAddresses();
  private readonly staffPerRestaurant = new Map<string, number>();
  private pressCounter = 0;

  constructor(
    private readonly fleet: SeededRestaurant[],
    private readonly instances: ServerProcess[],
    private readonly backend: 'pglite' | 'postgres',
    /** The PostgreSQL database's name, to tell its CPU from other databases' on the same server. */
    private readonly pgDatabase?: string,
  ) {
    this.tablePool = new TablePool(fleet);
  }

  /** Connects every staff member, spread over the instances, and waits for each socket's hello. */
  async connectStaff(concurrency = 50): Promise<void> {
    const jobs: { cookie: string; restaurantId: string; base: string }[] = [];
    for (const r of this.fleet) {
      r.staff.forEach((s, i) => {
        // Staff of one restaurant alternate between instances: an event must cross to reach them all.
        const base = this.instances[i % this.instances.length]!.base;
        jobs.push({ cookie: s.cookie, restaurantId: r.id, base });
      });
      this.staffPerRestaurant.set(r.id, r.staff.length);
    }
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        this.sockets.push(await this.connect(job.base, job.cookie, job.restaurantId));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  private connect(base: string, cookie: string, restaurantId: string): Promise<WebSocket> {
    const index = this.sockets.length + Math.random(); // unique per socket, for duplicate detection
    const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
      // A browser sends its Origin with the upgrade; the server refuses a handshake without ours.
      headers: { cookie, origin: base },
      perMessageDeflate: false,
      localAddress: nextStaffDevice(),
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no hello within 30 s')), 30_000);
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.on('message', (data: Buffer) => {
        const at = performance.now();
        const event = JSON.parse(data.toString('utf8')) as {
          type: string;
          request?: { tableId: string; restaurantId: string };
        };
        if (event.type === 'hello') {
          clearTimeout(timer);
          resolve(ws);
          return;
        }
        if (event.type !== 'request.created' || !event.request) return;
        if (event.request.restaurantId !== restaurantId) {
          this.misdelivered++;
          return;
        }
        const press = this.presses.get(event.request.tableId);
        if (!press) return;
        if (press.seenBy.has(index)) {
          this.duplicates++;
          return;
        }
        press.seenBy.add(index);
        press.lastAt = at;
        this.latencies.push(at - press.sentAt);
      });
    });
  }

  get socketCount(): number {
    return this.sockets.length;
  }

  private send(
    base: string,
    restaurantId: string,
    tableId: string,
    agent: http.Agent,
    type: string,
  ) {
    const press: Press = {
      restaurantId,
      requestId: null,
      sentAt: 0,
      respondedAt: NaN,
      status: 0,
      expected: this.staffPerRestaurant.get(restaurantId) ?? 0,
      seenBy: new Set(),
      lastAt: NaN,
    };
    this.presses.set(tableId, press);
    const body = `{"type":"${type}"}`;
    return new Promise<void>((resolve) => {
      const done = (status: number) => {
        press.status = status;
        press.respondedAt = performance.now();
        resolve();
      };
      const req = http.request(
        `${base}/api/public/restaurants/${restaurantId}/tables/${tableId}/requests`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            if (res.statusCode === 201) {
              press.requestId = (JSON.parse(text) as { request: { id: string } }).request.id;
            }
            done(res.statusCode ?? 0);
          });
          res.on('error', () => done(0));
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        press.error = err.code ?? err.message;
        done(0);
      });
      req.setTimeout(30_000, () => req.destroy());
      press.sentAt = performance.now();
      req.end(body);
    });
  }

  /** Presses at `rate` per second for `durationMs`, then waits for every answer and every event. */
  async run(rate: number, durationMs: number): Promise<PhaseResult> {
    this.presses.clear();
    this.latencies.length = 0;
    this.duplicates = 0;
    this.misdelivered = 0;
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const cpu = cpuMeter(
      this.instances.map((s) => s.pid),
      this.pgDatabase,
    );
    const total = Math.round((rate * durationMs) / 1000);
    const inflight: Promise<void>[] = [];
    const start = performance.now();
    await new Promise<void>((resolve) => {
      let sent = 0;
      const tick = () => {
        const now = performance.now();
        const due = Math.min(total, Math.floor(((now - start) * rate) / 1000) + 1);
        while (sent < due) {
          const n = this.pressCounter++;
          const r = n % this.fleet.length;
          const restaurant = this.fleet[r]!;
          const tableId = this.tablePool.take(r, Date.now());
          const base = this.instances[n % this.instances.length]!.base;
          const type = REQUEST_TYPES[n % REQUEST_TYPES.length]!;
          inflight.push(
            this.send(base, restaurant.id, tableId, this.sources.take(Date.now()), type),
          );
          sent++;
        }
        if (sent >= total) resolve();
        else setTimeout(tick, 1);
      };
      tick();
    });
    const sendEnd = performance.now();
    await Promise.all(inflight);
    // Events may trail their responses; wait until every accepted press reached all its sockets, or 5 s of quiet.
    const presses = [...this.presses.values()];
    let lastProgress = performance.now();
    let delivered = this.latencies.length;
    for (;;) {
      const missing = presses.some((p) => p.status === 201 && p.seenBy.size < p.expected);
      if (!missing) break;
      await sleep(20);
      if (this.latencies.length !== delivered) {
        delivered = this.latencies.length;
        lastProgress = performance.now();
      } else if (performance.now() - lastProgress > 5000) break;
    }
    const cpuShare = cpu();
    const windowS = (performance.now() - start) / 1000;
    lag.disable();

    const errors: Record<string, number> = {};
    let ok = 0;
    let expectedDeliveries = 0;
    const lastSocket: number[] = [];
    const response: number[] = [];
    for (const p of presses) {
      response.push(p.respondedAt - p.sentAt);
      if (p.status === 201) {
        ok++;
        expectedDeliveries += p.expected;
        if (p.seenBy.size === p.expected) lastSocket.push(p.lastAt - p.sentAt);
      } else {
        const key = p.status === 0 ? (p.error ?? 'no answer') : String(p.status);
        errors[key] = (errors[key] ?? 0) + 1;
      }
    }
    const deliveredOk = presses.reduce((n, p) => n + (p.status === 201 ? p.seenBy.size : 0), 0);
    return {
      rate,
      durationS: durationMs / 1000,
      sent: presses.length,
      achievedRate: presses.length / ((sendEnd - start) / 1000),
      ok,
      errors,
      expectedDeliveries,
      delivered: this.latencies.length,
      lost: expectedDeliveries - deliveredOk,
      duplicates: this.duplicates,
      misdelivered: this.misdelivered,
      latency: distribution(this.latencies),
      lastSocket: distribution(lastSocket),
      response: distribution(response),
      loadgenLagP99: lag.percentile(99) / 1e6,
      cpu: cpuShare,
      windowS,
      sourceAddresses: this.sources.size,
      backend: this.backend,
    };
  }

  /**
   * Staff press Complete on every request of the last phase, through the API as their consoles would, so the
   * next phase starts from a floor without thousands of stale pending requests (a real floor completes them within
   * minutes; an ever-growing pending set would make the escalation sweep, which scans it every 10 s, the thing
   * being measured). Not timed.
   */
  async completeAll(concurrency = 16): Promise<{ completed: number }> {
    // Each restaurant's staff share the work, and a member over their write budget (issue 25: 300 a minute) waits
    // the Retry-After they are told, as a console would: a phase of 4,000 presses is more than one person's budget.
    const cookiesOf = new Map(this.fleet.map((r) => [r.id, r.staff.map((s) => s.cookie)]));
    const todo = [...this.presses.values()].filter((p) => p.requestId);
    const agent = new http.Agent({ keepAlive: true });
    let next = 0;
    let completed = 0;
    let failed = 0;
    const statuses = new Set<number>();
    const worker = async () => {
      while (next < todo.length) {
        const n = next++;
        const press = todo[n]!;
        const base = this.instances[n % this.instances.length]!.base;
        const cookies = cookiesOf.get(press.restaurantId)!;
        let status = 0;
        for (let attempt = 0; attempt < 5; attempt++) {
          const answer = await this.complete(
            base,
            agent,
            press.requestId!,
            cookies[n % cookies.length]!,
          );
          status = answer.status;
          if (status !== 429) break;
          await sleep(answer.retryAfterSeconds * 1000);
        }
        if (status === 200) completed++;
        else {
          failed++;
          statuses.add(status);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    agent.destroy();
    // Requests left pending pile up and escalate, and the escalation sweep would become what the next phase measures.
    if (failed > 0)
      throw new Error(
        `staff could not complete ${failed} requests (HTTP ${[...statuses].join(', ')})`,
      );
    return { completed };
  }

  /** One Complete, as a console sends it; a 429's Retry-After (1 s when absent). */
  private complete(
    base: string,
    agent: http.Agent,
    requestId: string,
    cookie: string,
  ): Promise<{ status: number; retryAfterSeconds: number }> {
    return new Promise((resolve) => {
      const req = http.request(
        `${base}/api/requests/${requestId}/complete`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': 2,
            // As the console's browser sends it: the server refuses cookie-authenticated changes without it (CSRF).
            origin: base,
            cookie,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              retryAfterSeconds: Number(res.headers['retry-after'] ?? 1) || 1,
            }),
          );
        },
      );
      req.on('error', () => resolve({ status: 0, retryAfterSeconds: 1 }));
      req.end('{}');
    });
  }

  close(): void {
    for (const ws of this.sockets) ws.terminate();
    this.sockets.length = 0;
    this.sources.destroy();
  }
}
