/** Billing: entitlements, equity, plans, payment providers and the pricing experiment. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { RouteSpec } from '../../http/route.js';
import type { FilesService } from '../files/service.js';
import type { TasksService } from '../tasks/service.js';
import { Entitlements } from './entitlements.js';
import { PlansService } from './plans.js';
import { LocalPaymentProvider, StripePaymentProvider } from './providers.js';
import { BillingRepo } from './repo.js';
import { billingRoutes, registerBillingHttp } from './routes.js';

export interface Billing {
  routes: RouteSpec[];
  /** The webhook and the download check, which are not RouteSpecs. */
  register(http: FastifyInstance): Promise<void>;
  /** Ends plans whose period is over. */
  sweep(): Promise<number>;
}

export function billingModule(deps: { db: Db; tasks: TasksService; files: FilesService; config: Config }): Billing {
  const settings = deps.config.billing;
  const repo = new BillingRepo(deps.db);
  const plans = new PlansService(repo);
  const entitlements = new Entitlements(repo, settings, async (owner, fileId, password) => (await deps.files.documentInfo(owner, fileId, password)).total_page);
  deps.tasks.addGate(entitlements.gate);
  const stripe = settings.paymentProvider === 'stripe' && settings.stripe
    ? new StripePaymentProvider(settings.stripe.secretKey, settings.stripe.webhookSecret, deps.config.accounts.publicUrl)
    : null;
  const routeDeps = { repo, plans, entitlements, provider: stripe ?? new LocalPaymentProvider() };
  return {
    routes: billingRoutes(routeDeps),
    register: (http) => registerBillingHttp(http, routeDeps, stripe),
    sweep: () => plans.sweepExpired(),
  };
}
