/**
 * Buying a plan (SPEC §4, §7): sign in if needed, ask the server's payment provider for a
 * checkout, and send the browser to it (Stripe's page, or the local provider's demo checkout).
 * The page the purchase started from is kept so the demo checkout can lead back to it.
 */
import type { BillingCycle, PlanName, PricingLanguage } from '@pagewright/contracts';
import { openLogin, safeReturnPath } from '../account/loginDialog';
import { startCheckout } from './billingApi';

const returnKey = 'pagewright.checkoutReturn';

export type CheckoutOutcome = 'redirected' | 'signInClosed';

export async function checkout(plan: PlanName, cycle: BillingCycle, lang: PricingLanguage): Promise<CheckoutOutcome> {
  if (!(await openLogin())) return 'signInClosed';
  const { checkout_url: url } = await startCheckout({ plan, cycle, lang });
  rememberReturn(`${window.location.pathname}${window.location.search}`);
  window.location.assign(url);
  return 'redirected';
}

function rememberReturn(path: string): void {
  try {
    sessionStorage.setItem(returnKey, path);
  } catch {
    // Storage blocked: the demo checkout then leads to the app home.
  }
}

/** Where the demo checkout leads back to: the page the purchase started from, else /app. */
export function checkoutReturnPath(): string {
  try {
    return safeReturnPath(sessionStorage.getItem(returnKey));
  } catch {
    return safeReturnPath(null);
  }
}
