/** One GET over a keep-alive agent with a session cookie: the whole body, as the query benches time it. */
import http from 'node:http';

export function get(
  base: string,
  path: string,
  cookie: string,
  agent: http.Agent,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent, headers: { cookie } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}
