import type { PricesResponse, PricingLanguage } from '@pagewright/contracts';
import { useEffect, useState } from 'react';
import { isCanceled, toApiError, type ApiErrorCode } from '../api/ApiError';
import { useAccountStore } from '../account/accountStore';
import { getPrices } from './billingApi';

export type PricesState =
  | { kind: 'loading' }
  | { kind: 'loaded'; prices: PricesResponse }
  | { kind: 'failed'; code: ApiErrorCode };

/**
 * The prices of the page's language for the caller's pricing group (the server knows the
 * group); read again when the user signs in or out, since the group and the trial may change.
 */
export function usePrices(lang: PricingLanguage, enabled = true): PricesState {
  const userId = useAccountStore((s) => s.user?.user_id ?? null);
  const [state, setState] = useState<PricesState>({ kind: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    getPrices(lang, controller.signal).then(
      (prices) => setState({ kind: 'loaded', prices }),
      (error: unknown) => {
        if (!isCanceled(error)) setState({ kind: 'failed', code: toApiError(error).code });
      },
    );
    return () => controller.abort();
  }, [lang, enabled, userId]);
  return state;
}
