/**
 * One endpoint of the API as data (issue 24, decision 060): its route (routes.ts), who may call it, the schemas of
 * what it takes and answers (the shared zod schemas), the error codes it may answer, and its OpenAPI operation
 * (operationId, tag, summary). The server registers its routes from these (src/server/http/route.ts); the client
 * calls them through one typed function (src/client/lib/api-client.ts).
 */
import type { z } from 'zod';
import type { AccessRule } from './access';
import type { TokenScope } from '../integrations';
import type { ErrorCode } from './error-codes';
import { routes, type OperationId } from './routes';

/** The OpenAPI tags, in the order the reference page lists them. */
export const TAGS = {
  auth: 'Sign-in, sign-out and the current session',
  account: 'The signed-in user’s own account',
  guest: 'The guest page: a table, its cool-down and its calls (public)',
  restaurants: 'An owner’s restaurants, their settings and logo',
  tables: 'Tables and who serves them',
  shifts: 'Shifts on duty, hand-overs between servers and table notes',
  staff: 'A restaurant’s staff accounts',
  requests: 'Guests’ calls, as staff see and handle them',
  dashboard: 'The owner’s dashboard and analytics',
  integrations: 'API tokens and webhook endpoints (the owner’s)',
  'super-admin': 'The platform operator’s console',
  push: 'Web Push notifications on staff devices',
  boards: 'Floor boards: wall screens paired with a one-time code (read-only)',
  health: 'Liveness and readiness probes',
} as const;
type Tag = keyof typeof TAGS;

export interface EndpointSpec {
  readonly tag: Tag;
  readonly summary: string;
  readonly access: AccessRule;
  /**
   * The scope an API token needs to call this endpoint (decision 075); without one, a token is refused (403) and
   * only a signed-in session may call it.
   */
  readonly tokenScope?: TokenScope;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** Request headers the endpoint reads (e.g. the guest press's Idempotency-Key). */
  readonly headers?: z.ZodType;
  /** A JSON body (strict: unknown fields are refused). */
  readonly body?: z.ZodType;
  /** Instead of a JSON body: a multipart form with one file in this field. */
  readonly multipart?: { readonly field: string; readonly description: string };
  /** By status; a 204 answers no body (`noContent`). A binary answer (the logo) declares none. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
  /** The codes this endpoint's own rules answer; those every route may answer are added (errorsOf). */
  readonly errors: readonly ErrorCode[];
  /** Its answer is not JSON (an image); the client never calls it, pages link to it. */
  readonly binary?: { readonly contentTypes: readonly string[] };
}

export type Endpoint<K extends OperationId = OperationId, S extends EndpointSpec = EndpointSpec> = {
  readonly operationId: K;
} & (typeof routes)[K] &
  S;

export function endpoint<const K extends OperationId, const S extends EndpointSpec>(
  operationId: K,
  spec: S,
): Endpoint<K, S> {
  return { operationId, ...routes[operationId], ...spec };
}

/**
 * A write that takes no body (an action, a delete, logout): it is called with no body and no content type; an empty
 * JSON object is accepted too (decision 074).
 */
export const isBodiless = (e: Endpoint): boolean =>
  e.method !== 'GET' && e.body === undefined && e.multipart === undefined;

/** Every code an endpoint may answer: its own, and those its access rule and inputs bring. */
export function errorsOf(e: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>(e.errors);
  if (!('public' in e.access)) {
    codes.add('unauthorized');
    codes.add('forbidden');
    // The signed-in user's budget (decision 073).
    codes.add('rate_limited');
  }
  if (e.tokenScope) codes.add('token_scope');
  if (e.method !== 'GET') codes.add('csrf');
  if (e.params || e.query || e.headers || e.body) codes.add('validation');
  if (e.body) {
    codes.add('bad_request');
    codes.add('ctp_invalid_media_type');
  }
  if (isBodiless(e)) {
    codes.add('bad_request');
    codes.add('ctp_body_too_large');
  }
  codes.add('internal');
  codes.add('unavailable');
  return [...codes];
}
