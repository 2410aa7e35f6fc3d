import { useMemo } from 'react';
import { useAccountStore } from '../account/accountStore';
import { cloudKeysOf, type CloudKeys } from './cloudApi';

/** The cloud query keys of the signed-in account. */
export function useCloudKeys(): CloudKeys {
  const userId = useAccountStore((state) => state.user?.user_id ?? '');
  return useMemo(() => cloudKeysOf(userId), [userId]);
}
