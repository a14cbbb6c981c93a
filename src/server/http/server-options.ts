/**
 * The Fastify instance's own settings: logging, which proxies to trust, body size, request ids and the error shape of
 * router-level failures. buildApp hands them to Fastify(); everything else is registered on the instance.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyServerOptions } from 'fastify';
import { MSG } from '@shared/messages';
import { withMessageId } from './errors';
import { RequestLog } from './request-log';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The log's request id: the incoming X-Request-Id when it is short and plain, otherwise one of our own. */
function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

export interface ServerSettings {
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyBaseLogger;
  trustProxy?: false | number | string[];
}

export function serverOptions(settings: ServerSettings) {
  const trust = settings.trustProxy ?? false;
  // A hop count n trusts the n nearest hops (Fastify does the same with a number; its types only take a function).
  const trustProxy =
    typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
  return {
    logger: settings.loggerInstance ? false : (settings.logger ?? false),
    loggerInstance: settings.loggerInstance,
    // Health probes and the client's files are logged at debug, everything else as Fastify does.
    logController: new RequestLog(),
    trustProxy,
    bodyLimit: 64 * 1024,
    // A balancer's X-Request-Id is kept so its logs and ours correlate, but only a short, plain one: a client
    // chooses this header too, and it must not write 8 KB or forged-looking text into every log line (issue 14).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Router-level errors (malformed URL, over-long param) get the one error shape too.
    frameworkErrors: (error: { code: string }, _request: unknown, reply: unknown) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void (reply as FastifyReply)
        .status(status)
        .send(withMessageId({ error: { code: 'bad_url', message: MSG.badRequest } }));
    },
  } satisfies FastifyServerOptions;
}
