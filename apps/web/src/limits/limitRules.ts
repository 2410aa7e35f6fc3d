/**
 * The limit decisions of SPEC §5, §6 and §8 the page makes before and after an upload: pure
 * functions of the file, the tool's limit key and the account, so the page and its tests ask
 * the same question. The numbers come from the contracts limits table (SPEC §9).
 */
import { errorCatalogue, isAiLimitKey, tierMaximum, type CatalogueEntry, type LimitKey, type PricingGroup, type Tier } from '@pagewright/contracts';
import type { ApiErrorCode } from '../api/ApiError';
import { isPayGuide, type PayGuide } from '../billing/payGuides';

export interface LimitAccount {
  tier: Tier;
  pay: boolean;
  ai: boolean;
  group: PricingGroup;
}

/** On AI pages the AI flag is the upgrade that lifts a limit; elsewhere the pay flag is. */
function upgraded(key: LimitKey, account: LimitAccount): boolean {
  return isAiLimitKey(key) ? account.ai : account.pay;
}

function upgradeGuide(key: LimitKey, kind: 'fileSize' | 'pageLimit'): PayGuide {
  return isAiLimitKey(key) ? 'AiUpgrade' : kind;
}

export type SizeDecision =
  | { kind: 'ok' }
  /** Above the paid maximum: no plan takes the file (4012). */
  | { kind: 'tooLarge'; maximum: number }
  /** Between the free and the paid maximum for a user without the upgrade: the pay dialog. */
  | { kind: 'upgrade'; guide: PayGuide; freeMaximum: number; paidMaximum: number };

/** SPEC §5 file size: above the paid maximum an error; between free and paid the upgrade prompt. */
export function decideFileSize(size: number, key: LimitKey, account: LimitAccount): SizeDecision {
  const paidMaximum = tierMaximum(key, true, account.group).fileSize;
  if (size > paidMaximum) return { kind: 'tooLarge', maximum: paidMaximum };
  const freeMaximum = tierMaximum(key, false, account.group).fileSize;
  if (size > freeMaximum && !upgraded(key, account)) {
    return { kind: 'upgrade', guide: upgradeGuide(key, 'fileSize'), freeMaximum, paidMaximum };
  }
  return { kind: 'ok' };
}

export type PageDecision =
  | { kind: 'ok' }
  /** Above the tier maximum and no plan lifts it: the page-limit message. */
  | { kind: 'tooManyPages'; maximum: number }
  /** Between the free and the paid maximum for a user without the upgrade: the pay dialog. */
  | { kind: 'upgrade'; guide: PayGuide; maximum: number };

/** SPEC §5 page count: above the tier maximum a message; between free and paid the upgrade prompt. */
export function decidePageCount(pages: number, key: LimitKey, account: LimitAccount): PageDecision {
  const own = tierMaximum(key, upgraded(key, account), account.group).pages;
  if (pages <= own) return { kind: 'ok' };
  const paid = tierMaximum(key, true, account.group).pages;
  if (!upgraded(key, account) && pages <= paid) {
    return { kind: 'upgrade', guide: upgradeGuide(key, 'pageLimit'), maximum: own };
  }
  return { kind: 'tooManyPages', maximum: own };
}

export type RefusalAction =
  /** A guest used the day's task, or needs an account to download: the guest's sign-in prompt. */
  | { kind: 'guestSignIn'; reason: 'dailyLimit' | 'download' }
  | { kind: 'pay'; guide: PayGuide; alert: boolean }
  /** The catalogue message alone: upgrading would not lift this refusal. */
  | { kind: 'message' };

/**
 * What the page does with a limit refusal of the server (SPEC §8): codes 1100777, 41003, 4012,
 * 11003, 11007 and 11009, and the catalogue's other codes that name a pay guide, open the pay
 * dialog with their guide for the tiers an upgrade helps; `alert` says the catalogue message
 * is shown beside the dialog. Codes that are no limit refusal: null.
 */
export function refusalAction(code: ApiErrorCode, account: LimitAccount): RefusalAction | null {
  const vip = account.pay;
  const guest = account.tier === 'guest';
  switch (code) {
    case 1100777:
      return guest ? { kind: 'guestSignIn', reason: 'dailyLimit' } : { kind: 'pay', guide: 'limit', alert: false };
    case 'LOGIN_TO_DOWNLOAD':
      return { kind: 'guestSignIn', reason: 'download' };
    case 41003:
      return vip ? { kind: 'message' } : { kind: 'pay', guide: 'fileSize', alert: true };
    case 4012:
      return { kind: 'message' };
    case 11003:
      if (account.ai) return { kind: 'pay', guide: 'AiUpgradeAgain', alert: true };
      return { kind: 'pay', guide: vip ? 'AiUpgradeForVip' : 'AiUpgrade', alert: false };
    case 11007:
      return vip ? { kind: 'message' } : { kind: 'pay', guide: 'AiUpgrade', alert: false };
    case 11009:
      return vip ? { kind: 'message' } : { kind: 'pay', guide: 'detectorLimit', alert: false };
    default: {
      const guide = (errorCatalogue as Record<string | number, CatalogueEntry>)[code]?.payGuide;
      if (guide === undefined || !isPayGuide(guide)) return null;
      return vip ? { kind: 'message' } : { kind: 'pay', guide, alert: false };
    }
  }
}
