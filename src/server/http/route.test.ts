/**
 * The endpoint table and the app agree (issue 24, decision 060): every /api route the app registers has an entry
 * in src/shared/api with the same method, path and access rule, and every entry has its route.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints, channels } from '@shared/api';
import { routes } from '@shared/api/routes';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { setZodCompilers } from '../app';
import { installAccessControl } from './access';
import { route } from './route';
import { getSession } from '@shared/api/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const key = (r: { method: string; path?: string; url?: string }) =>
  `${r.method} ${r.path ?? r.url}`;
const table = [...endpoints, ...channels];

describe('the endpoint table', () => {
  it('names every /api route the app registers, with the same access rule', () => {
    const entries = new Map(table.map((e) => [key(e), e]));
    expect(t.routes.length).toBeGreaterThan(40);
    for (const registered of t.routes) {
      const entry = entries.get(key(registered));
      expect(entry, `${key(registered)} has no entry in src/shared/api`).toBeDefined();
      expect(registered.access, key(registered)).toEqual(entry?.access);
      expect(registered.websocket, key(registered)).toBe('websocket' in entry! && entry.websocket);
    }
  });

  it('has a registered route for every entry', () => {
    const registered = new Set(t.routes.map(key));
    for (const entry of table)
      expect(registered, `${key(entry)} is not registered`).toContain(key(entry));
    expect(table.map((e) => e.operationId).sort()).toEqual(Object.keys(routes).sort());
  });

  it('declares a schema for exactly the path parameters of each path', () => {
    for (const entry of table) {
      const names = [...entry.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
      const params = 'params' in entry ? (entry.params as z.ZodObject | undefined) : undefined;
      expect(Object.keys(params?.shape ?? {}).sort(), key(entry)).toEqual(names);
    }
  });

  it('registers a route with its entry’s access rule, schemas and operation', async () => {
    const app = Fastify();
    setZodCompilers(app);
    const registered = installAccessControl(app, () => Promise.resolve());
    route(app, getSession, () => ({ user: null }));
    await app.ready();
    expect(registered).toEqual([
      {
        method: 'GET',
        url: '/api/session',
        access: getSession.access,
        declares: [],
        websocket: false,
      },
    ]);
    const res = await app.inject({ method: 'GET', url: '/api/session' });
    expect(res.json()).toEqual({ user: null });
    await app.close();
  });
});
