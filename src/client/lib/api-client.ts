/**
 * The one way the client calls the API (DESIGN.md "one contract", "one error shape"; issue 24, decision 060):
 * `call(endpoint, { params, query, body })` with an entry of the endpoint table (src/shared/api). The URL is built
 * from the entry's path (parameters filled in and encoded, the query serialised), the body and the answer are typed
 * from its schemas, and the answer is parsed with the entry's response schema — or, on the guest page, with its own
 * small guards (decision 016). Every failure becomes an ApiRequestError whose `message` is the server's
 * user-facing text (SPEC.md wording) when the server sent one. This module imports no zod at run time, so the
 * guest page's first load does not carry it.
 */
import type { z } from 'zod';
import type { ApiError } from '@shared/schemas';
import { INTERNAL_ERROR } from '@shared/internal-error';
import { apiUrl, type HttpMethod, type PathParams, type QueryValue } from '@shared/api/routes';

/** What a response is parsed with: a zod schema fits, and so does a hand-written guard with the same method. */
export interface ResponseParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export class ApiRequestError extends Error {
  /** HTTP status; 0 when the request never reached the server. */
  readonly status: number;
  readonly code: string;
  readonly retryAfterSeconds: number | undefined;
  readonly suggestions: string[];
  /** The values inside the server's message (a name, a number), for saying it in the reader's language. */
  readonly values: Readonly<Record<string, string | number>>;
  /** True when `message` came from the server's error body (and so is SPEC text meant for the user). */
  readonly fromServer: boolean;
  /** Which rule's text `message` is (decision 098): `network` for a request that never reached the server. */
  readonly messageId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    retryAfterSeconds?: number | undefined;
    suggestions?: string[] | undefined;
    values?: Record<string, string | number> | undefined;
    fromServer: boolean;
    messageId?: string | undefined;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.suggestions = init.suggestions ?? [];
    this.values = init.values ?? {};
    this.fromServer = init.fromServer;
    this.messageId = init.messageId;
  }
}

/** The server's message when it sent one, otherwise the caller's SPEC fallback (e.g. MSG.loginFailed). */
export function messageFrom(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.fromServer ? error.message : fallback;
}

/**
 * Like messageFrom, but only a 4xx answer's message is shown (it tells the user what to change); a 5xx or a
 * network failure gets the caller's SPEC text ('Failed to create restaurant', …).
 */
export function clientErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.fromServer && error.status < 500
    ? error.message
    : fallback;
}

/** What the reader is shown for an error: the server's English words, or a translation of them. */
export type ErrorWording = (error: ApiRequestError) => string;

let wording: ErrorWording = (error) => error.message;

/**
 * The staff screens set this to their language's wording (src/client/lib/server-messages.ts) whenever the language
 * changes; every error raised after that carries the translated message. The guest page keeps the server's words
 * and words its few refusals by code itself.
 */
export function setErrorWording(next: ErrorWording): void {
  wording = next;
}

/** `init`, with its message in the reader's language. */
function worded(init: ConstructorParameters<typeof ApiRequestError>[0]): ApiRequestError {
  const english = new ApiRequestError(init);
  const message = wording(english);
  return message === english.message ? english : new ApiRequestError({ ...init, message });
}

type Method = HttpMethod;
type Body = object | FormData | undefined;

export const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';
/** The id of NETWORK_MESSAGE: the client's own text, next to the server's (decision 098). */
export const NETWORK_MESSAGE_ID = 'network';

/** Per call: extra headers (the guest press's Idempotency-Key), and a time after which it counts as not answered. */
interface CallOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
}

