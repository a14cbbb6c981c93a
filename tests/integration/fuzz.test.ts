/**
 * Bad input never breaks the server: random and malformed bodies, params and headers at every route give a 4xx
 * (or a success), never a 5xx, and the next good request is still answered.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, request, type TestApp } from '../support/test-app';
import { makeFloor, makeSuperAdmin, signInPassword } from '../support/factories';

let t: TestApp;
let floor: Awaited<ReturnType<typeof makeFloor>>;
let superCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  floor = await makeFloor(t);
  superCookie = await signInPassword(t, await makeSuperAdmin(t));
});
afterAll(() => t.close());

/** Any text: printable ASCII, every Unicode code point, and the characters that have broken servers before. */
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\u202e', '\t\r\n', '\u007f', '🙂'),
);
/** Random JSON, or an object whose fields are the ones the API reads, holding any text. */
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'name',
      'email',
      'password',
      'pin',
      'loginId',
      'number',
      'type',
      'token',
      'reviewUrl',
      'primaryColor',
      'secondaryColor',
      'endpoint',
      'escalateAfterMinutes',
    ),
    fc.oneof(anyText, fc.integer(), fc.constant(null)),
  ),
);
const segment = fc.oneof(
  anyText,
  fc.constantFrom('..', '%00', '%', ' ', 'null', '0', '-1', 'a'.repeat(300)),
);
/** Percent-encodes a path segment or query value; a lone surrogate goes out as invalid UTF-8 bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split('')
      .map((c) => {
        try {
          return encodeURIComponent(c);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

const skip = (url: string) =>
  url.endsWith('/live') || url === '/api/live' || url === '/api/account' || url.includes('logout');

describe('fuzzing every route', () => {
  it('answers random bodies, params and query strings without a 5xx, as every role', async () => {
    const routes = t.routes.filter((r) => !skip(r.url));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        jsonValue,
        fc.option(fc.tuple(anyText, anyText), { nil: undefined }),
        fc.constantFrom(undefined, floor.serverCookie, floor.adminCookie, superCookie),
        async (route, segments, body, query, cookie) => {
          let i = 0;
          let url = route.url.replace(/:[A-Za-z]+/g, () => encode(segments[i++] ?? 'x'));
          if (query) url += `?q=${encode(query[0])}&cursor=${encode(query[1])}`;
          const res = await request(t, route.method, url, { body, cookie });
          expect(
            res.statusCode,
            `${route.method} ${url} ${JSON.stringify(body)} → ${res.body}`,
          ).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json().error.message).toEqual(expect.any(String));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers malformed raw bodies and content types with a 4xx', async () => {
    const raw = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('{', '{"type":', '[]', 'null', '\u0000', '{"type":"order"}'.repeat(2000)),
    );
    const type = fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    );
    const url = `/api/public/restaurants/${floor.restaurant.id}/tables/${floor.table.id}/requests`;
    await fc.assert(
      fc.asyncProperty(raw, type, async (payload, contentType) => {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: contentType ? { 'content-type': contentType } : {},
        });
        expect(res.statusCode, `${contentType} ${payload.slice(0, 50)} → ${res.body}`).toBeLessThan(
          500,
        );
      }),
      { numRuns: 150 },
    );
  });

  it('answers random headers at every route without a 5xx, signed in or not', async () => {
    // A floor of its own: with a real cookie and 'sec-fetch-site: same-origin' a DELETE goes through.
    const own = await makeFloor(t);
    const routes = t.routes.filter((r) => !skip(r.url));
    const value = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('', ' ', 'null', 'undefined', '*', ';;;', '=', 'a'.repeat(8000)),
    );
    const cookies = [own.serverCookie, own.adminCookie, superCookie];
    const headers = fc.record(
      {
        cookie: fc.oneof(
          value,
          value.map((v) => `ts_session=${v}`),
          fc.constantFrom(...cookies),
          fc.tuple(fc.constantFrom(...cookies), value).map(([c, v]) => `${c}; ${v}`),
        ),
        origin: fc.oneof(value, fc.constantFrom('http://127.0.0.1', 'null', 'file://')),
        'content-type': fc.oneof(
          value,
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-16',
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'text/plain',
          ),
        ),
        'sec-fetch-site': fc.oneof(value, fc.constantFrom('same-origin', 'cross-site', 'none')),
        'x-forwarded-for': value,
        'if-none-match': value,
        accept: value,
        'accept-encoding': value,
        'accept-language': value,
        range: value,
        'user-agent': value,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), headers, async (route, sent) => {
        // Real objects in the path, so the headers reach the handlers and not only the 404.
        const url = route.url
          .replace(':restaurantId', own.restaurant.id)
          .replace(':tableId', own.table.id)
          .replace(/:[A-Za-z]+/g, 'x');
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: sent,
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: '{}' }),
        });
        expect(
          res.statusCode,
          `${route.method} ${url} ${JSON.stringify(sent)} → ${res.body}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  });

  it('survives malformed WebSocket frames and keeps serving', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const frames = fc.sample(
      fc.oneof(
        fc.string({ maxLength: 300 }),
        jsonValue.map((v) => JSON.stringify(v)),
        fc.constant('x'.repeat(5000)),
      ),
      40,
    );
    for (const frame of frames) {
      const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
        headers: { cookie: floor.serverCookie },
        origin: base,
      });
      await new Promise<void>((resolve) => {
        ws.on('open', () => ws.send(frame));
        ws.on('message', () => ws.send(frame));
        ws.on('error', () => resolve());
        ws.on('close', () => resolve());
        setTimeout(() => {
          ws.terminate();
          resolve();
        }, 200);
      });
    }
    const res = await request(t, 'GET', `/api/restaurants/${floor.restaurant.id}/tables`, {
      cookie: floor.serverCookie,
    });
    expect(res.statusCode).toBe(200);
  });
});
