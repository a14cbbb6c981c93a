// @vitest-environment jsdom
import { act, createElement, StrictMode, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/messages';
import { useVerifyEmail } from './verification-api';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let root: Root;
type HookResult = ReturnType<typeof useVerifyEmail>;
let latest: HookResult | undefined;
const report = (result: HookResult) => {
  latest = result;
};

function Probe({ token }: { token: string }) {
  const result = useVerifyEmail(token);
  useEffect(() => report(result));
  return null;
}

/** Renders the hook the way main.tsx does: inside StrictMode, which mounts every effect twice in development. */
async function renderStrict(token: string) {
  await act(async () => {
    root.render(createElement(StrictMode, null, createElement(Probe, { token })));
    await Promise.resolve();
  });
}

beforeEach(() => {
  latest = undefined;
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

describe('useVerifyEmail', () => {
  it('posts a single-use token once under StrictMode and reports it verified', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { verified: true })));
    vi.stubGlobal('fetch', fetchMock);
    await renderStrict('token-once');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/verify-email',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'token-once' }) }),
    );
    expect(latest?.state).toEqual({ status: 'verified' });

    // Remounting the page (e.g. navigating back) does not spend the token again.
    act(() => root.unmount());
    root = createRoot(document.createElement('div'));
    await renderStrict('token-once');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(latest?.state).toEqual({ status: 'verified' });
  });

  it('reports a refused token (400) as invalid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(400, {
            error: { code: 'invalid_token', message: MSG.verificationLinkInvalid },
          }),
        ),
      ),
    );
    await renderStrict('token-used');
    expect(latest?.state).toEqual({ status: 'invalid' });
  });

  it('treats a link without a token as invalid without asking the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderStrict('');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(latest?.state).toEqual({ status: 'invalid' });
  });

  it('after a failure that never reached the server, retry asks again', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(jsonResponse(200, { verified: true }));
    vi.stubGlobal('fetch', fetchMock);
    await renderStrict('token-retry');
    expect(latest?.state.status).toBe('failed');
    await act(async () => {
      latest?.retry();
      await Promise.resolve();
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(latest?.state).toEqual({ status: 'verified' });
  });
});
