/**
 * The billing use cases behind the HTTP calls: the equity checks, prices and checkout, the
 * demo checkout, the pricing experiment, purchase tracking and Stripe's news about payments.
 */
import {
  CatalogueError, checkoutPrice, defaultCycle, experimentIds, planNames, plans, PRICE_EXPERIMENT, PRICE_EXPERIMENT_PARAM,
  pricesFor, TRIAL_DAYS,
  type AiEquity, type AiPolicyResponse, type CheckoutRequest, type CheckoutResponse, type Currency, type DemoCheckoutInfo, type ExperimentExistResponse, type ExperimentParams,
  type PdfEquity, type PlanName, type PricesResponse, type PricingGroup, type PricingLanguage, type PurchaseLogRequest,
  type SubscriptionResponse,
} from '@pagewright/contracts';
import type { Identity, SessionUser } from '../../http/identity.js';
import type { Entitlements } from './entitlements.js';
import type { PlansService } from './plans.js';
import { StripePaymentProvider, type PaymentProvider, type StripeNews } from './providers.js';
import type { BillingRepo, SubscriptionRow } from './repo.js';

export interface BillingServiceDeps {
  repo: BillingRepo;
  plans: PlansService;
  entitlements: Entitlements;
  /** Who takes the money: checkouts are created with it. */
  provider: PaymentProvider;
  /** Stripe, when it takes the payments: its webhook events are verified with it. */
  stripe: StripePaymentProvider | null;
}

export class BillingService {
  private readonly repo: BillingRepo;
  private readonly plans: PlansService;
  private readonly entitlements: Entitlements;
  private readonly provider: PaymentProvider;
  private readonly stripe: StripePaymentProvider | null;

  constructor(deps: BillingServiceDeps) {
    this.repo = deps.repo;
    this.plans = deps.plans;
    this.entitlements = deps.entitlements;
    this.provider = deps.provider;
    this.stripe = deps.stripe;
  }

  /** The day's PDF uses; `consume` takes one (1100777 when none is left). */
  pdfEquity(identity: Identity, consume: boolean): Promise<PdfEquity> {
    return this.entitlements.pdfEquity(identity, consume);
  }

  /** The month's AI uses; `consume` takes one (11003 when none is left). */
  aiEquity(identity: Identity, consume: boolean): Promise<AiEquity> {
    return this.entitlements.aiEquity(identity, consume);
  }

  /** Guests sign in before a download when the operator says so (SPEC §6). */
  checkDownload(identity: Identity): void {
    this.entitlements.checkDownload(identity);
  }

  /** The prices of a pricing language for the caller's group; a guest may always take the trial. */
  async prices(identity: Identity, lang: PricingLanguage): Promise<PricesResponse> {
    const prices = pricesFor(lang, identity.group);
    const trialAvailable = identity.user ? await this.plans.trialAvailable(identity.user.user_id) : true;
    return {
      lang,
      currency: prices.table.currency,
      group: identity.group,
      table: prices.table,
      trial: { days: TRIAL_DAYS, ...prices.trial, available: trialAvailable },
      aiPlan: prices.aiPlan,
      plans: [...planNames],
    };
  }

  subscription(user: SessionUser): Promise<SubscriptionResponse> {
    return this.plans.summary(user.user_id);
  }

  /** A pending checkout with the payment provider, at the price of the caller's language and group. */
  async checkout(user: SessionUser, group: PricingGroup, order: CheckoutRequest): Promise<CheckoutResponse> {
    const { plan } = order;
    const cycle = order.cycle ?? defaultCycle(plan);
    if (!(cycle in plans[plan].cycles)) throw new CatalogueError('INVALID_PARAMS', `${plan} is not sold by the ${cycle}`);
    const price = checkoutPrice(plan, cycle, order.lang, group, { pay: user.pay });
    const row = await this.plans.startCheckout(user.user_id, plan, price, this.provider.name);
    const created = await this.provider.createCheckout({ checkoutId: row.subscription_id, user, plan, price });
    if (created.providerRef) await this.repo.setProviderRef(row.subscription_id, created.providerRef);
    return {
      checkout_id: row.subscription_id,
      checkout_url: created.url,
      provider: this.provider.name,
      plan,
      amount: price.amount,
      currency: price.currency,
      renewal: price.renewal,
      cycle: price.cycle,
      trial_days: price.trialDays,
    };
  }

