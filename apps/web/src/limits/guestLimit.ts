import { create } from 'zustand';

/**
 * Why a guest is asked to sign in (SPEC §6): the day's one task is used, or a result is
 * waiting to be downloaded, which needs an account.
 */
export type GuestPromptReason = 'dailyLimit' | 'download';

interface GuestLimitState {
  opened: boolean;
  reason: GuestPromptReason;
  /** What carries on once the guest has signed in (the download they asked for). */
  afterSignIn: (() => void) | null;
  show: (reason?: GuestPromptReason, afterSignIn?: () => void) => void;
  close: () => void;
}

export const useGuestLimit = create<GuestLimitState>((set) => ({
  opened: false,
  reason: 'dailyLimit',
  afterSignIn: null,
  show: (reason = 'dailyLimit', afterSignIn) => set({ opened: true, reason, afterSignIn: afterSignIn ?? null }),
  close: () => set({ opened: false, afterSignIn: null }),
}));
