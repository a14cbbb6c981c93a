/**
 * Registers a route from its entry in the endpoint table (src/shared/api, decision 060): method, path, access rule,
 * schemas and OpenAPI operation all come from the entry, so a route cannot name a path, a schema or a rule of its
 * own, and cannot lack an access rule. What stays here is the server's own business: the handler, and per-route
 * limits (rate limit, body limit) and hooks.
 */
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  onRequestHookHandler,
  preHandlerHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isBodiless, type Endpoint } from '@shared/api/endpoint';
import { MSG } from '@shared/messages';
import { badRequest } from './errors';
import { jsonBody } from './validate';

/** A bodiless write reads at most this much (issue 25): nothing, or `{}` from a client that always sends JSON. */
const BODILESS_LIMIT = 1024;

const isEmptyObject = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 0;

/** A bodiless write refuses any field it is sent (as its strict empty body schema did). */
const refuseFields: preHandlerHookHandler = (request, _reply, done) => {
  if (request.body === undefined || request.body === null || isEmptyObject(request.body))
    return done();
  done(badRequest(MSG.badRequest));
};

type Part<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What Fastify's zod type provider reads the handler's types from. */
interface SchemaOf<E> {
  params: Part<E, 'params'>;
  querystring: Part<E, 'query'>;
  headers: Part<E, 'headers'>;
  body: Part<E, 'body'>;
  response: E extends { responses: infer R } ? R : undefined;
}

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** The server's own per-route settings: limits and hooks, never the contract. */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'access' | 'tokenScope'>;
  bodyLimit?: number;
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler;
}

export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const { params, query, headers, body, responses } = endpoint;
  const bodiless = isBodiless(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(bodiless && { bodyLimit: BODILESS_LIMIT, preValidation: refuseFields }),
    ...extras,
    config: {
      ...extras.config,
      access: endpoint.access,
      operationId: endpoint.operationId,
      tokenScope: endpoint.tokenScope,
    },
    schema: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(params && { params }),
      ...(query && { querystring: query }),
      ...(headers && { headers }),
      // A request that sends no body is read as `{}` and checked like any other (http/validate.ts).
      ...(body && { body: jsonBody(body) }),
      ...(Object.keys(responses).length > 0 && { response: responses }),
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
