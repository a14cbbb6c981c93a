/**
 * A minimal Chrome DevTools Protocol client for a child started with --inspect=127.0.0.1:PORT: forces a full
 * garbage collection and reads process.memoryUsage() inside the server, so memory is compared after GC settles.
 */
import http from 'node:http';
import WebSocket from 'ws';

function getJson(url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => {
          try {
            resolve(JSON.parse(body));
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      })
      .on('error', reject);
  });
}

export interface MemoryUsage {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export class Inspector {
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString()) as { id?: number; result?: unknown };
      if (msg.id !== undefined) {
        this.pending.get(msg.id)?.(msg.result);
        this.pending.delete(msg.id);
      }
    });
  }

  static async attach(port: number): Promise<Inspector> {
    const targets = (await getJson(`http://127.0.0.1:${port}/json/list`)) as {
      webSocketDebuggerUrl: string;
    }[];
    const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl, { perMessageDeflate: false });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new Inspector(ws);
  }

  private call(method: string, params: object = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method} timed out`)), 30_000);
      this.pending.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  async collectGarbage(): Promise<void> {
    await this.call('HeapProfiler.collectGarbage');
  }

  async memoryUsage(): Promise<MemoryUsage> {
    const result = (await this.call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(result.result.value) as MemoryUsage;
  }

  close(): void {
    this.ws.terminate();
  }
}
