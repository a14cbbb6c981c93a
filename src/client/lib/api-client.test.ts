import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/messages';
import { apiErrorSchema } from '@shared/schemas';
import { getSession } from '@shared/api/auth';
import { ApiRequestError, call, isApiError } from './api-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('isApiError (the one error shape, checked without zod)', () => {
  const valid = {
    error: { code: 'cooldown', message: 'Wait', retryAfterSeconds: 12, suggestions: ['a', 'b'] },
  };
  const bodies: unknown[] = [
    valid,
    { error: { code: 'x', message: 'y' } },
    { error: { code: 'x' } },
    { error: { code: 1, message: 'y' } },
    { error: { code: 'x', message: 'y', retryAfterSeconds: '3' } },
    { error: { code: 'x', message: 'y', suggestions: [1] } },
    { error: { code: 'x', message: 'y', suggestions: 'a' } },
    { error: { code: 'x', message: 'y', values: { name: 'Ana', max: 3 } } },
    { error: { code: 'x', message: 'y', values: { name: null } } },
    { error: { code: 'x', message: 'y', values: 'Ana' } },
    { error: null },
    { message: 'y' },
    null,
    undefined,
    'Bad gateway',
  ];

  it('accepts and refuses exactly what the shared apiErrorSchema does', () => {
    for (const body of bodies)
      expect(isApiError(body), JSON.stringify(body)).toBe(apiErrorSchema.safeParse(body).success);
  });
});

describe('api', () => {
  it("turns the server's error body into an ApiRequestError carrying its SPEC message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(429, {
            error: { code: 'cooldown', message: 'Please wait', retryAfterSeconds: 30 },
          }),
        ),
      ),
    );
    const error = await call(getSession).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 429,
      code: 'cooldown',
      message: 'Please wait',
      retryAfterSeconds: 30,
      fromServer: true,
    });
  });

  it('gives the generic message when an error body is not the error shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>', { status: 502 }))),
    );
    const error = await call(getSession).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: MSG.internalError, fromServer: false });
  });

  it('refuses a 200 whose body the parser refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(200, { user: 7 }))),
    );
    const error = await call(getSession).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_response', fromServer: false });
  });
});
