import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from './apiRoutes.js';
import { openApiDocument } from './openapi.js';
import { fillPath, route, type PathParams, type RouteRequest } from './route.js';

describe('route declarations', () => {
  it('declare each method and path once', () => {
    const keys = apiRoutes.map((r) => `${r.method} ${r.path}`);
    const repeated = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(repeated).toEqual([]);
  });

  it('give every route a summary, a rooted path and a response or a content type', () => {
    for (const r of apiRoutes) {
      const name = `${r.method} ${r.path}`;
      expect(r.path.startsWith('/'), name).toBe(true);
      expect(r.summary.length, name).toBeGreaterThan(10);
      expect(Boolean(r.response) !== Boolean(r.produces), `${name} has exactly one of response and produces`).toBe(true);
      if (r.method === 'GET') expect(r.body, `${name} has no body`).toBeUndefined();
    }
  });

  it('fills path parameters URL-encoded and refuses a missing one', () => {
    expect(fillPath('/document/content/:file_id/sign/:password', { file_id: 'a b', password: 'p/w' }))
      .toBe('/document/content/a%20b/sign/p%2Fw');
    expect(() => fillPath('/document/content/:file_id/sign', {})).toThrow(/file_id/);
  });

  it('types path parameters and request parts from the declaration', () => {
    const declaration = route({
      method: 'POST', path: '/x/:file_id/y/:password', auth: 'visitor', summary: 'a test route',
      body: z.object({ n: z.number() }), response: z.null(),
    });
    const params: PathParams<typeof declaration.path> = { file_id: 'f', password: 'p' };
    const request: RouteRequest<typeof declaration> = { params, body: { n: 1 } };
    // @ts-expect-error the body is required
    const withoutBody: RouteRequest<typeof declaration> = { params };
    expect([request, withoutBody].length).toBe(2);
    expect(declaration.path).toBe('/x/:file_id/y/:password');
  });

  it('generate an OpenAPI document with every declared path, its parameters and who may call it', () => {
    const doc = openApiDocument(apiRoutes, 'test') as {
      paths: Record<string, Record<string, { 'x-auth': string; parameters: { name: string; in: string }[] }>>;
    };
    let operations = 0;
    for (const r of apiRoutes) {
      const path = `/api${r.path}`.replace(/:([A-Za-z_]+)/g, '{$1}');
      const operation = doc.paths[path]?.[r.method.toLowerCase()];
      expect(operation, `${r.method} ${path}`).toBeDefined();
      expect(operation!['x-auth']).toBe(r.auth);
      for (const name of [...r.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1])) {
        expect(operation!.parameters).toContainEqual(expect.objectContaining({ name, in: 'path' }));
      }
      operations += 1;
    }
    expect(operations).toBe(apiRoutes.length);
  });
});
