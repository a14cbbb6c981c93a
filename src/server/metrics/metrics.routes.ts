/**
 * Metrics over HTTP (issue 16, docs/decisions/021): the hooks that count every response (by route pattern and
 * status) and every guest press (accepted, or refused by reason), and the two ways `/metrics` may be served —
 * never public by default:
 * - METRICS_TOKEN: on the app's port, only with `Authorization: Bearer <token>` (401 otherwise);
 * - METRICS_PORT: on a listener of its own bound to 127.0.0.1, without a token (reachable from the machine only).
 * With neither, the app's port has no /metrics route: it answers as any unknown path.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';
import { GUEST_PRESS_ROUTE } from '../modules/guest/guest.routes';
import { STATIC_ROUTE, UNMATCHED_ROUTE, type Metrics, type PressRefusalReason } from './metrics';

const METRICS_PATH = '/metrics';
const LOCALHOST = '127.0.0.1';

/**
 * Why a press was refused, from its status: the press route answers 404 only for a table that is not there, 429
 * for the table's cool-down (told apart by its error, `cooldownRefused`) or a per-address limit, 5xx for a failure;
 * any other 4xx is a press that was malformed (bad body or ids, wrong content type, too large, cross-site).
 */
function refusalOf(status: number, cooldownRefused: boolean): PressRefusalReason {
  if (status === 429) return cooldownRefused ? 'cooldown' : 'rate_limited';
  if (status === 404) return 'table_not_found';
  if (status >= 500) return 'error';
  return 'invalid';
}

/**
 * The route label of a response: the route pattern for the API, /metrics and the client shell's catch-all; one
 * label for the built client's files (the static plugin gives each file a route of its own, whose names change
 * with every build); `unmatched` when no route matched. Never the URL itself.
 */
export function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return UNMATCHED_ROUTE;
  if (pattern.startsWith('/api/') || pattern === METRICS_PATH || /[:*]/.test(pattern))
    return pattern;
  return STATIC_ROUTE;
}

/** SHA-256 of both sides first: equal lengths for timingSafeEqual, and the token's length is not leaked either. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = createHash('sha256').update(match[1]!).digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected);
}

/** Counts responses and presses; serves /metrics on the app's port when `token` is set. */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  options: { token?: string },
): void {
  // Presses refused by the cool-down: only their error tells them from a per-address 429.
  const cooldownRefused = new WeakSet<FastifyRequest>();
  const isPress = (request: FastifyRequest) =>
    request.method === 'POST' && request.routeOptions.url === GUEST_PRESS_ROUTE;

  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof AppError && error.code === 'cooldown' && isPress(request))
      cooldownRefused.add(request);
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    metrics.httpResponse(
      request.method,
      routeLabel(request.routeOptions.url),
      status,
      reply.elapsedTime / 1000,
    );
    if (isPress(request)) {
      if (status < 300) metrics.pressAccepted();
      else metrics.pressRefused(refusalOf(status, cooldownRefused.has(request)));
    }
    done();
  });

  const token = options.token;
  if (token === undefined) return;
  metrics.startProcessMetrics();
  // The operator's scrape endpoint, not part of the API: left out of its description (decision 041).
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer');
      return reply
        .status(401)
        .send({ error: { code: 'unauthorized', message: 'A valid metrics token is required.' } });
    }
    const body = await metrics.render();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(body);
  });
}

export interface MetricsListener {
  /** http://127.0.0.1:<port>/metrics */
  url: string;
  close(): Promise<void>;
}

/** The METRICS_PORT listener: /metrics only, bound to 127.0.0.1 so only this machine (a local agent) reaches it. */
export async function listenForMetrics(metrics: Metrics, port: number): Promise<MetricsListener> {
  metrics.startProcessMetrics();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found.\n');
      return;
    }
    metrics.render().then(
      (body) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => {
        res
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end('Metrics failed.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `METRICS_PORT: cannot listen on ${LOCALHOST}:${port} (${err.code ?? err.message})`,
        ),
      ),
    );
    server.listen(port, LOCALHOST, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${LOCALHOST}:${bound}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
