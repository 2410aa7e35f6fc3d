/**
 * Who takes the money (PAYMENT_PROVIDER): the built-in demo checkout, which grants the plan
 * after a confirm step, or Stripe Checkout with a signed webhook.
 */
import { CatalogueError, minorUnits, type CheckoutPrice, type PlanName } from '@pagewright/contracts';
import Stripe from 'stripe';

export interface CheckoutInput {
  /** Our subscription id of the pending checkout; the provider hands it back when paid. */
  checkoutId: string;
  user: { user_id: string; email: string };
  plan: PlanName;
  price: CheckoutPrice;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** Where the browser goes to pay, and the provider's id for the checkout. */
  createCheckout(input: CheckoutInput): Promise<{ url: string; providerRef: string | null }>;
}

/** The demo checkout: a page of the web app that shows the order and confirms it. */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local';

  async createCheckout(input: CheckoutInput): Promise<{ url: string; providerRef: string | null }> {
    return { url: `/app/checkout/demo?checkout_id=${input.checkoutId}`, providerRef: input.checkoutId };
  }
}

/** What a verified Stripe event means for our subscriptions. */
export type StripeNews =
  | { kind: 'paid'; checkoutId: string; providerRef: string | null }
  | { kind: 'subscription'; providerRef: string; active: boolean; expiresAt: number | null }
  | { kind: 'ignored'; type: string };

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(secretKey: string, private readonly webhookSecret: string, private readonly publicUrl: string) {
    this.stripe = new Stripe(secretKey);
  }

  async createCheckout(input: CheckoutInput): Promise<{ url: string; providerRef: string | null }> {
    const { price } = input;
    const currency = price.currency.toLowerCase();
    const metadata = { checkout_id: input.checkoutId, user_id: input.user.user_id, plan: input.plan };
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [{
      quantity: 1,
      price_data: {
        currency,
        unit_amount: minorUnits(price.renewal, price.currency),
        recurring: { interval: price.cycle },
        product_data: { name: input.plan },
      },
    }];
    // The trial's own price is charged once at the start; the subscription renews after it.
    if (price.trialDays > 0) {
      lineItems.push({ quantity: 1, price_data: { currency, unit_amount: minorUnits(price.amount, price.currency), product_data: { name: `${input.plan} trial` } } });
    }
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: lineItems,
      client_reference_id: input.checkoutId,
      customer_email: input.user.email,
      metadata,
      subscription_data: { metadata, ...(price.trialDays > 0 ? { trial_period_days: price.trialDays } : {}) },
      success_url: `${this.publicUrl}/app/checkout/done?checkout_id=${input.checkoutId}`,
      cancel_url: `${this.publicUrl}/pricing`,
    });
    if (!session.url) throw new CatalogueError('CHECKOUT_UNAVAILABLE', 'Stripe returned no checkout URL');
    return { url: session.url, providerRef: session.id };
  }

  /** Verifies the signature over the raw body; a bad or stale one is refused. */
  verify(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new CatalogueError('WEBHOOK_SIGNATURE_INVALID', 'no stripe-signature header');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (err) {
      throw new CatalogueError('WEBHOOK_SIGNATURE_INVALID', (err as Error).message);
    }
  }

  static news(event: Stripe.Event): StripeNews {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const checkoutId = session.metadata?.checkout_id ?? session.client_reference_id;
        if (!checkoutId) return { kind: 'ignored', type: event.type };
        const subscription = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id ?? null;
        return { kind: 'paid', checkoutId, providerRef: subscription };
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        const end = sub.items.data[0]?.current_period_end;
        const active = event.type === 'customer.subscription.updated' && (sub.status === 'active' || sub.status === 'trialing');
        return { kind: 'subscription', providerRef: sub.id, active, expiresAt: end ? end * 1000 : null };
      }
      default:
        return { kind: 'ignored', type: event.type };
    }
  }
}
