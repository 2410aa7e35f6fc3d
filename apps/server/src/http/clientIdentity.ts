import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: a random id kept in an httpOnly cookie, until accounts name the user. */
    clientId: string;
  }
}

const COOKIE = 'pw_client';
const VALID = /^[0-9a-f]{32}$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * Gives every API caller a stable identity: the cookie's unguessable id, or a new one. It is
 * a bearer secret like a session id, so it is httpOnly and never shown to scripts.
 */
export function registerClientIdentity(app: FastifyInstance): void {
  app.decorateRequest('clientId', '');
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const existing = cookieValue(request.headers.cookie, COOKIE);
    if (existing && VALID.test(existing)) {
      request.clientId = existing;
      return;
    }
    request.clientId = randomBytes(16).toString('hex');
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('Set-Cookie', `${COOKIE}=${request.clientId}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=${ONE_YEAR_S}${secure}`);
  });
}
