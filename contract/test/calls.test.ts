import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allCalls, callsByResource } from '../src';

/** The `:name` segments of a Koa path. */
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

const shapeKeys = (schema: z.ZodType | undefined) =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];

describe('the list of calls', () => {
  it('holds every call of every resource once', () => {
    const count = Object.values(callsByResource).reduce((n, calls) => n + Object.keys(calls).length, 0);
    expect(allCalls).toHaveLength(count);
    expect(new Set(allCalls).size).toBe(count);
  });

  it('has one call per method and path', () => {
    const keys = allCalls.map((c) => `${c.method} ${c.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('serves every call under /api/ or /auth/', () => {
    expect(allCalls.filter((c) => !/^\/(api|auth)\//.test(c.path))).toEqual([]);
  });

  it('includes the calls of spec §7', () => {
    const keys = new Set(allCalls.map((c) => `${c.method} ${c.path}`));
    for (const key of [
      'GET /api/user/me',
      'POST /api/auth/login',
      'POST /auth/logout',
      'POST /auth/refresh',
      'POST /api/:lang/contact',
      'GET /api/:lang/german-federal-states',
      'PATCH /api/user/setting/german-federal-state',
      'GET /api/:lang/user/dashboard',
      'GET /api/:lang/user/progress',
      'GET /api/:lang/user/statistics',
      'GET /api/:lang/user/bookmarks',
      'GET /api/:lang/user/recommendations',
      'GET /api/:lang/user/achievements',
      'GET /api/:lang/user/streak',
      'POST /api/:lang/user/recommendations/:id/dismiss',
      'GET /api/:lang/learn',
      'POST /api/:lang/learn-mode',
    ]) {
      expect(keys, key).toContain(key);
    }
  });

  it.each(allCalls.map((c) => [`${c.method} ${c.path}`, c] as const))('%s is well formed', (_key, call) => {
    // Each path parameter is described by the params schema, and the schema describes nothing else.
    expect(shapeKeys(call.params)).toEqual(pathParams(call.path).sort());
    // Who may call it is said, never left to a default.
    expect(['required', 'optional', 'none']).toContain(call.session);
    // Every /user path is the signed-in user's own.
    if (/^\/api\/(:lang\/)?user(\/|$)/.test(call.path)) expect(call.session).toBe('required');
    // A GET or DELETE carries no body.
    if (call.method === 'GET' || call.method === 'DELETE') expect(call.body).toBeUndefined();
    // 204 exactly when there is no answer body.
    const statuses = [call.status ?? (call.response === null ? 204 : 200)].flat();
    expect(statuses.includes(204)).toBe(call.response === null);
  });
});
