/**
 * The capacity bar and its offer (SPEC §3, §8, §9): used and total in GB; under the 10 GB free
 * quota, when the free expansion is still to take, the offer is the expansion dialog, from
 * 10 GB (or once taken) it is the store.
 */
import { cloudLimits, GB, type CloudCapacity } from '@pagewright/contracts';
import i18next from 'i18next';
import { formatNumber } from '../i18n/format';

export type CapacityOffer = 'expand' | 'store';

export function capacityOffer(capacity: CloudCapacity): CapacityOffer {
  return capacity.total_capacity < cloudLimits.freeSpace && !capacity.received ? 'expand' : 'store';
}

/** Used share of the total, 0 to 100. */
export function usedPercent(capacity: CloudCapacity): number {
  if (capacity.total_capacity <= 0) return 100;
  return Math.min(100, Math.max(0, (capacity.already_capacity / capacity.total_capacity) * 100));
}

/** Whether `bytes` more fit in the capacity. */
export function fits(capacity: CloudCapacity, bytes: number): boolean {
  return capacity.already_capacity + bytes <= capacity.total_capacity;
}

/** Bytes in GB with `fraction` decimals, in the reader's language (e.g. 0.4 GB, 10 GB, 1,5 Go). */
export function formatGigabytes(bytes: number, fraction: number, locale = i18next.language || 'en'): string {
  const number = formatNumber(bytes / GB, locale, { minimumFractionDigits: fraction, maximumFractionDigits: fraction });
  return `${number}\u00a0${i18next.getFixedT(locale)('units.GB')}`;
}

/** The two numbers of 'x.x GB of y GB': used to a tenth, the total whole unless it is not. */
export function capacityNumbers(capacity: CloudCapacity, locale?: string): { used: string; total: string } {
  const totalFraction = Number.isInteger(capacity.total_capacity / GB) ? 0 : 1;
  return {
    used: formatGigabytes(capacity.already_capacity, 1, locale),
    total: formatGigabytes(capacity.total_capacity, totalFraction, locale),
  };
}
