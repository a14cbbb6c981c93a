/**
 * Decision 041: every route declares its schemas, and the API description is generated from them. The document is
 * valid OpenAPI 3.1, names every /api route with its method and declared inputs, leaves the docs routes out, and the
 * reference page answers. A response that does not match its declared schema never reaches the client.
 */
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from '@shared/messages';
import { setZodCompilers } from '../../src/server/app';
import { registerErrorHandler } from '../../src/server/http/errors';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
});
afterAll(() => t.close());

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<
    string,
    { description?: string; content?: Record<string, { schema: unknown }> }
  >;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
};

const openapiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

async function fetchDocument(): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<Document>();
}

describe('the API description', () => {
  it('is valid OpenAPI 3.1', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('names every /api route with its method and the inputs it declares', async () => {
    const { paths } = await fetchDocument();
    expect(t.routes.length).toBeGreaterThan(30);
    for (const route of t.routes) {
      const name = `${route.method} ${route.url}`;
      // A path parameter is never read unchecked: each one is declared.
      const pathNames = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      if (pathNames.length > 0) expect(route.declares, name).toContain('params');
      const operation = paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      // A WebSocket upgrade is not an operation OpenAPI can describe (@fastify/websocket hides it); its
      // params are still declared and checked, above.
      if (route.websocket) {
        expect(operation, name).toBeUndefined();
        continue;
      }
      expect(operation, name).toBeDefined();
      const described = (where: string) =>
        (operation!.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
      expect(described('path').sort(), name).toEqual(pathNames.sort());
      if (route.declares.includes('querystring')) expect(described('query'), name).not.toEqual([]);
      if (route.declares.includes('body')) expect(operation!.requestBody, name).toBeDefined();
      // The logo upload's multipart form is read as it streams (no body schema), and described all the same.
      else if (name === 'POST /api/restaurants/:restaurantId/logo')
        expect(Object.keys(operation!.requestBody!.content), name).toEqual(['multipart/form-data']);
      else expect(operation!.requestBody, name).toBeUndefined();
    }
    expect(t.routes.filter((r) => r.websocket).map((r) => r.url)).toEqual([
      '/api/live',
      '/api/public/restaurants/:restaurantId/live',
      '/api/public/restaurants/:restaurantId/tables/:tableId/live',
      '/api/board/live',
    ]);
    // Only the API: the description and its reference page are neither in it nor among the API's routes, and
    // the client's pages are not in it.
    const documented = Object.keys(paths);
    expect(documented.filter((p) => !p.startsWith('/api/'))).toEqual([]);
    const isDocs = (url: string) => url.startsWith('/api/docs') || url === '/api/openapi.json';
    expect(documented.filter(isDocs)).toEqual([]);
    expect(t.routes.filter((r) => isDocs(r.url))).toEqual([]);
  });

  it('gives every operation an id, a summary, a tag, its security and its error responses', async () => {
    const document = await fetchDocument();
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(40);
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'ts_session',
    });
    for (const operation of operations) {
      const name = operation.operationId!;
      expect(name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.summary, name).toBeTruthy();
      expect(operation.tags, name).toHaveLength(1);
      expect(operation.security, name).toBeDefined();
      const statuses = Object.keys(operation.responses);
      // Every operation can fail; all but the session probe and the health checks with a 4xx of their own.
      expect(
        statuses.some((s) => s.startsWith('5')),
        name,
      ).toBe(true);
      if (!['getSession', 'getHealthLive', 'getHealthReady'].includes(name))
        expect(
          statuses.some((s) => s.startsWith('4')),
          name,
        ).toBe(true);
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        const schema = JSON.stringify(operation.responses[status]!.content?.['application/json']);
        expect(schema, `${name} ${status}`).toContain('#/components/schemas/Error');
      }
    }
    const byId = new Map(operations.map((o) => [o.operationId, o]));
    // Public routes say so; staff routes name the session cookie; the guest press lists its cool-down refusal.
    expect(byId.get('createGuestRequest')!.security).toEqual([]);
    expect(byId.get('acknowledgeRequest')!.security).toEqual([
      { sessionCookie: [] },
      { apiToken: ['requests:write'] },
    ]);
    expect(byId.get('listStaff')!.security).toEqual([{ sessionCookie: [] }]);
    expect(JSON.stringify(byId.get('createGuestRequest')!.responses['429'])).toContain('cooldown');
    // Bodiless writes are documented without a body, and called that way (bodiless-writes.test.ts).
    for (const id of [
      'logout',
      'deleteAccount',
      'acknowledgeRequest',
      'deleteTable',
      'deleteRestaurantLogo',
    ])
      expect(byId.get(id)!.requestBody, id).toBeUndefined();
  });

  it('exports the field rules the server checks in its services', async () => {
    const document = await fetchDocument();
    const body = JSON.stringify(
      document.paths['/api/restaurants/{restaurantId}/staff']!.post!.requestBody,
    );
    // Login ID length and alphabet, the PIN's 4-6 digits, the password rule, the email's shape, a non-blank name.
    expect(body).toContain('[A-Za-z0-9._-]{3,}');
    expect(body).toContain('^[0-9]{4,6}$');
    expect(body).toContain('"minLength":8');
    expect(body).toContain('"format":"email"');
    expect(body).toContain('(?=.*\\\\S)');
  });

  it('passes Redocly’s recommended lint with no error', async () => {
    const { createConfig, lintFromString } = await import('@redocly/openapi-core');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(await fetchDocument()),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it('serves its reference page, to anyone', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
    // The page's own scripts come from this origin, under the app's CSP.
    const script = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(script.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const bundle = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(bundle.statusCode).toBe(200);
  });
});

describe('a response that does not match its schema', () => {
  it('is a 500 with the generic error, and none of the data reaches the client', async () => {
    const app = Fastify({ logger: false });
    setZodCompilers(app);
    registerErrorHandler(app);
    app.withTypeProvider<ZodTypeProvider>().get(
      '/wrong',
      { schema: { response: { 200: z.object({ id: z.string(), count: z.number() }) } } },
      // The handler breaks its own contract: count is a string, and a secret rides along.
      () => ({ id: 'r1', count: 'many', secret: 'hunter2' }) as never,
    );
    const res = await app.inject({ method: 'GET', url: '/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal', message: MSG.internalError, messageId: 'internalError' },
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('r1');
    await app.close();
  });

  it('that only carries a field more has it left out, not sent', async () => {
    const app = Fastify({ logger: false });
    setZodCompilers(app);
    registerErrorHandler(app);
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/extra',
        { schema: { response: { 200: z.object({ id: z.string() }) } } },
        () => ({ id: 'r1', passwordHash: 'hunter2' }) as never,
      );
    const res = await app.inject({ method: 'GET', url: '/extra' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'r1' });
    await app.close();
  });
});
