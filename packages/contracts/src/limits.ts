/**
 * Business constants and limits of SPEC §9, written once. Sizes are bytes; durations are
 * milliseconds unless the name says otherwise.
 */
import type { LimitKey } from './tools.js';

export const KB = 1024;
export const MB = 1024 * KB;
export const GB = 1024 * MB;

export const timing = {
  requestTimeoutMs: 90_000,
  taskPollIntervalMs: 2_000,
  taskPollCapMs: 120_000,
  uploadRetries: 15,
  uploadRetryDelayMs: 2_000,
  uploadPartSize: 512 * KB,
  uploadPartsInParallel: 12,
  uploadChunkThreshold: 524_288,
  uploadHashChunk: 2 * MB,
  loginWaitMs: 5 * 60_000,
  loginPollMs: 400,
  summaryWaitMs: 60_000,
  summaryTickMs: 300,
  toastMs: 4_000,
  toastThrottleMs: 3_000,
  toastOffsetPx: 88,
  pageLimitDebounceMs: 500,
  submitDebounceMs: 500,
  hoverMenuCloseMs: 150,
  userCentreHoverMs: 1_000,
  surveyReaskDays: 7,
  eventPopupIntervalDays: 7,
  blobFetchAbortMs: 90_000,
  cloudUploadTimeoutMs: 5 * 60_000,
  cloudUploadProgressCap: 0.95,
} as const;

export const freeLimits = {
  fileSize: 20 * MB,
  pages: 100,
  filesPerTask: 5,
  /**
   * Files per non-batch task in the "variant group" of SPEC §9: the control group, the one
   * §6 gives the stricter free limits.
   */
  filesPerTaskVariant: 3,
  detectorCharsPerMonth: 5_000,
  chatQuestions: 50,
  guestTasksPerDay: 1,
} as const;

export const paidLimits = {
  fileSize: 100 * MB,
  pages: 2_000,
  detectorCharsPerMonth: 100_000,
  chatQuestionsPerMonth: 500,
} as const;

export const recommendedMaxUploadFiles = 20;
export const imageSizeLimit = 20 * MB;
export const customCompressMaxSize = 10 * MB;

export const aiLimits = {
  tokensFree: 5_000,
  tokensFreeVip: 50_000,
  tokensMonthlySubscribed: 2_000_000,
  pagesPerAnalysisOldPlan: 150,
  freeUses: 10,
  paidUses: [50, 1_000] as const,
  pagesNewPlan: 260,
  charactersPerMonth: 50_000,
  pageLimit: 200,
  chatTrialPages: 20,
  shareGateReadable: 0.3,
  chatRefreshMax: 5,
  chatLanguages: 12,
  translatorLanguages: 52,
  textMinCharacters: 250,
  askMaxCharacters: 2_000,
} as const;

export type PricingGroup = 'control' | 'experiment';
export const pricingGroups = ['control', 'experiment'] as const satisfies readonly PricingGroup[];

/**
 * Who a limit applies to (SPEC §1, §6): guests, free signed-in users, premium (pay) users and
 * AI members (ai). A user with both flags is premium on PDF keys and AI on AI keys.
 */
export type LimitTier = 'guest' | 'free' | 'premium' | 'ai';

export interface TierMaximum {
  fileSize: number;
  pages: number;
  characters?: number;
}

const aiLimitKeys: ReadonlySet<LimitKey> = new Set<LimitKey>(['ChatPDF', 'AIRead', 'AIDetector']);

export function isAiLimitKey(key: LimitKey): boolean {
  return aiLimitKeys.has(key);
}

/**
 * The tier maxima of SPEC §9 per limit key and pricing group: `free` for users without the
 * upgrade that key takes, `upgraded` for those with it (the pay flag on PDF, OCR and image
 * keys; the ai flag on AI keys: "VIP: same for AI tools"). The control group has the stricter
 * free limits (§6). Sizes are 10 MiB multiples.
 */