  /** The user's own demo checkout, as its page shows it before the confirm step. */
  async demoCheckout(user: SessionUser, checkoutId: string): Promise<DemoCheckoutInfo> {
    const row = await this.ownDemoCheckout(user, checkoutId);
    return {
      checkout_id: row.subscription_id,
      plan: row.plan as PlanName,
      status: row.status,
      amount: row.amount,
      currency: row.currency as Currency,
      cycle: row.cycle as 'month' | 'year',
      trial: row.trial === 1,
    };
  }

  /** Pays the user's own demo checkout: the plan is granted at once; answers the user's plans. */
  async confirmDemoCheckout(user: SessionUser, checkoutId: string): Promise<SubscriptionResponse> {
    const row = await this.ownDemoCheckout(user, checkoutId);
    if (row.status === 'pending') await this.plans.activate(row.subscription_id, row.provider_ref);
    return this.plans.summary(row.user_id);
  }

  /** The caller's own checkout of the demo provider; another user's id is not found. */
  private async ownDemoCheckout(user: SessionUser, checkoutId: string): Promise<SubscriptionRow> {
    if (this.provider.name !== 'local') throw new CatalogueError('CHECKOUT_UNAVAILABLE', 'the demo checkout is off');
    const row = await this.repo.subscription(checkoutId);
    if (!row || row.user_id !== user.user_id || row.provider !== 'local') throw new CatalogueError(2405);
    return row;
  }

  experimentExist(identity: Identity, experimentName: string, isSave: boolean): ExperimentExistResponse {
    return {
      experiment_name: experimentName,
      exist: experimentName === PRICE_EXPERIMENT,
      // A signed-in user's group is stored with the account at sign-up; a guest's follows the client id.
      is_save: isSave && identity.user !== null,
    };
  }

  /** The pricing parameter for the caller; 2405 for any other parameter. */
  experimentParams(identity: Identity, paramName: string): ExperimentParams {
    if (paramName !== PRICE_EXPERIMENT_PARAM) throw new CatalogueError(2405, `no parameter ${paramName}`);
    const { group } = identity;
    return {
      param_name: paramName,
      is_control_group: group === 'control',
      experiment_id: experimentIds.experiment_id,
      experiment_group_id: experimentIds.groups[group],
      policy_name: group,
    };
  }

  /** The policy_name SPEC §7 sends with AI calls: the caller's pricing group. */
  aiPolicy(identity: Identity): AiPolicyResponse {
    return { policy_name: identity.group };
  }

  async logPurchase(owner: string, log: PurchaseLogRequest, now = Date.now()): Promise<void> {
    await this.repo.insertPurchaseLog({ owner, ...log, created_at: now });
  }

  /**
   * A Stripe event, once its signature over the raw body checks out: a paid checkout activates
   * its plan, a subscription's renewal or end updates the plan. 2405 when Stripe does not take
   * the payments, WEBHOOK_SIGNATURE_INVALID for a wrong signature.
   */
  async receiveStripeEvent(rawBody: Buffer, signature: string | undefined): Promise<{ type: string; outcome: StripeNews['kind'] }> {
    if (!this.stripe) throw new CatalogueError(2405, 'Stripe does not take the payments');
    const event = this.stripe.verify(rawBody, signature);
    const news = StripePaymentProvider.news(event);
    if (news.kind === 'paid') {
      const row = await this.repo.subscription(news.checkoutId);
      if (row?.status === 'pending') await this.plans.activate(row.subscription_id, news.providerRef);
    } else if (news.kind === 'subscription') {
      const row = await this.repo.subscriptionByProviderRef('stripe', news.providerRef);
      if (row) await this.plans.providerUpdate(row, news);
    }
    return { type: event.type, outcome: news.kind };
  }
}
