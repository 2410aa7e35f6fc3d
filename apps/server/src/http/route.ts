/**
 * The server's side of the route contract: each handler is registered against a declaration
 * of `@pagewright/contracts`, typed by it, and the request is parsed with the declaration's
 * schemas before the handler runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_PREFIX, CatalogueError, describeIssues, type AnyRoute, type Envelope, type RouteInput, type RouteResult,
} from '@pagewright/contracts';
import type { z } from 'zod';
import { failure, httpStatusFor, ok, TooManyAttempts } from './envelope.js';

export type RouteHandler<D extends AnyRoute> = (
  input: RouteInput<D>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<D['produces'] extends string ? unknown : RouteResult<D>>;

/** A declaration with its handler; the handler's types stay with it, the list holds them alike. */
export interface RouteImplementation {
  declaration: AnyRoute;
  handle(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

function parse(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new CatalogueError('INVALID_PARAMS', describeIssues(result.error));
  return result.data;
}

export function implement<D extends AnyRoute>(declaration: D, handler: RouteHandler<D>): RouteImplementation {
  return {
    declaration,
    async handle(request, reply) {
      if (declaration.auth === 'user' && !request.identity.user) throw new CatalogueError(1401);
      const input = {
        query: parse(declaration.query, request.query),
        body: parse(declaration.body, request.body),
        params: request.params,
      } as RouteInput<D>;
      return handler(input, request, reply);
    },
  };
}

/**
 * Registers every implementation. `declared` is the contracts' list: a declaration without a
 * handler, or one implemented twice, stops the server at start rather than answering 404.
 */
export function registerRoutes(app: FastifyInstance, implementations: RouteImplementation[], declared: readonly AnyRoute[]): void {
  const seen = new Set<AnyRoute>();
  for (const { declaration } of implementations) {
    if (seen.has(declaration)) throw new Error(`${declaration.method} ${declaration.path} is implemented twice`);
    seen.add(declaration);
  }
  const missing = declared.filter((d) => !seen.has(d)).map((d) => `${d.method} ${d.path}`);
  if (missing.length > 0) throw new Error(`routes declared but not implemented: ${missing.join(', ')}`);
  for (const implementation of implementations) {
    const { declaration } = implementation;
    app.route({
      method: declaration.method,
      url: API_PREFIX + declaration.path,
      ...(declaration.bodyLimit ? { bodyLimit: declaration.bodyLimit } : {}),
      handler: async (request, reply) => {
        const result = await implementation.handle(request, reply);
        if (reply.sent || declaration.produces) return reply;
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
    if (error instanceof TooManyAttempts) {
      void reply.header('Retry-After', String(error.retryAfterS));
      return failure(error.code, error.userMessage);
    }
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
