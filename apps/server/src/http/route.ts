/**
 * A route of the API: its schemas are the contracts' zod schemas, used to parse the request
 * and to write the OpenAPI document, so the two cannot drift apart.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogueError, API_PREFIX, type Envelope } from '@pagewright/contracts';
import { z } from 'zod';
import { failure, httpStatusFor, ok } from './envelope.js';

export interface RouteSpec<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to /api; Fastify path syntax (`:file_id`). */
  url: string;
  summary: string;
  query?: Q;
  body?: B;
  /** The schema of `data` in a success envelope; absent for streamed responses. */
  response?: z.ZodType;
  /** Describes a non-JSON success response (a file stream). */
  produces?: string;
  bodyLimit?: number;
  handler: (
    input: { query: z.infer<Q>; body: z.infer<B>; params: Record<string, string> },
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<unknown>;
}

export function defineRoute<Q extends z.ZodType, B extends z.ZodType>(spec: RouteSpec<Q, B>): RouteSpec {
  return spec as unknown as RouteSpec;
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown): z.infer<T> {
  if (!schema) return value as z.infer<T>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const detail = result.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ');
    throw new CatalogueError('INVALID_PARAMS', detail);
  }
  return result.data;
}

export function registerRoutes(app: FastifyInstance, routes: RouteSpec[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: API_PREFIX + route.url,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        const input = {
          query: parse(route.query, request.query),
          body: parse(route.body, request.body),
          params: request.params as Record<string, string>,
        };
        const result = await route.handler(input, request, reply);
        if (reply.sent || route.produces) return reply;
        return ok(result);
      },
    });
  }
}

/** Turns any thrown error into the envelope with its catalogue code; logs what is unexpected. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): Envelope<null> {
  if (error instanceof CatalogueError) {
    const status = httpStatusFor(error.code);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, detail: error.message }, 'request refused');
    void reply.status(status);
    return failure(error.code);
  }
  const fastifyError = error as { statusCode?: number; code?: string };
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    void reply.status(413);
    return failure(4012);
  }
  if (fastifyError.statusCode && fastifyError.statusCode < 500) {
    void reply.status(fastifyError.statusCode);
    return failure('INVALID_PARAMS');
  }
  request.log.error({ err: error }, 'unexpected error');
  void reply.status(500);
  return failure(500);
}
