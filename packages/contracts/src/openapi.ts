import { z } from 'zod';
import { API_PREFIX, envelope } from './api.js';
import type { AnyRoute } from './route.js';

function jsonSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
}

/** The OpenAPI 3.1 document of the route declarations, from the same schemas that parse requests. */
export function openApiDocument(routes: readonly AnyRoute[], version: string): object {
  const pathsObject: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const openApiPath = (API_PREFIX + route.path).replace(/:([A-Za-z_]+)/g, '{$1}');
    const pathParams = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
      name: m[1], in: 'path', required: true, schema: { type: 'string' },
    }));
    const queryParams = route.query ? queryParameters(route.query) : [];
    const operation: Record<string, unknown> = {
      summary: route.summary,
      // Who may call it (see RouteAuth): public, visitor, user, signedUrl or webhook.
      'x-auth': route.auth,
      parameters: [...pathParams, ...queryParams],
      responses: {
        200: route.produces
          ? { description: 'the file', content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } } }
          : { description: 'success envelope (code 0)', content: { 'application/json': { schema: jsonSchema(envelope(route.response ?? z.null())) } } },
        default: { description: 'error envelope with the catalogue code', content: { 'application/json': { schema: jsonSchema(envelope(z.null())) } } },
      },
    };
    if (route.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } };
    } else if (route.method === 'PUT') {
      operation.requestBody = { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
    }
    (pathsObject[openApiPath] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Pagewright API', version, license: { name: 'AGPL-3.0-or-later' } },
    paths: pathsObject,
  };
}

function queryParameters(schema: z.ZodType): object[] {
  const json = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name, in: 'query', required: json.required?.includes(name) ?? false, schema: s,
  }));
}