async function send(
  method: Method,
  path: string,
  body: Body,
  options: CallOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  // A request that hangs (a dead Wi-Fi corner) fails like one that never left: status 0.
  if (options.timeoutMs !== undefined && typeof AbortSignal.timeout === 'function')
    init.signal = AbortSignal.timeout(options.timeoutMs);
  if (method !== 'GET') {
    if (body instanceof FormData) {
      // The browser sets the multipart boundary itself.
      init.body = body;
    } else {
      // The server refuses bodiless writes: always JSON, `{}` when there is nothing to send.
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body ?? {});
    }
  }
  try {
    return await fetch(path, init);
  } catch {
    throw worded({
      status: 0,
      code: 'network_error',
      message: NETWORK_MESSAGE,
      messageId: NETWORK_MESSAGE_ID,
      fromServer: false,
    });
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The one error shape (shared `apiErrorSchema`), checked by hand: zod stays out of this module. */
export function isApiError(body: unknown): body is ApiError {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, retryAfterSeconds, suggestions, values, messageId } = error as Record<
    string,
    unknown
  >;
  return (
    isString(code) &&
    isString(message) &&
    (messageId === undefined || isString(messageId)) &&
    (retryAfterSeconds === undefined || typeof retryAfterSeconds === 'number') &&
    (suggestions === undefined || (Array.isArray(suggestions) && suggestions.every(isString))) &&
    (values === undefined ||
      (typeof values === 'object' &&
        values !== null &&
        Object.values(values).every((v) => isString(v) || typeof v === 'number')))
  );
}

async function toError(response: Response): Promise<ApiRequestError> {
  const body = await readJson(response);
  if (isApiError(body)) {
    const { code, message, retryAfterSeconds, suggestions, values, messageId } = body.error;
    return worded({
      status: response.status,
      code,
      message,
      messageId,
      retryAfterSeconds,
      suggestions,
      values,
      fromServer: true,
    });
  }
  return worded({
    status: response.status,
    code: 'http_error',
    message: INTERNAL_ERROR,
    fromServer: false,
  });
}

/** What `call` needs of an endpoint: an entry of the table, or a route with the guest page's own guards. */
export interface CallableEndpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly responses: Readonly<Record<number, ResponseParser<unknown>>>;
  readonly query?: z.ZodType;
  readonly body?: unknown;
  readonly multipart?: unknown;
}

type Success = 200 | 201 | 202 | 204;
type Parsed<P> = P extends z.ZodType ? z.output<P> : P extends ResponseParser<infer T> ? T : never;

/** The answer of a successful call: its 2xx response's parsed body (undefined for a 204). */
export type CallResult<E extends CallableEndpoint> = {
  [S in keyof E['responses'] & Success]: Parsed<E['responses'][S]>;
}[keyof E['responses'] & Success];

type ParamsPart<E extends CallableEndpoint> = keyof PathParams<E['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<E['path']> };
type QueryPart<E extends CallableEndpoint> = E['query'] extends z.ZodType
  ? { query?: z.input<E['query']> }
  : { query?: undefined };
type BodyPart<E extends CallableEndpoint> = E['multipart'] extends object
  ? { body: FormData }
  : E['body'] extends z.ZodType
    ? Record<never, never> extends z.input<E['body']>
      ? { body?: z.input<E['body']> }
      : { body: z.input<E['body']> }
    : E extends { body: infer B extends object }
      ? { body: B }
      : { body?: undefined };

/** What a call sends: the path's parameters, the query and the body its entry declares, and per-call options. */
type CallInput<E extends CallableEndpoint> = ParamsPart<E> &
  QueryPart<E> &
  BodyPart<E> & { options?: CallOptions };

type Args<E extends CallableEndpoint> =
  Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls an endpoint of the table. A 2xx answer is parsed with the entry's schema for its status (a 204 has none);
 * anything else throws an ApiRequestError.
 */
export async function call<const E extends CallableEndpoint>(
  endpoint: E,
  ...[input]: Args<E>
): Promise<CallResult<E>> {
  const { params, query, body, options } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: Body;
    options?: CallOptions;
  };
  const url = apiUrl(endpoint, params as PathParams<string>, query);
  const response = await send(endpoint.method, url, body, options);
  if (!response.ok) throw await toError(response);
  const parser = endpoint.responses[response.status];
  if (response.status === 204 || parser === undefined) return undefined as CallResult<E>;
  const parsed = parser.safeParse(await readJson(response));
  if (!parsed.success) {
    throw worded({
      status: response.status,
      code: 'invalid_response',
      message: INTERNAL_ERROR,
      fromServer: false,
    });
  }
  return parsed.data as CallResult<E>;
}
