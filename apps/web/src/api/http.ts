import {
  API_PREFIX, SESSION_HEADER, SUCCESS, envelope, fillPath, timing, type AnyRoute, type RouteData, type RouteRequest,
} from '@pagewright/contracts';
import { z } from 'zod';
import { useAccountStore } from '../account/accountStore';
import { expireSession, isSessionExpiryCode } from '../account/sessionExpiry';
import { ApiError, normalizeCode } from './ApiError';
import { withTimeout } from './abort';

const looseEnvelope = envelope(z.unknown());

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body (serialized here) or raw bytes (sent as they are). */
  json?: unknown;
  body?: Blob | ArrayBuffer;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** An API path under /api, or a URL the server handed out (an upload policy's sts_url). */
export function apiUrl(pathOrUrl: string, query?: RequestOptions['query']): string {
  const base = /^https?:\/\//.test(pathOrUrl) || pathOrUrl.startsWith(`${API_PREFIX}/`)
    ? pathOrUrl
    : `${API_PREFIX}${pathOrUrl}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  if (search === '') return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

/**
 * One call to the API: sends the request, reads the `{status, code, msg, data}` envelope and
 * returns `data` parsed by `schema`. A non-zero code becomes an ApiError with that catalogue
 * code; transport failures become ERR_NETWORK, ECONNABORTED (time-out), ERR_CANCELED or
 * ERR_BAD_RESPONSE.
 */
export async function request<T extends z.ZodType>(
  schema: T,
  pathOrUrl: string,
  options: RequestOptions = {},
): Promise<z.infer<T>> {
  const { method = 'GET', query, json, body, signal, timeoutMs = timing.requestTimeoutMs } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // The session token goes only to our own API, never to a storage URL the server handed out.
  const token = useAccountStore.getState().token;
  if (token !== null && !/^https?:\/\//.test(pathOrUrl)) headers[SESSION_HEADER] = token;
  let payload: BodyInit | undefined;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(json);
  } else if (body !== undefined) {
    payload = body;
  }

  const timeout = withTimeout(timeoutMs, signal);
  let response: Response;
  let text: string;
  try {
    response = await fetch(apiUrl(pathOrUrl, query), {
      method,
      headers,
      body: payload ?? null,
      signal: timeout.signal,
      credentials: 'same-origin',
    });
    text = await response.text();
  } catch {
    if (timeout.timedOut()) throw new ApiError('ECONNABORTED');
    if (signal?.aborted) throw new ApiError('ERR_CANCELED');
    throw new ApiError('ERR_NETWORK');
  } finally {
    timeout.dispose();
  }

  const parsed = looseEnvelope.safeParse(safeJson(text));
  if (!parsed.success) {
    if (response.status === 500) throw new ApiError(500);
    throw new ApiError('ERR_BAD_RESPONSE', `Unexpected response (HTTP ${response.status}).`);
  }
  const { code, msg, data } = parsed.data;
  const outcome = normalizeCode(code);
  if (outcome !== SUCCESS) {
    if (isSessionExpiryCode(outcome)) expireSession(outcome, token);
    throw new ApiError(outcome, msg, retryAfterSeconds(response.headers.get('Retry-After')));
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ApiError('ERR_BAD_RESPONSE', `Unexpected response data: ${result.error.message}`);
  }
  return result.data;
}

/** Retry-After in seconds; the date form is not sent by our server. */
function retryAfterSeconds(header: string | null): number | undefined {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What a caller adds to a route's own request: cancellation, a time-out, extra headers. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/**
 * Calls a route of the contracts: the path is filled from `params`, the query and body are
 * checked against the route's schemas before sending, and the answer's data against its
 * response schema. Every API call of the web app goes through here (or `routeUrl` for a link).
 */
export async function call<D extends AnyRoute>(
  route: D,
  input: RouteRequest<D>,
  options: CallOptions = {},
): Promise<RouteData<D>> {
  const { query, body, params } = input as { query?: unknown; body?: unknown; params?: Record<string, string> };
  const parsedQuery = route.query ? (route.query.parse(query ?? {}) as RequestOptions['query']) : undefined;
  const json = route.body ? route.body.parse(body ?? {}) : route.method === 'GET' ? undefined : {};
  return await request(route.response ?? z.unknown(), fillPath(route.path, params), {
    method: route.method,
    query: parsedQuery,
    json,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  }) as RouteData<D>;
}

/** The URL of a GET route that the browser opens itself (a download, an image). */
export function routeUrl<D extends AnyRoute>(route: D, input: RouteRequest<D>): string {
  const { query, params } = input as { query?: Record<string, unknown>; params?: Record<string, string> };
  const plain: RequestOptions['query'] = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) plain[key] = String(value);
  }
  return apiUrl(fillPath(route.path, params), plain);
}
