import { useMemo } from 'react';
import { useAccountStore } from '../account/accountStore';
import { aiKeysOf, type AiKeys } from './aiApi';

/** The AI query keys of the signed-in account (a guest's are their own, for shared conversations). */
export function useAiKeys(): AiKeys {
  const userId = useAccountStore((state) => state.user?.user_id ?? '');
  return useMemo(() => aiKeysOf(userId), [userId]);
}
