/**
 * How long a share link lives (SPEC §4): 1, 3 or 7 days (the default) or permanent. Permanent
 * is Premium's (SPEC §5, §6): anyone else who picks it is offered the upgrade and keeps the
 * expiry they had.
 */
import { shareLimits } from '@pagewright/contracts';

export type ShareDays = (typeof shareLimits.expiryDays)[number];

export const expiryChoices: readonly ShareDays[] = shareLimits.expiryDays;

export function isPermanent(days: number): boolean {
  return days === shareLimits.permanentDays;
}

export function toShareDays(value: string | number | null): ShareDays | null {
  const days = Number(value);
  return expiryChoices.find((d) => d === days) ?? null;
}

export interface ExpiryChoice {
  days: ShareDays;
  /** The upgrade is offered instead; `days` is the expiry kept. */
  paywall: boolean;
}

/** The expiry after the user picks `picked`: picking permanent where it is not allowed meets the paywall. */
export function chooseExpiry(current: ShareDays, picked: ShareDays, permanentAllowed: boolean): ExpiryChoice {
  if (isPermanent(picked) && !permanentAllowed) return { days: current, paywall: true };
  return { days: picked, paywall: false };
}

const dayMs = 86_400_000;

/**
 * Whether a share's expiry time (epoch ms) is a permanent link's: those still carry a date,
 * 3650 days out, and every other expiry is at most a week away.
 */
export function isPermanentExpiry(expiresAt: number, now = Date.now()): boolean {
  return expiresAt - now > 365 * dayMs;
}
