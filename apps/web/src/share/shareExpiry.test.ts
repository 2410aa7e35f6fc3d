import { shareLimits } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { chooseExpiry, expiryChoices, isPermanentExpiry, toShareDays } from './shareExpiry';

describe('share expiry', () => {
  it('offers 1, 3 and 7 days and permanent (3650), 7 by default', () => {
    expect(expiryChoices).toEqual([1, 3, 7, 3650]);
    expect(shareLimits.defaultExpiryDays).toBe(7);
  });

  it('takes any choice from a Premium user', () => {
    expect(chooseExpiry(7, 3650, true)).toEqual({ days: 3650, paywall: false });
  });

  it('meets a free user picking permanent with the paywall and keeps their previous expiry', () => {
    expect(chooseExpiry(3, 3650, false)).toEqual({ days: 3, paywall: true });
  });

  it('takes a day count from a free user', () => {
    expect(chooseExpiry(7, 1, false)).toEqual({ days: 1, paywall: false });
  });

  it('reads a select value as a day count, or null for anything else', () => {
    expect(toShareDays('3')).toBe(3);
    expect(toShareDays('3650')).toBe(3650);
    expect(toShareDays('2')).toBeNull();
    expect(toShareDays(null)).toBeNull();
  });

  it('tells a permanent link by its expiry 3650 days out from one of at most 7 days', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(isPermanentExpiry(now + 3650 * 86_400_000, now)).toBe(true);
    expect(isPermanentExpiry(now + 7 * 86_400_000, now)).toBe(false);
  });
});
