import { describe, expect, it } from 'vitest';
import {
  absoluteMaximumFileSize, fileLimitTable, limitsFor, limitTierOf, MB, pricingGroups, tierMaximum,
} from './limits.js';
import type { LimitKey } from './tools.js';

const keys: LimitKey[] = ['PDF', 'OCR', 'Image', 'ChatPDF', 'AIRead', 'AIDetector'];

describe('the tier maxima of SPEC §9', () => {
  it('PDF tools: 20 MB and 100 pages free in control, 100 MB and 2,000 pages paid; 100 MB and 100,000 pages in the experiment', () => {
    expect(tierMaximum('PDF', false, 'control')).toEqual({ fileSize: 20 * MB, pages: 100 });
    expect(tierMaximum('PDF', true, 'control')).toEqual({ fileSize: 100 * MB, pages: 2_000 });
    expect(tierMaximum('PDF', false, 'experiment')).toEqual({ fileSize: 100 * MB, pages: 100_000 });
    expect(tierMaximum('PDF', true, 'experiment')).toEqual({ fileSize: 100 * MB, pages: 100_000 });
  });

  it('OCR: 20 MB free in control, 50 MB otherwise; 2,000 pages paid in control', () => {
    expect(tierMaximum('OCR', false, 'control').fileSize).toBe(20 * MB);
    expect(tierMaximum('OCR', true, 'control')).toEqual({ fileSize: 50 * MB, pages: 2_000 });
    expect(tierMaximum('OCR', false, 'experiment').fileSize).toBe(50 * MB);
  });

  it('chat and AI read: 260 pages, 20 MB free in control, 100 MB otherwise', () => {
    for (const key of ['ChatPDF', 'AIRead'] as const) {
      expect(tierMaximum(key, false, 'control')).toEqual({ fileSize: 20 * MB, pages: 260 });
      expect(tierMaximum(key, true, 'control')).toEqual({ fileSize: 100 * MB, pages: 260 });
      expect(tierMaximum(key, false, 'experiment')).toEqual({ fileSize: 100 * MB, pages: 260 });
    }
  });

  it('the detector: 10 MB, 260 pages, 5,000 characters free in control and 50,000 otherwise', () => {
    expect(tierMaximum('AIDetector', false, 'control')).toEqual({ fileSize: 10 * MB, pages: 260, characters: 5_000 });
    expect(tierMaximum('AIDetector', false, 'experiment').characters).toBe(50_000);
    expect(tierMaximum('AIDetector', true, 'control').characters).toBe(50_000);
  });

  it('every size is a multiple of 10 MiB and the control group is never more generous', () => {
    for (const key of keys) {
      for (const group of pricingGroups) {
        for (const row of Object.values(fileLimitTable[key][group])) expect(row.fileSize % (10 * MB)).toBe(0);
      }
      const control = fileLimitTable[key].control.free;
      const experiment = fileLimitTable[key].experiment.free;
      expect(control.fileSize).toBeLessThanOrEqual(experiment.fileSize);
      expect(control.pages).toBeLessThanOrEqual(experiment.pages);
    }
  });

  it('the absolute maximum is the largest paid size: 100 MB for PDF, 50 MB for OCR, 20 MB for images', () => {
    expect(absoluteMaximumFileSize('PDF')).toBe(100 * MB);
    expect(absoluteMaximumFileSize('OCR')).toBe(50 * MB);
    expect(absoluteMaximumFileSize('Image')).toBe(20 * MB);
  });
});

describe('tiers and allowances', () => {
  it('a user with both flags is premium on PDF keys and AI on AI keys; nobody is a guest', () => {
    expect(limitTierOf(null, 'PDF')).toBe('guest');
    expect(limitTierOf({ pay: 1, ai: 1 }, 'PDF')).toBe('premium');
    expect(limitTierOf({ pay: 1, ai: 1 }, 'ChatPDF')).toBe('ai');
    expect(limitTierOf({ pay: 0, ai: 1 }, 'PDF')).toBe('ai');
    expect(limitTierOf({ pay: false, ai: false }, 'OCR')).toBe('free');
  });

  it('guests: one task a day and sign in to download', () => {
    for (const group of pricingGroups) {
      expect(limitsFor('PDF', 'guest', group)).toMatchObject({ tasksPerDay: 1, downloadNeedsLogin: true, ocr: false });
    }
  });

  it('free users: 5 files per task, 3 in the control group, a batch of 20, no OCR, 20 MB in control', () => {
    expect(limitsFor('PDF', 'free', 'experiment')).toMatchObject({ filesPerTask: 5, batchFiles: 20, ocr: false, downloadNeedsLogin: false, fileSize: 100 * MB });
    expect(limitsFor('PDF', 'free', 'control')).toMatchObject({ filesPerTask: 3, fileSize: 20 * MB, pages: 100 });
  });

  it('premium users: OCR, no file or batch caps, the paid maxima', () => {
    expect(limitsFor('OCR', 'premium', 'control')).toMatchObject({ ocr: true, filesPerTask: null, batchFiles: null, fileSize: 50 * MB, pages: 2_000 });
  });

  it('AI: tokens 5,000 free, 50,000 VIP, 2,000,000 AI; uses 10, 50, 1,000; questions 50 and 500; characters 5,000 and 100,000', () => {
    expect(limitsFor('ChatPDF', 'free', 'control')).toMatchObject({ aiTokens: 5_000, aiUsesPerMonth: 10, chatQuestionsPerMonth: 50, detectorCharactersPerMonth: 5_000 });
    expect(limitsFor('ChatPDF', 'premium', 'control')).toMatchObject({ aiTokens: 50_000, aiUsesPerMonth: 50, chatQuestionsPerMonth: 500, detectorCharactersPerMonth: 100_000 });
    expect(limitsFor('ChatPDF', 'ai', 'control')).toMatchObject({ aiTokens: 2_000_000, aiUsesPerMonth: 1_000, fileSize: 100 * MB });
    expect(limitsFor('ChatPDF', 'premium', 'control').fileSize).toBe(20 * MB);
  });
});
