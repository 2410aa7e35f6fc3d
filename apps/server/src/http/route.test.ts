import { route } from '@pagewright/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Identity } from './identity.js';
import { implement, registerRoutes, sendError } from './route.js';

const echo = route({
  method: 'POST', path: '/echo/:name', auth: 'visitor', summary: 'answers what it was sent',
  query: z.object({ times: z.coerce.number().int().min(1) }), body: z.object({ word: z.string() }),
  response: z.object({ said: z.string() }),
});
const mine = route({ method: 'GET', path: '/mine', auth: 'user', summary: 'only for a signed-in user', response: z.null() });

function appWith(user: Identity['user']) {
  const app = Fastify();
  app.decorateRequest('identity', null as unknown as Identity);
  app.addHook('onRequest', async (request) => {
    request.identity = { clientId: 'c', user, owner: user ? 'u:1' : 'c:c', group: 'control' };
  });
  app.setErrorHandler((error, request, reply) => reply.send(sendError(error, request, reply)));
  return app;
}

const handlers = [
  implement(echo, async ({ query, body, params }) => ({ said: `${params.name}:${body.word.repeat(query.times)}` })),
  implement(mine, async () => null),
];

describe('registerRoutes', () => {
  it('parses the request with the declaration and wraps the answer in the envelope', async () => {
    const app = appWith(null);
    registerRoutes(app, handlers, [echo, mine]);
    const res = await app.inject({ method: 'POST', url: '/api/echo/ann?times=2', payload: { word: 'hi' } });
    expect(res.json()).toEqual({ status: 0, code: 0, msg: 'success', data: { said: 'ann:hihi' } });
  });

  it('answers INVALID_PARAMS when the query does not fit its schema', async () => {
    const app = appWith(null);
    registerRoutes(app, handlers, [echo, mine]);
    const res = await app.inject({ method: 'POST', url: '/api/echo/ann?times=0', payload: { word: 'hi' } });
    expect(res.json()).toMatchObject({ code: 'INVALID_PARAMS' });
  });

  it('refuses a guest on a route declared for users with 1401', async () => {
    const guest = appWith(null);
    registerRoutes(guest, handlers, [echo, mine]);
    expect((await guest.inject({ method: 'GET', url: '/api/mine' })).json()).toMatchObject({ code: 1401 });
  });

  it('refuses to start when a declared route has no handler, or one has two', () => {
    expect(() => registerRoutes(appWith(null), [handlers[0]!], [echo, mine])).toThrow(/GET \/mine/);
    expect(() => registerRoutes(appWith(null), [...handlers, handlers[1]!], [echo, mine])).toThrow(/twice/);
  });
});
