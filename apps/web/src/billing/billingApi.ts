/**
 * The billing calls of the pricing page and the pay dialog (SPEC §7): prices for the page's
 * language and the caller's pricing group, checkout through the server's payment provider,
 * the local provider's demo checkout, and the purchase tracking log of SPEC §3.
 */
import {
  billingRoutes,
  type CheckoutRequest,
  type CheckoutResponse,
  type DemoCheckoutInfo,
  type PricesResponse,
  type PricingLanguage,
  type PurchaseLogRequest,
  type SubscriptionResponse,
} from '@pagewright/contracts';
import { call } from '../api/http';

export function getPrices(lang: PricingLanguage, signal?: AbortSignal): Promise<PricesResponse> {
  return call(billingRoutes.prices, { query: { lang } }, { signal });
}

/** Starts a purchase; the answer says where the browser goes to pay. */
export function startCheckout(body: CheckoutRequest): Promise<CheckoutResponse> {
  return call(billingRoutes.checkout, { body });
}

/** The local provider's pending checkout, shown on the demo checkout page before it is paid. */
export function getDemoCheckout(checkoutId: string, signal?: AbortSignal): Promise<DemoCheckoutInfo> {
  return call(billingRoutes.demoCheckout, { query: { checkout_id: checkoutId } }, { signal });
}

/** Pays a demo checkout: the server grants the plan to the signed-in user and answers their plans. */
export function confirmDemoCheckout(checkoutId: string): Promise<SubscriptionResponse> {
  return call(billingRoutes.demoConfirm, { body: { checkout_id: checkoutId } });
}

/** The caller's plans: whether pay and ai are on, and each subscription. */
export function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return call(billingRoutes.subscription, {}, { signal });
}

export async function sendPurchaseLog(payload: PurchaseLogRequest): Promise<void> {
  await call(billingRoutes.purchaseLog, { body: payload });
}
