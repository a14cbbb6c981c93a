/**
 * Typed fetch wrapper for the JSON API under /api (DESIGN.md "one contract", "one error shape").
 * Every response is parsed with the zod schema the caller names; every failure becomes an ApiRequestError whose
 * `message` is the server's user-facing text (SPEC.md wording) when the server sent one.
 */
import type { z } from 'zod';
import { apiErrorSchema } from '../../shared/schemas';
import { MSG } from '../../shared/messages';

export class ApiRequestError extends Error {
  /** HTTP status; 0 when the request never reached the server. */
  readonly status: number;
  readonly code: string;
  readonly retryAfterSeconds: number | undefined;
  readonly suggestions: string[];
  /** True when `message` came from the server's error body (and so is SPEC text meant for the user). */
  readonly fromServer: boolean;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    retryAfterSeconds?: number | undefined;
    suggestions?: string[] | undefined;
    fromServer: boolean;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.suggestions = init.suggestions ?? [];
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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Body = object | FormData | undefined;

const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';

async function send(method: Method, path: string, body: Body): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
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
    throw new ApiRequestError({
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

async function toError(response: Response): Promise<ApiRequestError> {
  const parsed = apiErrorSchema.safeParse(await readJson(response));
  if (parsed.success) {
    const { code, message, retryAfterSeconds, suggestions } = parsed.data.error;
    return new ApiRequestError({
      status: response.status,
      code,
      message,
      retryAfterSeconds,
      suggestions,
      fromServer: true,
    });
  }
  return new ApiRequestError({
    status: response.status,
    code: 'http_error',
    message: MSG.internalError,
    fromServer: false,
  });
}

async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  body: Body,
  schema: S | undefined,
): Promise<z.output<S> | undefined> {
  const response = await send(method, path, body);
  if (!response.ok) throw await toError(response);
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new ApiRequestError({
      status: response.status,
      code: 'invalid_response',
      message: MSG.internalError,
      fromServer: false,
    });
  }
  return parsed.data;
}

function get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  return request('GET', path, undefined, schema) as Promise<z.output<S>>;
}

function write(method: Exclude<Method, 'GET'>) {
  function call<S extends z.ZodType>(path: string, body: Body, schema: S): Promise<z.output<S>>;
  function call(path: string, body?: Body): Promise<void>;
  async function call<S extends z.ZodType>(
    path: string,
    body?: Body,
    schema?: S,
  ): Promise<z.output<S> | void> {
    return request(method, path, body, schema);
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
