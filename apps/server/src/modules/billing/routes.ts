import {
  aiEquity, aiPolicyResponse, API_PREFIX, billingPaths, CatalogueError, checkoutPrice, checkoutRequest, checkoutResponse,
  defaultCycle, demoCheckoutInfo, demoCheckoutRequest, equityRequest, experimentExistRequest, experimentExistResponse,
  experimentIds, experimentParamsRequest, experimentParamsResponse, paths, pdfEquity, planNames, plans, PRICE_EXPERIMENT,
  PRICE_EXPERIMENT_PARAM, pricesFor, pricesRequest, pricesResponse, purchaseLogRequest, subscriptionResponse,
  TRIAL_DAYS, type CheckoutRequest, type Currency, type PlanName, type PurchaseLogRequest,
} from '@pagewright/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { failure, ok } from '../../http/envelope.js';
import type { Identity, SessionUser } from '../../http/identity.js';
import { defineRoute, type RouteSpec } from '../../http/route.js';
import type { Entitlements } from './entitlements.js';
import type { PlansService } from './plans.js';
import { StripePaymentProvider, type PaymentProvider } from './providers.js';
import type { BillingRepo } from './repo.js';

export interface BillingRouteDeps {
  repo: BillingRepo;
  plans: PlansService;
  entitlements: Entitlements;
  provider: PaymentProvider;
}

function signedIn(identity: Identity): SessionUser {
  if (!identity.user) throw new CatalogueError(1401);
  return identity.user;
}

