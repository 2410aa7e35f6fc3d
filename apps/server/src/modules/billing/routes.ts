import { Transform } from 'node:stream';
import { API_PREFIX, billingRoutes as routes, taskRoutes } from '@pagewright/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { implement, type RouteImplementation } from '../../http/route.js';
import { requireUser } from '../auth/service.js';
import type { BillingService } from './service.js';

/** The bytes of each Stripe webhook request as they arrived, which its signature covers. */
const rawBodies = new WeakMap<FastifyRequest, Buffer[]>();

export function billingRoutes(billing: BillingService): RouteImplementation[] {
  return [
    implement(routes.pdfEquity, ({ body }, request) => billing.pdfEquity(request.identity, !body.use_check)),
    implement(routes.aiEquity, ({ body }, request) => billing.aiEquity(request.identity, !body.use_check)),
    implement(routes.prices, ({ query }, request) => billing.prices(request.identity, query.lang)),
    implement(routes.subscription, (_input, request) => billing.subscription(requireUser(request.identity))),
    implement(routes.checkout, ({ body }, request) => billing.checkout(requireUser(request.identity), request.identity.group, body)),
    implement(routes.demoCheckout, ({ query }, request) => billing.demoCheckout(requireUser(request.identity), query.checkout_id)),
    implement(routes.demoConfirm, ({ body }, request) => billing.confirmDemoCheckout(requireUser(request.identity), body.checkout_id)),
    implement(routes.stripeWebhook, async (_input, request) => {
      const signature = request.headers['stripe-signature'];
      // A bad signature throws WEBHOOK_SIGNATURE_INVALID, answered with HTTP 400 (envelope.ts).
      const received = await billing.receiveStripeEvent(Buffer.concat(rawBodies.get(request) ?? []), typeof signature === 'string' ? signature : undefined);
      request.log.info(received, 'stripe webhook');
      return { received: true } as const;
    }),
    implement(routes.experimentExist, async ({ query }, request) => billing.experimentExist(request.identity, query.experiment_name, query.is_save)),
    implement(routes.experimentParams, async ({ query }, request) => billing.experimentParams(request.identity, query.param_name)),
    implement(routes.aiPolicy, async (_input, request) => billing.aiPolicy(request.identity)),
    implement(routes.purchaseLog, async ({ body }, request) => {
      await billing.logPurchase(request.identity.owner, body);
      return null;
    }),
  ];
}

/**
 * What cannot be a declared route, as Fastify hooks:
 * - the Stripe webhook's signature covers the exact bytes of its body, which the JSON parser
 *   does not keep: a preParsing hook copies them as they stream past, for that route only;
 * - downloads of the tasks' routes by guests wait for sign-in when the operator says so, a
 *   check of billing's on routes that are not billing's.
 */
export function registerBillingHooks(http: FastifyInstance, billing: BillingService): void {
  const webhook = API_PREFIX + routes.stripeWebhook.path;
  http.addHook('preParsing', async (request, _reply, payload) => {
    if (request.routeOptions.url !== webhook) return payload;
    const chunks: Buffer[] = [];
    rawBodies.set(request, chunks);
    const copy = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done(null, chunk);
      },
    });
    payload.on('error', (err) => copy.destroy(err));
    return payload.pipe(copy);
  });

  const downloads = new Set([API_PREFIX + taskRoutes.downloadDoc.path, API_PREFIX + taskRoutes.downloadDocBulk.path]);
  http.addHook('preHandler', async (request) => {
    if (downloads.has(request.routeOptions.url ?? '')) billing.checkDownload(request.identity);
  });
}
