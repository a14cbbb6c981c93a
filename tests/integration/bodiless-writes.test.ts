/**
 * Issue 24 item 2 and issue 25: a write that takes no body is called as documented — no body and no content type —
 * still refuses fields and more than 1 KB, and the CSRF rule keeps holding (a cross-site form cannot call it). A
 * caller who is not signed in is refused before their body is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFloor, makeTable, signInServer } from '../support/factories';
import { createTestApp, PUBLIC_URL, type TestApp } from '../support/test-app';

let t: TestApp;
let floor: Awaited<ReturnType<typeof makeFloor>>;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
  floor = await makeFloor(t);
});
afterAll(() => t.close());

const press = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/restaurants/${floor.restaurant.id}/tables/${(await makeTable(t, floor.restaurant.id)).id}/requests`,
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    payload: JSON.stringify({ type: 'server' }),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ request: { id: string } }>().request.id;
};

const bare = (method: 'POST' | 'DELETE', url: string, cookie: string, extra = {}) =>
  t.app.inject({ method, url, headers: { cookie, origin: PUBLIC_URL, ...extra } });

describe('a bodiless write', () => {
  it('takes no body and no content type: take, unassign, delete table, logout', async () => {
    const id = await press();
    const take = await bare('POST', `/api/requests/${id}/acknowledge`, floor.serverCookie);
    expect(take.statusCode).toBe(200);
    expect(take.json().request.status).toBe('acknowledged');

    const table = await makeTable(t, floor.restaurant.id);
    const del = await bare('DELETE', `/api/tables/${table.id}`, floor.adminCookie);
    expect(del.statusCode).toBe(204);

    const cookie = await signInServer(t, floor.server);
    const logout = await bare('POST', '/api/auth/logout', cookie);
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(after.json()).toEqual({ user: null });
  });

  it('still takes the empty JSON object today’s clients send', async () => {
    const id = await press();
    const res = await bare('POST', `/api/requests/${id}/complete`, floor.serverCookie, {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400); // an empty body under a JSON content type is malformed JSON
    const withObject = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${id}/complete`,
      headers: {
        cookie: floor.serverCookie,
        origin: PUBLIC_URL,
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(withObject.statusCode).toBe(200);
  });

  it('refuses a field, and a body over 1 KB', async () => {
    const id = await press();
    const url = `/api/requests/${id}/acknowledge`;
    const headers = {
      cookie: floor.serverCookie,
      origin: PUBLIC_URL,
      'content-type': 'application/json',
    };
    const field = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: '{"status":"completed"}',
    });
    expect(field.statusCode).toBe(400);
    expect(field.json().error.code).toBe('bad_request');
    const big = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: JSON.stringify({ pad: 'x'.repeat(2000) }),
    });
    expect(big.statusCode).toBe(413);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/${floor.restaurant.id}/requests`,
      headers: { cookie: floor.serverCookie },
    });
    expect(unchanged.json().pending.find((r: { id: string }) => r.id === id).status).toBe(
      'pending',
    );
  });

  it('is still refused to a cross-site form and to a cross-site fetch', async () => {
    const id = await press();
    const url = `/api/requests/${id}/acknowledge`;
    const form = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: floor.serverCookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(form.statusCode).toBe(403);
    expect(form.json().error.code).toBe('csrf');
    const fetchNoBody = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: floor.serverCookie, origin: 'https://evil.example' },
    });
    expect(fetchNoBody.statusCode).toBe(403);
    // The cookie without any proof of origin (no Origin, no Sec-Fetch-Site: same-origin) is not a browser of ours.
    const noOrigin = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: floor.serverCookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    // A form of our own origin without JSON is refused too (only bodiless calls skip the content type).
    const sameOriginForm = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: floor.serverCookie,
        origin: PUBLIC_URL,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'a=1',
    });
    expect(sameOriginForm.statusCode).toBe(403);
  });
});

describe('a caller who is not signed in', () => {
  it('is refused before the body is read: malformed or oversized JSON answers 401, not 400 or 413', async () => {
    const url = `/api/restaurants/${floor.restaurant.id}/tables`;
    const headers = { origin: PUBLIC_URL, 'content-type': 'application/json' };
    const malformed = await t.app.inject({ method: 'POST', url, headers, payload: '{"number": ' });
    expect(malformed.statusCode).toBe(401);
    const huge = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: JSON.stringify({ number: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(401);
    expect(huge.json().error.code).toBe('unauthorized');
  });
});
