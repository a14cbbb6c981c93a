/**
 * Typed fetch wrapper for the JSON API under /api (DESIGN.md "one contract", "one error shape").
 * Every response is parsed with the parser the caller names (a shared zod schema; the guest page's own small
 * guards, decision 016); every failure becomes an ApiRequestError whose `message` is the server's user-facing
 * text (SPEC.md wording) when the server sent one. This module imports no zod at run time, so the guest page's
 * first load does not carry it.
 */
import type { ApiError } from '../../shared/schemas';
import { INTERNAL_ERROR } from '../../shared/internal-error';

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

  constructor(init: {
    status: number;
    code: string;
    message: string;
    retryAfterSeconds?: number | undefined;
    suggestions?: string[] | undefined;
    values?: Record<string, string | number> | undefined;
    fromServer: boolean;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.suggestions = init.suggestions ?? [];
    this.values = init.values ?? {};
    this.fromServer = init.fromServer;
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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Body = object | FormData | undefined;

export const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';

/** Per call: extra headers (the guest press's Idempotency-Key), and a time after which it counts as not answered. */
export interface CallOptions {
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
  const { code, message, retryAfterSeconds, suggestions, values } = error as Record<
    string,
    unknown
  >;
  return (
    isString(code) &&
    isString(message) &&
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
    const { code, message, retryAfterSeconds, suggestions, values } = body.error;
    return worded({
      status: response.status,
      code,
      message,
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

async function request<T>(
  method: Method,
  path: string,
  body: Body,
  parser: ResponseParser<T> | undefined,
  options?: CallOptions,
): Promise<T | undefined> {
  const response = await send(method, path, body, options);
  if (!response.ok) throw await toError(response);
  if (parser === undefined) return undefined;
  const parsed = parser.safeParse(await readJson(response));
  if (!parsed.success) {
    throw worded({
      status: response.status,
      code: 'invalid_response',
      message: INTERNAL_ERROR,
      fromServer: false,
    });
  }
  return parsed.data;
}

function get<T>(path: string, parser: ResponseParser<T>): Promise<T> {
  return request('GET', path, undefined, parser) as Promise<T>;
}

function write(method: Exclude<Method, 'GET'>) {
  function call<T>(
    path: string,
    body: Body,
    parser: ResponseParser<T>,
    options?: CallOptions,
  ): Promise<T>;
  function call(path: string, body?: Body): Promise<void>;
  async function call<T>(
    path: string,
    body?: Body,
    parser?: ResponseParser<T>,
    options?: CallOptions,
  ): Promise<T | void> {
    return request(method, path, body, parser, options);
  }
  return call;
}

export const api = {
  get,
  post: write('POST'),
  patch: write('PATCH'),
  put: write('PUT'),
  delete: write('DELETE'),
};