export function billingRoutes({ repo, plans: planService, entitlements, provider }: BillingRouteDeps): RouteSpec[] {
  async function checkout(identity: Identity, body: CheckoutRequest): Promise<z.infer<typeof checkoutResponse>> {
    const user = signedIn(identity);
    const plan: PlanName = body.plan;
    const cycle = body.cycle ?? defaultCycle(plan);
    if (!(cycle in plans[plan].cycles)) throw new CatalogueError('INVALID_PARAMS', `${plan} is not sold by the ${cycle}`);
    const price = checkoutPrice(plan, cycle, body.lang, identity.group, { pay: user.pay });
    const row = await planService.startCheckout(user.user_id, plan, price, provider.name);
    const created = await provider.createCheckout({ checkoutId: row.subscription_id, user, plan, price });
    if (created.providerRef) await repo.setProviderRef(row.subscription_id, created.providerRef);
    return {
      checkout_id: row.subscription_id,
      checkout_url: created.url,
      provider: provider.name,
      plan,
      amount: price.amount,
      currency: price.currency,
      renewal: price.renewal,
      cycle: price.cycle,
      trial_days: price.trialDays,
    };
  }

  /** The caller's own pending demo checkout; another user's id is not found. */
  async function ownDemoCheckout(identity: Identity, checkoutId: string) {
    const user = signedIn(identity);
    if (provider.name !== 'local') throw new CatalogueError('CHECKOUT_UNAVAILABLE', 'the demo checkout is off');
    const row = await repo.subscription(checkoutId);
    if (!row || row.user_id !== user.user_id || row.provider !== 'local') throw new CatalogueError(2405);
    return row;
  }

  return [
    defineRoute({
      method: 'POST',
      url: billingPaths.pdfEquity,
      summary: 'The PDF entitlement check of SPEC §6: today\'s uses; use_check false consumes one (1100777 when none is left).',
      body: equityRequest,
      response: pdfEquity,
      handler: ({ body }, request) => entitlements.pdfEquity(request.identity, !body.use_check),
    }),
    defineRoute({
      method: 'POST',
      url: billingPaths.aiEquity,
      summary: 'The AI entitlement check of SPEC §6: this month\'s AI uses; use_check false consumes one (11003 when none is left).',
      body: equityRequest,
      response: aiEquity,
      handler: ({ body }, request) => entitlements.aiEquity(request.identity, !body.use_check),
    }),
    defineRoute({
      method: 'GET',
      url: billingPaths.prices,
      summary: 'The price table, trial and AI plan of a pricing language for the caller\'s pricing group (SPEC §3, §9).',
      query: pricesRequest,
      response: pricesResponse,
      handler: async ({ query }, request) => {
        const { identity } = request;
        const prices = pricesFor(query.lang, identity.group);
        const trialAvailable = identity.user ? await planService.trialAvailable(identity.user.user_id) : true;
        return {
          lang: query.lang,
          currency: prices.table.currency,
          group: identity.group,
          table: prices.table,
          trial: { days: TRIAL_DAYS, ...prices.trial, available: trialAvailable },
          aiPlan: prices.aiPlan,
          plans: [...planNames],
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: billingPaths.subscription,
      summary: 'The caller\'s plans: pay and ai, whether the trial is still available, and each subscription.',
      response: subscriptionResponse,
      handler: (_input, request) => planService.summary(signedIn(request.identity).user_id),
    }),
    defineRoute({
      method: 'POST',
      url: billingPaths.checkout,
      summary: 'Starts buying a plan with the configured payment provider; answers where the browser goes to pay. TRIAL_USED for a second trial.',
      body: checkoutRequest,
      response: checkoutResponse,
      handler: ({ body }, request) => checkout(request.identity, body as CheckoutRequest),
    }),
    defineRoute({
      method: 'GET',
      url: billingPaths.demoCheckout,
      summary: 'The demo checkout (PAYMENT_PROVIDER=local): the caller\'s order before the confirm step.',
      query: demoCheckoutRequest,
      response: demoCheckoutInfo,
      handler: async ({ query }, request) => {
        const row = await ownDemoCheckout(request.identity, query.checkout_id);
        return {
          checkout_id: row.subscription_id,
          plan: row.plan as PlanName,
          status: row.status,
          amount: row.amount,
          currency: row.currency as Currency,
          cycle: row.cycle as 'month' | 'year',
          trial: row.trial === 1,
        };
      },
    }),
    defineRoute({
      method: 'POST',
      url: billingPaths.demoConfirm,
      summary: 'The demo checkout\'s confirm step: grants the plan at once and answers the caller\'s plans.',
      body: demoCheckoutRequest,
      response: subscriptionResponse,
      handler: async ({ body }, request) => {
        const row = await ownDemoCheckout(request.identity, body.checkout_id);
        if (row.status === 'pending') await planService.activate(row.subscription_id, row.provider_ref);
        return planService.summary(row.user_id);
      },
    }),
    defineRoute({
      method: 'GET',
      url: billingPaths.experimentExist,
      summary: 'The experiment existence check of SPEC §7: price_test exists; is_save tells whether the caller\'s group is kept with the account.',
      query: experimentExistRequest,
      response: experimentExistResponse,
      handler: async ({ query }, request) => ({
        experiment_name: query.experiment_name,
        exist: query.experiment_name === PRICE_EXPERIMENT,
        // A signed-in user's group is stored with the account at sign-up; a guest's follows the client id.
        is_save: query.is_save && request.identity.user !== null,
      }),
    }),
    defineRoute({
      method: 'GET',
      url: billingPaths.experimentParams,
      summary: 'The pricing parameters of SPEC §7 for the caller (never for the puid sent): is_control_group, experiment and group ids.',
      query: experimentParamsRequest,
      response: experimentParamsResponse,
      handler: async ({ query }, request) => {
        if (query.param_name !== PRICE_EXPERIMENT_PARAM) throw new CatalogueError(2405, `no parameter ${query.param_name}`);
        const group = request.identity.group;
        return {
          param_name: query.param_name,
          is_control_group: group === 'control',
          experiment_id: experimentIds.experiment_id,
          experiment_group_id: experimentIds.groups[group],
          policy_name: group,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: billingPaths.aiPolicy,
      summary: 'The AI policy name (control or experiment) the caller\'s AI calls carry.',
      response: aiPolicyResponse,
      handler: async (_input, request) => ({ policy_name: aiPolicyName(request.identity) }),
    }),
    defineRoute({
      method: 'POST',
      url: billingPaths.purchaseLog,
      summary: 'The purchase tracking payload of SPEC §3 (tid, uid, pid 4512, pver, device_id, qt_abtest): stored, ids only.',
      body: purchaseLogRequest,
      response: z.null(),
      handler: async ({ body }, request) => {
        const log = body as PurchaseLogRequest;
        await repo.insertPurchaseLog({ owner: request.identity.owner, ...log, created_at: Date.now() });
        return null;
      },
    }),
  ];
}

/** The policy_name SPEC §7 sends with AI calls: the caller's pricing group. */
export function aiPolicyName(identity: Identity): 'control' | 'experiment' {
  return identity.group;
}

/**
 * What a RouteSpec cannot express: the Stripe webhook reads its raw body (the signature is over
 * the exact bytes), and downloads by guests wait for sign-in.
 */
export async function registerBillingHttp(http: FastifyInstance, deps: BillingRouteDeps, stripe: StripePaymentProvider | null): Promise<void> {
  const downloads = new Set([API_PREFIX + paths.downloadDoc, API_PREFIX + paths.downloadDocBulk]);
  http.addHook('preHandler', async (request) => {
    if (downloads.has(request.routeOptions.url ?? '')) deps.entitlements.checkDownload(request.identity);
  });
  await http.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(API_PREFIX + billingPaths.stripeWebhook, async (request, reply) => {
      if (!stripe) return reply.status(404).send(failure(2405));
      let event;
      try {
        event = stripe.verify(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
      } catch (err) {
        request.log.warn({ err }, 'stripe webhook refused');
        return reply.status(400).send(failure('WEBHOOK_SIGNATURE_INVALID'));
      }
      const news = StripePaymentProvider.news(event);
      if (news.kind === 'paid') {
        const row = await deps.repo.subscription(news.checkoutId);
        if (row?.status === 'pending') await deps.plans.activate(row.subscription_id, news.providerRef);
      } else if (news.kind === 'subscription') {
        const row = await deps.repo.subscriptionByProviderRef('stripe', news.providerRef);
        if (row) await deps.plans.providerUpdate(row, news);
      }
      request.log.info({ type: event.type, outcome: news.kind }, 'stripe webhook');
      return ok({ received: true });
    });
  });
}
