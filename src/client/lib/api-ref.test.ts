import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@shared/api';
import { call } from './api-client';
import { api, type EndpointName } from './api-ref';

const STAFF_TAGS = new Set([
  'auth',
  'account',
  'restaurants',
  'tables',
  'shifts',
  'staff',
  'requests',
  'dashboard',
]);

describe("api('operationId'): the table's entry without its schemas (decision 104)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has the method and path of the table entry of that name, for every entry the staff app may call', () => {
    const named = endpoints.filter((entry) => STAFF_TAGS.has(entry.tag) && !entry.binary);
    expect(named.length).toBeGreaterThan(50);
    for (const entry of named) {
      const ref = api(entry.operationId as EndpointName);
      expect({ name: entry.operationId, method: ref.method, path: ref.path }).toEqual({
        name: entry.operationId,
        method: entry.method,
        path: entry.path,
      });
    }
  });

  it('passes the answer through as the server sent it, and still raises the server’s refusal', async () => {
    const fetches: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        fetches.push(`${init.method} ${url}`);
        return Promise.resolve(
          url.endsWith('/acknowledge')
            ? new Response(JSON.stringify({ error: { code: 'request_taken', message: 'Taken' } }), {
                status: 409,
              })
            : new Response(JSON.stringify({ user: null, extra: 1 }), { status: 200 }),
        );
      }),
    );
    await expect(call(api('getSession'))).resolves.toEqual({ user: null, extra: 1 });
    await expect(
      call(api('acknowledgeRequest'), { params: { requestId: 'r 1' } }),
    ).rejects.toMatchObject({ status: 409, code: 'request_taken', fromServer: true });
    expect(fetches[0]).toBe('GET /api/session');
    expect(fetches[1]).toMatch(/^POST \/api\/requests\/r%201\//);
  });
});