export const fileLimitTable: Record<LimitKey, Record<PricingGroup, { free: TierMaximum; upgraded: TierMaximum }>> = {
  PDF: {
    control: { free: { fileSize: freeLimits.fileSize, pages: freeLimits.pages }, upgraded: { fileSize: paidLimits.fileSize, pages: paidLimits.pages } },
    experiment: { free: { fileSize: 100 * MB, pages: 100_000 }, upgraded: { fileSize: 100 * MB, pages: 100_000 } },
  },
  OCR: {
    control: { free: { fileSize: 20 * MB, pages: freeLimits.pages }, upgraded: { fileSize: 50 * MB, pages: paidLimits.pages } },
    experiment: { free: { fileSize: 50 * MB, pages: 100_000 }, upgraded: { fileSize: 50 * MB, pages: 100_000 } },
  },
  Image: {
    control: { free: { fileSize: imageSizeLimit, pages: 1 }, upgraded: { fileSize: imageSizeLimit, pages: 1 } },
    experiment: { free: { fileSize: imageSizeLimit, pages: 1 }, upgraded: { fileSize: imageSizeLimit, pages: 1 } },
  },
  ChatPDF: {
    control: { free: { fileSize: 20 * MB, pages: 260 }, upgraded: { fileSize: 100 * MB, pages: 260 } },
    experiment: { free: { fileSize: 100 * MB, pages: 260 }, upgraded: { fileSize: 100 * MB, pages: 260 } },
  },
  AIRead: {
    control: { free: { fileSize: 20 * MB, pages: 260 }, upgraded: { fileSize: 100 * MB, pages: 260 } },
    experiment: { free: { fileSize: 100 * MB, pages: 260 }, upgraded: { fileSize: 100 * MB, pages: 260 } },
  },
  AIDetector: {
    control: { free: { fileSize: 10 * MB, pages: 260, characters: 5_000 }, upgraded: { fileSize: 10 * MB, pages: 260, characters: 50_000 } },
    experiment: { free: { fileSize: 10 * MB, pages: 260, characters: 50_000 }, upgraded: { fileSize: 10 * MB, pages: 260, characters: 50_000 } },
  },
};

/** What a tier may do besides file size and pages (SPEC §5, §6, §9). `null` is no limit. */
export interface TierAllowances {
  /** Files in one non-batch task (merge, jpg-to-pdf, OCR): 5 free, 3 in the control group. */
  filesPerTask: number | null;
  /** Files in one batch (one multi_id, one task per file): the recommended 20 is the free cap. */
  batchFiles: number | null;
  /** OCR is premium-only. */
  ocr: boolean;
  /**
   * Tasks per UTC day, a batch counting once. Guests: 1. The spec gives no number for free
   * signed-in users ("no limit after login"); the server's FREE_DAILY_TASKS bounds them.
   */
  tasksPerDay: number | null;
  /** Guests must sign in to download a result. */
  downloadNeedsLogin: boolean;
  detectorCharactersPerMonth: number;
  chatQuestionsPerMonth: number;
  /** AI tokens (the old plan, the control group's AI policy). */
  aiTokens: number;
  /** AI uses per month (the newer plan, the experiment group's AI policy: 10, 50 or 1,000). */
  aiUsesPerMonth: number;
}

const guestAllowances = (group: PricingGroup): TierAllowances => ({
  filesPerTask: group === 'control' ? freeLimits.filesPerTaskVariant : freeLimits.filesPerTask,
  batchFiles: recommendedMaxUploadFiles,
  ocr: false,
  tasksPerDay: freeLimits.guestTasksPerDay,
  downloadNeedsLogin: true,
  detectorCharactersPerMonth: 0,
  chatQuestionsPerMonth: 0,
  aiTokens: 0,
  aiUsesPerMonth: 0,
});

const freeAllowances = (group: PricingGroup): TierAllowances => ({
  ...guestAllowances(group),
  tasksPerDay: null,
  downloadNeedsLogin: false,
  detectorCharactersPerMonth: freeLimits.detectorCharsPerMonth,
  chatQuestionsPerMonth: freeLimits.chatQuestions,
  aiTokens: aiLimits.tokensFree,
  aiUsesPerMonth: aiLimits.freeUses,
});

const premiumAllowances: TierAllowances = {
  filesPerTask: null,
  batchFiles: null,
  ocr: true,
  tasksPerDay: null,
  downloadNeedsLogin: false,
  detectorCharactersPerMonth: paidLimits.detectorCharsPerMonth,
  chatQuestionsPerMonth: paidLimits.chatQuestionsPerMonth,
  aiTokens: aiLimits.tokensFreeVip,
  aiUsesPerMonth: aiLimits.paidUses[0],
};

