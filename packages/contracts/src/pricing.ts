/**
 * Plans, prices, the trial, the pricing experiment and the billing calls (SPEC §3 price table
 * and purchase tracking, §4 trial, §7 equity and experiment calls, §9 prices). The pricing
 * page, the pay dialog and the server's checkout read the same numbers from here.
 */
import { z } from 'zod';
import { productId, type PricingGroup } from './limits.js';
import { route } from './route.js';

export const pricingLanguages = ['en', 'de', 'jp', 'fr', 'es', 'pt'] as const;
export type PricingLanguage = (typeof pricingLanguages)[number];

export const currencies = ['USD', 'EUR', 'JPY', 'BRL'] as const;
export type Currency = (typeof currencies)[number];

export const currencyOfLanguage: Record<PricingLanguage, Currency> = {
  en: 'USD', de: 'EUR', fr: 'EUR', es: 'EUR', jp: 'JPY', pt: 'BRL',
};

/** The price table of SPEC §3; amounts in the currency's major unit. */
export interface PriceTable {
  monthly: number;
  annually: number;
  monthlyPlus: number;
  annuallyPlus: number;
  monthlyUpgrade: number;
  annuallyUpgrade: number;
  currency: Currency;
  /** The crossed-out annual price the annual pro price is compared with. */
  proYVirtual: number;
  plusYVirtual: number;
}

/** The 7-day trial of SPEC §4 and §9: basic or advanced, then renewal at the annual price. */
export interface TrialPrices {
  basic: number;
  advanced: number;
  basicRenewal: number;
  advancedRenewal: number;
}

/** The AI plan for users without the pay flag; pay users take the upgrade prices instead. */
export interface AiPlanPrices {
  monthly: number;
  annually: number;
}

export interface CurrencyPrices {
  table: PriceTable;
  trial: TrialPrices;
  aiPlan: AiPlanPrices;
}

/**
 * The control group's prices. USD is SPEC §9's English table and copy; EUR plus (8, 62) is the
 * spec's. Every other EUR amount and the whole JPY and BRL tables are OUR CHOICE (the spec
 * says other currencies have their own tables without giving them): plausible local prices.
 */
const controlPrices: Record<Currency, CurrencyPrices> = {
  USD: {
    table: { monthly: 6, annually: 48, monthlyPlus: 5.99, annuallyPlus: 39.99, monthlyUpgrade: 2, annuallyUpgrade: 14, currency: 'USD', proYVirtual: 72, plusYVirtual: 96 },
    trial: { basic: 0.99, advanced: 1.99, basicRenewal: 39.99, advancedRenewal: 69.99 },
    aiPlan: { monthly: 9.9, annually: 79 },
  },
  EUR: {
    table: { monthly: 7, annually: 56, monthlyPlus: 8, annuallyPlus: 62, monthlyUpgrade: 2.5, annuallyUpgrade: 17, currency: 'EUR', proYVirtual: 84, plusYVirtual: 148 },
    trial: { basic: 0.99, advanced: 1.99, basicRenewal: 62, advancedRenewal: 79.99 },
    aiPlan: { monthly: 9.9, annually: 79 },
  },
  JPY: {
    table: { monthly: 900, annually: 7_200, monthlyPlus: 900, annuallyPlus: 6_000, monthlyUpgrade: 300, annuallyUpgrade: 2_100, currency: 'JPY', proYVirtual: 10_800, plusYVirtual: 14_400 },
    trial: { basic: 150, advanced: 300, basicRenewal: 6_000, advancedRenewal: 10_500 },
    aiPlan: { monthly: 1_500, annually: 12_000 },
  },
  BRL: {
    table: { monthly: 29.9, annually: 239, monthlyPlus: 29.9, annuallyPlus: 199, monthlyUpgrade: 9.9, annuallyUpgrade: 69, currency: 'BRL', proYVirtual: 358.8, plusYVirtual: 478 },
    trial: { basic: 4.99, advanced: 9.99, basicRenewal: 199, advancedRenewal: 349 },
    aiPlan: { monthly: 49.9, annually: 399 },
  },
};

/**
 * The experiment group's prices: the "other variant" of SPEC §9 (monthly 5.95, yearly 39.95,
 * trial 0.95/1.95 USD and 0.99/1.99 EUR, renewals 39.95/49.95 and 69.95/79.95, read as USD/EUR
 * pairs like the trial's). JPY and BRL keep the control tables (our choice).
 */
