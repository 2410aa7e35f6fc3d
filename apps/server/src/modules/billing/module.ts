/** Billing: entitlements, equity, plans, payment providers and the pricing experiment. */
import type { FastifyInstance } from 'fastify';
import type { Payments } from '../../adapters/index.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { RouteImplementation } from '../../http/route.js';
import type { FilesService } from '../files/service.js';
import type { TasksService } from '../tasks/service.js';
import { Entitlements } from './entitlements.js';
import { PlansService } from './plans.js';
import { BillingRepo } from './repo.js';
import { billingRoutes, registerBillingHooks } from './routes.js';
import { BillingService } from './service.js';

export interface Billing {
  routes: RouteImplementation[];
  /** The hooks that are not routes: the webhook's raw body, and the download check. */
  register(http: FastifyInstance): Promise<void>;
  /** Ends plans whose period is over. */
  sweep(): Promise<number>;
}

/** `payments` is the provider chosen from PAYMENT_PROVIDER by the adapters module (src/adapters). */
export function billingModule(deps: { db: Db; tasks: TasksService; files: FilesService; config: Config; payments: Payments }): Billing {
  const settings = deps.config.billing;
  const repo = new BillingRepo(deps.db);
  const plans = new PlansService(repo);
  const entitlements = new Entitlements(repo, settings, async (owner, fileId, password) => (await deps.files.documentInfo(owner, fileId, password)).total_page);
  deps.tasks.addGate(entitlements.gate);
  const billing = new BillingService({ repo, plans, entitlements, provider: deps.payments.provider, stripe: deps.payments.stripe });
  return {
    routes: billingRoutes(billing),
    register: async (http) => registerBillingHooks(http, billing),
    sweep: () => plans.sweepExpired(),
  };
}
