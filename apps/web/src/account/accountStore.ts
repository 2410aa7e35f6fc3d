import { tierOf, type PricingGroup, type Tier, type UserInfo } from '@pagewright/contracts';
import { create } from 'zustand';
import { readStoredToken, writeStoredToken } from './tokenStorage';

/**
 * Who is using the app (SPEC §3, §6): the signed-in user's info, or null for a guest, and the
 * pricing group. The accounts UI fills it (sign in, sign out, session expiry); pages read it
 * through useAccount() to show limits, prompts and badges by tier.
 */
export interface AccountState {
  user: UserInfo | null;
  /** The session token sent in the token header, or null. */
  token: string | null;
  group: PricingGroup;
  /** True once the first user-info read has answered (signed in or not). */
  ready: boolean;
  setUser(user: UserInfo | null): void;
  setToken(token: string | null): void;
  setGroup(group: PricingGroup): void;
  /** Forgets the user and the token (sign out, session expiry); the app stays ready. */
  clear(): void;
}

export const useAccountStore = create<AccountState>((set) => ({
  user: null,
  token: readStoredToken(),
  group: 'experiment',
  ready: false,
  setUser: (user) => set({ user, ready: true }),
  setToken: (token) => {
    writeStoredToken(token);
    set({ token });
  },
  setGroup: (group) => set({ group }),
  clear: () => {
    writeStoredToken(null);
    set({ user: null, token: null, ready: true });
  },
}));

/** The account as pages need it: user, tier and the flags derived from them. */
export function useAccount(): { user: UserInfo | null; tier: Tier; loggedIn: boolean; pay: boolean; ai: boolean; group: PricingGroup; ready: boolean } {
  const user = useAccountStore((s) => s.user);
  const group = useAccountStore((s) => s.group);
  const ready = useAccountStore((s) => s.ready);
  return { user, tier: tierOf(user), loggedIn: user !== null, pay: Boolean(user?.pay), ai: Boolean(user?.ai), group, ready };
}