const experimentPrices: Record<Currency, CurrencyPrices> = {
  ...controlPrices,
  USD: {
    table: { ...controlPrices.USD.table, monthly: 5.95, annually: 39.95, monthlyPlus: 5.95, annuallyPlus: 39.95 },
    trial: { basic: 0.95, advanced: 1.95, basicRenewal: 39.95, advancedRenewal: 69.95 },
    aiPlan: controlPrices.USD.aiPlan,
  },
  EUR: {
    table: { ...controlPrices.EUR.table, monthly: 5.95, annually: 49.95, monthlyPlus: 5.95, annuallyPlus: 49.95 },
    trial: { basic: 0.99, advanced: 1.99, basicRenewal: 49.95, advancedRenewal: 79.95 },
    aiPlan: controlPrices.EUR.aiPlan,
  },
};

export function pricesFor(lang: PricingLanguage, group: PricingGroup): CurrencyPrices {
  const currency = currencyOfLanguage[lang];
  return (group === 'control' ? controlPrices : experimentPrices)[currency];
}

/** Plan names of SPEC §9. */
export const planNames = ['basic_plan', 'advanced_plan', 'Yearly_Plan', 'Monthly_Plan', 'AI_Upgrade'] as const;
export type PlanName = (typeof planNames)[number];

export type BillingCycle = 'month' | 'year';

export interface PlanDefinition {
  /** The flags an active subscription sets on the user. */
  grants: { pay: boolean; ai: boolean };
  /** Days one paid period lasts, per cycle the plan is sold in. */
  cycles: Partial<Record<BillingCycle, number>>;
  /** The trial plans: 7 days at the trial price, then the annual renewal. */
  trialDays?: number;
}

export const TRIAL_DAYS = 7;

export const plans: Record<PlanName, PlanDefinition> = {
  Monthly_Plan: { grants: { pay: true, ai: false }, cycles: { month: 31 } },
  Yearly_Plan: { grants: { pay: true, ai: false }, cycles: { year: 366 } },
  basic_plan: { grants: { pay: true, ai: false }, cycles: { year: 366 }, trialDays: TRIAL_DAYS },
  advanced_plan: { grants: { pay: true, ai: true }, cycles: { year: 366 }, trialDays: TRIAL_DAYS },
  AI_Upgrade: { grants: { pay: false, ai: true }, cycles: { month: 31, year: 366 } },
};

/** The cycle a plan is sold in when the request names none: its first. */
export function defaultCycle(plan: PlanName): BillingCycle {
  return Object.keys(plans[plan].cycles)[0] as BillingCycle;
}

export interface CheckoutPrice {
  /** What is charged now: the trial price for the trial plans. */
  amount: number;
  currency: Currency;
  /** What each later period costs. */
  renewal: number;
  cycle: BillingCycle;
  trialDays: number;
}

/**
 * The price of a plan for a language and group. AI_Upgrade costs the upgrade price for a pay
 * user (SPEC §3 monthlyUpgrade, annuallyUpgrade) and the AI plan otherwise.
 */
export function checkoutPrice(
  plan: PlanName, cycle: BillingCycle, lang: PricingLanguage, group: PricingGroup, user: { pay: boolean },
): CheckoutPrice {
  const { table, trial, aiPlan } = pricesFor(lang, group);
  const yearly = cycle === 'year';
  const paid = (amount: number): CheckoutPrice => ({ amount, currency: table.currency, renewal: amount, cycle, trialDays: 0 });
  switch (plan) {
    case 'Monthly_Plan':
      return paid(table.monthly);
    case 'Yearly_Plan':
      return paid(table.annually);
    case 'basic_plan':
      return { amount: trial.basic, currency: table.currency, renewal: trial.basicRenewal, cycle: 'year', trialDays: TRIAL_DAYS };
    case 'advanced_plan':
      return { amount: trial.advanced, currency: table.currency, renewal: trial.advancedRenewal, cycle: 'year', trialDays: TRIAL_DAYS };
    case 'AI_Upgrade':
      if (user.pay) return paid(yearly ? table.annuallyUpgrade : table.monthlyUpgrade);
      return paid(yearly ? aiPlan.annually : aiPlan.monthly);
  }
}

/** Amounts in the currency's smallest unit, as card processors take them; the yen has none smaller. */
export function minorUnits(amount: number, currency: Currency): number {
  return currency === 'JPY' ? Math.round(amount) : Math.round(amount * 100);
}

// ---------------------------------------------------------------------------------------------
// The billing calls' schemas; `billingRoutes` at the end declares the routes.

const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === 1);

/** SPEC §6: `use_check` true only checks; false consumes one use. */
export const equityRequest = z.object({ use_check: flag.default(true) });
export type EquityRequest = z.infer<typeof equityRequest>;

/** What is left of the daily PDF uses; counts are null when the tier has no daily limit. */
export const pdfEquity = z.object({
  use_check: z.boolean(),
  /** Whether a use is (still) available; after a consuming call, whether one was consumed. */
  allowed: z.boolean(),
  pdf_count: z.number().int().nullable(),
  pdf_use_count: z.number().int(),
  remain: z.number().int().nullable(),
  /** The UTC day the counts are for, YYYY-MM-DD. */
  period: z.string(),
});
export type PdfEquity = z.infer<typeof pdfEquity>;