/** AI members keep the free PDF allowances and get the AI plan's. */
const aiAllowances = (group: PricingGroup): TierAllowances => ({
  ...freeAllowances(group),
  detectorCharactersPerMonth: paidLimits.detectorCharsPerMonth,
  chatQuestionsPerMonth: paidLimits.chatQuestionsPerMonth,
  aiTokens: aiLimits.tokensMonthlySubscribed,
  aiUsesPerMonth: aiLimits.paidUses[1],
});

export const tierAllowanceTable: Record<PricingGroup, Record<LimitTier, TierAllowances>> = {
  control: { guest: guestAllowances('control'), free: freeAllowances('control'), premium: premiumAllowances, ai: aiAllowances('control') },
  experiment: { guest: guestAllowances('experiment'), free: freeAllowances('experiment'), premium: premiumAllowances, ai: aiAllowances('experiment') },
};

/** The limit tier of a user (null for a guest) on a limit key. */
export function limitTierOf(user: { pay: boolean | number; ai: boolean | number } | null | undefined, key: LimitKey): LimitTier {
  if (!user) return 'guest';
  if (isAiLimitKey(key)) return user.ai ? 'ai' : user.pay ? 'premium' : 'free';
  return user.pay ? 'premium' : user.ai ? 'ai' : 'free';
}

/** Whether a tier has the upgrade that lifts a key's file limits. */
function upgradedOn(key: LimitKey, tier: LimitTier): boolean {
  return isAiLimitKey(key) ? tier === 'ai' : tier === 'premium';
}

/** Everything that limits a tier on a key in a pricing group: the row of the limits table. */
export function limitsFor(key: LimitKey, tier: LimitTier, group: PricingGroup): TierMaximum & TierAllowances {
  const files = fileLimitTable[key][group];
  return { ...(upgradedOn(key, tier) ? files.upgraded : files.free), ...tierAllowanceTable[group][tier] };
}

/**
 * The tier maxima for a limit key, for users with the key's upgrade (`vip`: pay on PDF keys,
 * ai on AI keys) or without, in the pricing group.
 */
export function tierMaximum(key: LimitKey, vip: boolean, group: PricingGroup): TierMaximum {
  const files = fileLimitTable[key][group];
  return vip ? files.upgraded : files.free;
}

/** The largest file any tier may upload for a limit key: the server's hard ceiling. */
export function absoluteMaximumFileSize(key: LimitKey): number {
  return Math.max(...pricingGroups.flatMap((g) => [fileLimitTable[key][g].free.fileSize, fileLimitTable[key][g].upgraded.fileSize]));
}

export const detectorFilePages = { free: 10, paidOnAiPages: 100 } as const;


export const cloudLimits = {
  nameMaxLength: 240,
  /** What a new account starts with; the free expansion (cloud/capacity/receive) lifts it to freeSpace. */
  startSpace: 2 * GB,
  /** The free quota of SPEC §1: under it the capacity bar offers the expansion, from it the store. */
  freeSpace: 10 * GB,
  /** Premium accounts. */
  premiumSpace: 100 * GB,
  /** Largest page of cloud/list (the UI pages by 100). */
  listPageMax: 500,
  listPageSize: 100,
  /** Recent list length. */
  recentMax: 50,
  messagePageSize: 999,
  templatePageSize: 10,
} as const;

export const shareLimits = {
  maxRecipients: 5,
  expiryDays: [1, 3, 7, 3650] as const,
  defaultExpiryDays: 7,
  permanentDays: 3650,
  /** Shares (every kind) an account may create in 24 hours before 3023; Premium has the larger one. */
  dailyLimit: { free: 20, premium: 200 },
  /** A download URL handed out for a share or a cloud file lives this long. */
  downloadUrlTtlS: 300,
} as const;

export const cropMinBox = 50;
export const occupationMaxLength = 48;
export const pointsToMillimetres = 25.4 / 72;
export const productId = 4512;

export const conversionDefaults = {
  compressType: 'pdf',
  compressLevel: 'medium',
  imageConvertMode: 'converter',
  outputFormat: 'png',
  icoSize: '16x16',
  OCRLanguages: 'langen',
} as const;
