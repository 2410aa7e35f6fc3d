/**
 * One declaration per HTTP route of SPEC §7: method, path, schemas and who may call it. The
 * server implements each declaration (`implement` in apps/server), the web app calls it through
 * one typed function (`call` in apps/web), and the OpenAPI document is generated from the same
 * list, so a path or a schema is written once.
 */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route:
 * - `public`: anyone; the route reads no identity (site configuration, prices, templates).
 * - `visitor`: a guest (by the client cookie) or a signed-in user; what it reads or creates
 *   belongs to that identity.
 * - `user`: a signed-in user; a guest is refused with 1401 before the handler runs.
 * - `signedUrl`: anyone holding a URL the server signed (upload policies); the handler checks
 *   the signature.
 * - `webhook`: a payment provider, authenticated by the provider's own signature.
 */
export type RouteAuth = 'public' | 'visitor' | 'user' | 'signedUrl' | 'webhook';

/** `'/document/content/:file_id/sign'` → `'file_id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };

export interface RouteDeclaration<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: M;
  /** Relative to API_PREFIX, with `:name` path parameters. */
  path: P;
  summary: string;
  auth: RouteAuth;
  query?: Q;
  /** A JSON body; PUT routes without one take raw bytes (`application/octet-stream`). */
  body?: B;
  /** The schema of `data` in the success envelope; absent when `produces` names a file type. */
  response?: R;
  /** The content type of a non-JSON success response (a file or a stream). */
  produces?: string;
  /** A larger request body than the server's default, in bytes. */
  bodyLimit?: number;
}

/** A part a declaration gives is required in its type; one it leaves out is absent. */
type Part<K extends string, S> = S extends z.ZodType ? { [P in K]: S } : { [P in K]?: undefined };

/** A declaration as `route` returns it: its literals kept, the parts it gives known to be there. */
export type DeclaredRoute<
  M extends HttpMethod, P extends string,
  Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType | undefined,
> = Omit<RouteDeclaration<M, P, Q, B, R>, 'query' | 'body' | 'response'> & Part<'query', Q> & Part<'body', B> & Part<'response', R>;

/** Keeps every literal of a declaration in its type, so that handlers and callers are typed by it. */
export function route<
  const M extends HttpMethod,
  const P extends string,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(declaration: RouteDeclaration<M, P, Q, B, R>): DeclaredRoute<M, P, Q, B, R> {
  return declaration as DeclaredRoute<M, P, Q, B, R>;
}

export type AnyRoute = RouteDeclaration<HttpMethod, string, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>;

/** A declaration's optional field reads as `Schema | undefined`; this is the schema alone, or never. */
type Present<S> = Exclude<S, undefined>;
type Infer<S> = [Present<S>] extends [never] ? undefined : Present<S> extends z.ZodType ? z.infer<Present<S>> : undefined;
type Input<S> = [Present<S>] extends [never] ? undefined : Present<S> extends z.ZodType ? z.input<Present<S>> : undefined;

/** What a handler receives: parsed query and body, and the path parameters. */
export interface RouteInput<D extends AnyRoute> {
  query: Infer<D['query']>;
  body: Infer<D['body']>;
  params: PathParams<D['path']>;
}

/** What a handler returns for a JSON route: the `data` of the success envelope. */
export type RouteResult<D extends AnyRoute> = [Present<D['response']>] extends [never] ? unknown : Input<D['response']>;
/** What a caller gets back from a JSON route. */
export type RouteData<D extends AnyRoute> = [Present<D['response']>] extends [never] ? unknown : Infer<D['response']>;

type Optional<K extends string, T> = [T] extends [undefined] ? { [P in K]?: never } : { [P in K]: T };

/** What a caller sends: the query and body in their input form, and the path parameters. */
export type RouteRequest<D extends AnyRoute> = Optional<'query', Input<D['query']>>
  & Optional<'body', Input<D['body']>>
  & ([PathParamNames<D['path']>] extends [never] ? { params?: never } : { params: PathParams<D['path']> });

/** A path with its `:name` parts filled in, each URL-encoded. */
export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

/** Every declaration of a group of routes, in declaration order. */
export function routeList(...groups: Record<string, AnyRoute>[]): AnyRoute[] {
  return groups.flatMap((group) => Object.values(group));
}

/** Parses a request part against its schema; the issues become the detail of INVALID_PARAMS. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ');
}