/** The AI use check of SPEC §3 (ai_count, ai_use_count) for the current UTC month. */
export const aiEquity = z.object({
  use_check: z.boolean(),
  allowed: z.boolean(),
  ai_count: z.number().int(),
  ai_use_count: z.number().int(),
  remain: z.number().int(),
  /** YYYY-MM. */
  period: z.string(),
  policy_name: z.enum(['control', 'experiment']),
});
export type AiEquity = z.infer<typeof aiEquity>;

export const pricesRequest = z.object({ lang: z.enum(pricingLanguages).default('en') });

export const pricesResponse = z.object({
  lang: z.enum(pricingLanguages),
  currency: z.enum(currencies),
  group: z.enum(['control', 'experiment']),
  table: z.object({
    monthly: z.number(), annually: z.number(), monthlyPlus: z.number(), annuallyPlus: z.number(),
    monthlyUpgrade: z.number(), annuallyUpgrade: z.number(), currency: z.enum(currencies),
    proYVirtual: z.number(), plusYVirtual: z.number(),
  }),
  trial: z.object({ days: z.number().int(), basic: z.number(), advanced: z.number(), basicRenewal: z.number(), advancedRenewal: z.number(), available: z.boolean() }),
  aiPlan: z.object({ monthly: z.number(), annually: z.number() }),
  plans: z.array(z.enum(planNames)),
});
export type PricesResponse = z.infer<typeof pricesResponse>;

