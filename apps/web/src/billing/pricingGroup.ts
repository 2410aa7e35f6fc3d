/**
 * The caller's pricing group (SPEC §1, §7 experiment call): the server keeps a signed-in user in
 * the group they were put in and derives a guest's from their browser. The limit checks and the
 * purchase log read it from the account store, so it is read there once per user.
 */
import { billingRoutes, PRICE_EXPERIMENT_PARAM } from '@pagewright/contracts';
import { useEffect } from 'react';
import { useAccountStore } from '../account/accountStore';
import { call } from '../api/http';

let loaded: { who: string | null; promise: Promise<void> } | null = null;

/** Reads the group of the user of the moment once; callers that need it await the same read. */
export function loadPricingGroup(): Promise<void> {
  const { user, ready } = useAccountStore.getState();
  if (!ready) return Promise.resolve();
  const who = user?.user_id ?? null;
  if (loaded?.who === who) return loaded.promise;
  const promise = call(billingRoutes.experimentParams, { query: { param_name: PRICE_EXPERIMENT_PARAM } }).then(
    (params) => {
      // A sign-in or sign-out while the call ran belongs to the next read.
      if ((useAccountStore.getState().user?.user_id ?? null) === who) useAccountStore.getState().setGroup(params.policy_name);
    },
    () => {
      // Read again on the next page; until then the limits shown are the store's group's.
      if (loaded?.promise === promise) loaded = null;
    },
  );
  loaded = { who, promise };
  return promise;
}

/** Keeps the store's pricing group current for the user of the moment. */
export function usePricingGroup(): void {
  const userId = useAccountStore((s) => s.user?.user_id ?? null);
  const ready = useAccountStore((s) => s.ready);
  useEffect(() => {
    void loadPricingGroup();
  }, [userId, ready]);
}
