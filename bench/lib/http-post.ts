/** One POST for the live benches: never rejects — a network error answers status 0 with its code. */
import http from 'node:http';

export function post(
  url: string,
  headers: Record<string, string | number>,
  body: string,
  options: { agent?: http.Agent; localAddress?: string },
): Promise<{ status: number; text: string; error?: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        ...options,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', () => resolve({ status: 0, text }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, text: '', error: err.code ?? err.message }),
    );
    req.setTimeout(30_000, () => req.destroy());
    req.end(body);
  });
}