export const checkoutRequest = z.object({
  plan: z.enum(planNames),
  cycle: z.enum(['month', 'year']).optional(),
  lang: z.enum(pricingLanguages).default('en'),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

export const checkoutResponse = z.object({
  checkout_id: z.string(),
  /** Where the browser goes to pay: the provider's page, or the demo checkout page. */
  checkout_url: z.string(),
  provider: z.enum(['local', 'stripe']),
  plan: z.enum(planNames),
  amount: z.number(),
  currency: z.enum(currencies),
  renewal: z.number(),
  cycle: z.enum(['month', 'year']),
  trial_days: z.number().int(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

export const demoCheckoutRequest = z.object({ checkout_id: z.string().regex(/^[0-9a-f]{32}$/) });

/** The order the demo checkout page shows before its confirm step. */
export const demoCheckoutInfo = z.object({
  checkout_id: z.string(),
  plan: z.enum(planNames),
  status: z.enum(['pending', 'active', 'canceled', 'expired']),
  amount: z.number(),
  currency: z.enum(currencies),
  cycle: z.enum(['month', 'year']),
  trial: z.boolean(),
});
export type DemoCheckoutInfo = z.infer<typeof demoCheckoutInfo>;

export const subscriptionInfo = z.object({
  plan: z.enum(planNames),
  status: z.enum(['pending', 'active', 'canceled', 'expired']),
  provider: z.enum(['local', 'stripe', 'admin']),
  trial: z.boolean(),
  started_at: z.number().nullable(),
  expires_at: z.number().nullable(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfo>;

export const subscriptionResponse = z.object({
  pay: z.boolean(),
  ai: z.boolean(),
  trial_available: z.boolean(),
  subscriptions: z.array(subscriptionInfo),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/** The one experiment of SPEC §7 and its pricing parameter. */
export const PRICE_EXPERIMENT = 'price_test';
export const PRICE_EXPERIMENT_PARAM = 'Cloud_Pricing_Test2';

export const experimentExistRequest = z.object({
  experiment_name: z.string().min(1).max(100),
  /** Whether the caller's group is to be kept (for a signed-in user without one). */
  is_save: flag.default(true),
});

export const experimentExistResponse = z.object({
  experiment_name: z.string(),
  exist: z.boolean(),
  is_save: z.boolean(),
});
export type ExperimentExistResponse = z.infer<typeof experimentExistResponse>;

export const experimentParamsRequest = z.object({
  /** Accepted for compatibility; the server answers for the caller, never for another user. */
  puid: z.string().max(100).optional(),
  'gp.plang': z.enum(pricingLanguages).optional(),
  param_name: z.string().min(1).max(100),
});

export const experimentParamsResponse = z.object({
  param_name: z.string(),
  is_control_group: z.boolean(),
  experiment_id: z.string(),
  experiment_group_id: z.string(),
  policy_name: z.enum(['control', 'experiment']),
});
export type ExperimentParams = z.infer<typeof experimentParamsResponse>;

export const aiPolicyResponse = z.object({ policy_name: z.enum(['control', 'experiment']) });
export type AiPolicyResponse = z.infer<typeof aiPolicyResponse>;

/** The experiment and group ids the params call reports; stable strings the analytics side can join on. */
export const experimentIds = {
  experiment_id: 'price_test',
  groups: { control: 'price_test.control', experiment: 'price_test.experiment' },
} as const;

/** SPEC §3 purchase tracking payload: ids only. */
export const purchaseLogRequest = z.object({
  tid: z.string().min(1).max(100),
  uid: z.string().max(100).default(''),
  pid: z.coerce.number().int().refine((v) => v === productId, `pid must be ${productId}`),
  pver: z.string().max(50).default(''),
  device_id: z.string().max(100).default(''),
  qt_abtest: z.string().max(200).default(''),
}).strict();
export type PurchaseLogRequest = z.infer<typeof purchaseLogRequest>;

/** What the Stripe webhook answers once it has taken an event in. */
export const webhookReceived = z.object({ received: z.literal(true) });

/** The billing calls (SPEC §3, §6, §7). */
export const billingRoutes = {
  pdfEquity: route({
    method: 'POST', path: '/v2/user/pdf-equity', auth: 'visitor',
    summary: 'The PDF entitlement check of SPEC §6: today\'s uses; use_check false consumes one (1100777 when none is left).',
    body: equityRequest, response: pdfEquity,
  }),
  aiEquity: route({
    method: 'POST', path: '/v2/user/ai-equity', auth: 'visitor',
    summary: 'The AI entitlement check of SPEC §6: this month\'s AI uses; use_check false consumes one (11003 when none is left).',
    body: equityRequest, response: aiEquity,
  }),
  prices: route({
    method: 'GET', path: '/v2/pricing/prices', auth: 'visitor',
    summary: 'The price table, trial and AI plan of a pricing language for the caller\'s pricing group (SPEC §3, §9).',
    query: pricesRequest, response: pricesResponse,
  }),
  subscription: route({
    method: 'GET', path: '/v2/billing/subscription', auth: 'user',
    summary: 'The caller\'s plans: pay and ai, whether the trial is still available, and each subscription.',
    response: subscriptionResponse,
  }),
  checkout: route({
    method: 'POST', path: '/v2/billing/checkout', auth: 'user',
    summary: 'Starts buying a plan with the configured payment provider; answers where the browser goes to pay. TRIAL_USED for a second trial.',
    body: checkoutRequest, response: checkoutResponse,
  }),
  demoCheckout: route({
    method: 'GET', path: '/v2/billing/demo/checkout', auth: 'user',
    summary: 'The demo checkout (PAYMENT_PROVIDER=local): the caller\'s order before the confirm step.',
    query: demoCheckoutRequest, response: demoCheckoutInfo,
  }),
  demoConfirm: route({
    method: 'POST', path: '/v2/billing/demo/confirm', auth: 'user',
    summary: 'The demo checkout\'s confirm step: grants the plan at once and answers the caller\'s plans.',
    body: demoCheckoutRequest, response: subscriptionResponse,
  }),
  /**
   * The body is Stripe's event, read as the exact bytes its Stripe-Signature header signs, so
   * it has no schema here; a wrong signature is refused with HTTP 400.
   */
  stripeWebhook: route({
    method: 'POST', path: '/v2/billing/stripe/webhook', auth: 'webhook',
    summary: 'Stripe\'s events (checkout completed, subscription updated or deleted), verified by the Stripe-Signature header; '
      + '2405 when Stripe does not take the payments, WEBHOOK_SIGNATURE_INVALID for a wrong signature.',
    response: webhookReceived,
  }),
  experimentExist: route({
    method: 'GET', path: '/v2/experiment/exist', auth: 'visitor',
    summary: 'The experiment existence check of SPEC §7: price_test exists; is_save tells whether the caller\'s group is kept with the account.',
    query: experimentExistRequest, response: experimentExistResponse,
  }),
  experimentParams: route({
    method: 'GET', path: '/v2/experiment/params', auth: 'visitor',
    summary: 'The pricing parameters of SPEC §7 for the caller (never for the puid sent): is_control_group, experiment and group ids.',
    query: experimentParamsRequest, response: experimentParamsResponse,
  }),
  aiPolicy: route({
    method: 'GET', path: '/v2/experiment/ai-policy', auth: 'visitor',
    summary: 'The AI policy name (control or experiment) the caller\'s AI calls carry.',
    response: aiPolicyResponse,
  }),
  purchaseLog: route({
    method: 'POST', path: '/v1/common/common/log/', auth: 'visitor',
    summary: 'The purchase tracking payload of SPEC §3 (tid, uid, pid 4512, pver, device_id, qt_abtest): stored, ids only.',
    body: purchaseLogRequest, response: z.null(),
  }),
};
