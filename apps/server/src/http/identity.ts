import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PricingGroup } from '@pagewright/contracts';
import { overTls } from './securityHeaders.js';

/**
 * The signed-in user as the server knows them for one request. The accounts module fills it
 * from the session (cookie, token header or basic-auth header, SPEC §7); billing keeps `pay`,
 * `ai` and the plan fields current.
 */
export interface SessionUser {
  user_id: string;
  ws_id: string;
  email: string;
  first_name: string;
  last_name: string;
  avatar: string;
  /** Premium (tool member). */
  pay: boolean;
  /** AI member. */
  ai: boolean;
  career: string | null;
  pricing_group: PricingGroup;
  session_id: string;
}

/** Who is asking. Every object a request creates or reads belongs to `owner`. */
export interface Identity {
  /** A random id kept in an httpOnly cookie: the guest's identity, and the client_sign seed. */
  clientId: string;
  user: SessionUser | null;
  /** `u:<user_id>` when signed in, else `c:<clientId>`. */
  owner: string;
  /** The pricing experiment group: the user's, or for a guest one derived from the client id. */
  group: PricingGroup;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity;
    /** Same as identity.clientId. */
    clientId: string;
  }
}

/**
 * Finds the signed-in user of a request, or null; installed by the accounts module. It throws
 * a session-expiry code (SPEC §6) for a token that no longer works, and may set or clear the
 * session cookie on the reply.
 */
export type UserResolver = (request: FastifyRequest, reply: FastifyReply) => Promise<SessionUser | null>;

const COOKIE = 'pw_client';
const VALID = /^[0-9a-f]{32}$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** A guest stays in one group: the first byte of a hash of their client id decides. */
export function guestGroup(clientId: string): PricingGroup {
  const first = createHash('sha256').update(`pricing-group:${clientId}`).digest()[0]!;
  return first % 2 === 0 ? 'control' : 'experiment';
}

export function ownerOf(user: SessionUser | null, clientId: string): string {
  return user ? `u:${user.user_id}` : `c:${clientId}`;
}

/**
 * Gives every API caller an identity: the cookie's unguessable client id (new if absent) and
 * the signed-in user, if any. The client id is a bearer secret like a session id, so it is
 * httpOnly and never shown to scripts, and Secure on a site reached over TLS (`publicUrl`).
 */
export function registerIdentity(app: FastifyInstance, resolveUser: () => UserResolver | undefined, publicUrl: string): void {
  app.decorateRequest('clientId', '');
  app.decorateRequest('identity', null as unknown as Identity);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) {
      // A page load gets its client id with the page: the API calls the page then makes at
      // once all carry the same one. Each would otherwise be given its own, and a client_sign
      // made for one would not match the cookie another left (403 on the message calls).
      if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html') && !VALID.test(cookieValue(request.headers.cookie, COOKIE) ?? '')) {
        setClientCookie(reply, randomBytes(16).toString('hex'), overTls(request, publicUrl));
      }
      return;
    }
    const existing = cookieValue(request.headers.cookie, COOKIE);
    let clientId: string;
    if (existing && VALID.test(existing)) {
      clientId = existing;
    } else {
      clientId = randomBytes(16).toString('hex');
      setClientCookie(reply, clientId, overTls(request, publicUrl));
    }
    // Set first: signing in by basic auth throttles failures by client.
    request.clientId = clientId;
    const user = (await resolveUser()?.(request, reply)) ?? null;
    request.identity = { clientId, user, owner: ownerOf(user, clientId), group: user ? user.pricing_group : guestGroup(clientId) };
  });
}

/**
 * Path=/ so that a page load sees the cookie too and does not make another. A browser that
 * still holds a cookie of an earlier version (Path=/api) sends that one first to the API (the
 * longer path comes first), so its identity stays what it was.
 */
function setClientCookie(reply: FastifyReply, clientId: string, secure: boolean): void {
  reply.header('Set-Cookie', `${COOKIE}=${clientId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${ONE_YEAR_S}${secure ? '; Secure' : ''}`);
}
