/**
 * What the server logs, and how it looks. In a terminal the lines are readable (pino-pretty, loaded only then);
 * anywhere else (a file, a container, a log shipper) every line is one JSON object. Requests a healthy instance
 * answers all day — the client's files and pages, and health probes — are logged at debug, so `info` shows what
 * people did through the API.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { HEALTH_PREFIX } from '../modules/health/health.routes';
import { loggerOptions } from './log-safe';

/**
 * Whether a request is routine traffic, logged at debug: a health probe, or a GET/HEAD outside /api (a built file, the
 * app shell, a guest page). `statusCode`: once answered — a failed one is not routine and is logged at info as usual.
 */
export function isRoutineRequest(method: string, url: string, statusCode?: number): boolean {
  if (statusCode !== undefined && statusCode >= 400) return false;
  const path = url.split('?')[0] ?? '';
  if (path.startsWith(HEALTH_PREFIX)) return true;
  return (method === 'GET' || method === 'HEAD') && path !== '/api' && !path.startsWith('/api/');
}

/** Fastify's per-request lines, with routine requests moved down to debug. */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (isRoutineRequest(request.method, request.url))
      request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && isRoutineRequest(request.method, request.url, reply.statusCode))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else super.requestCompleted(error, request, reply);
  }
}

/**
 * The server's logger (main.ts): readable lines when stdout is a terminal, JSON lines otherwise. `destination`: where
 * the lines go instead of stdout (tests).
 */
export async function createLogger(
  level: string,
  { tty = process.stdout.isTTY, destination }: { tty?: boolean; destination?: Writable } = {},
): Promise<Logger> {
  if (!tty)
    return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
  const { default: pretty } = await import('pino-pretty');
  return pino(
    loggerOptions(level),
    pretty({
      colorize: !destination,
      translateTime: 'HH:MM:ss',
      ignore: 'pid,hostname',
      // One line per record: `[12:00:01] INFO: request completed {"reqId":"req-2","res":{"statusCode":200},…}`.
      singleLine: true,
      sync: true,
      ...(destination ? { destination } : {}),
    }),
  );
}
