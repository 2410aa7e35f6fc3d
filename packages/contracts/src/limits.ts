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
  /** Files per non-batch task in the variant group. */
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

export type PricingGroup = 'control' | 'experiment';

export interface TierMaximum {
  fileSize: number;
  pages: number;
  characters?: number;
}

/**
 * The tier maxima of SPEC §9 for a limit key, for VIP (pay) users or not, in the pricing
 * group; the control group has the stricter free limits.
 */
export function tierMaximum(key: LimitKey, vip: boolean, group: PricingGroup): TierMaximum {
  const control = group === 'control';
  switch (key) {
    case 'ChatPDF':
    case 'AIRead':
      return { fileSize: (control && !vip ? 20 : 100) * MB, pages: 260 };
    case 'AIDetector':
      return {
        fileSize: 10 * MB,
        pages: 260,
        characters: control && !vip ? 5_000 : 50_000,
      };
    case 'OCR':
      return {
        fileSize: (control && !vip ? 20 : 50) * MB,
        pages: control ? (vip ? 2_000 : 100) : 100_000,
      };
    case 'Image':
      return { fileSize: imageSizeLimit, pages: 1 };
    case 'PDF':
      return {
        fileSize: (control && !vip ? 20 : 100) * MB,
        pages: control ? (vip ? 2_000 : 100) : 100_000,
      };
  }
}

/** The largest file any tier may upload for a limit key: the server's hard ceiling. */
export function absoluteMaximumFileSize(key: LimitKey): number {
  return Math.max(
    tierMaximum(key, true, 'experiment').fileSize,
    tierMaximum(key, false, 'experiment').fileSize,
  );
}

export const detectorFilePages = { free: 10, paidOnAiPages: 100 } as const;

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

export const cloudLimits = {
  nameMaxLength: 240,
  freeSpace: 10 * GB,
  messagePageSize: 999,
  templatePageSize: 10,
} as const;

export const shareLimits = {
  maxRecipients: 5,
  expiryDays: [1, 3, 7, 3650] as const,
  defaultExpiryDays: 7,
  permanentDays: 3650,
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
