import { MB, toolByPageName } from '@pagewright/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAccountStore } from '../account/accountStore';
import { ApiError } from '../api/ApiError';
import { usePayDialog } from '../billing/payStore';
import { useGuestLimit } from './guestLimit';
import type { LimitAccount } from './limitRules';
import { handleLimitRefusal, screenUploads } from './uploadLimits';

const free: LimitAccount = { tier: 'nonMember', pay: false, ai: false, group: 'control' };

/** A File that reports `size` bytes without holding them. */
function sized(name: string, size: number): File {
  const file = new File([''], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  usePayDialog.getState().hide();
  useGuestLimit.getState().close();
  useAccountStore.setState({ user: null, group: 'control', ready: true });
});

describe('screening files before upload', () => {
  const compress = toolByPageName('compress-pdf')!;

  it('keeps files within the free maximum and leaves the pay dialog closed', () => {
    const screened = screenUploads(compress, [sized('a.pdf', 5 * MB)], free);
    expect(screened.accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(usePayDialog.getState().opened).toBe(false);
  });

  it('holds back a file an upgrade would take and opens the pay dialog with the size guide', () => {
    const screened = screenUploads(compress, [sized('big.pdf', 30 * MB), sized('a.pdf', MB)], free);
    expect(screened.needUpgrade.map((f) => f.name)).toEqual(['big.pdf']);
    expect(screened.accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(usePayDialog.getState()).toMatchObject({ opened: true, guide: 'fileSize' });
  });

  it('refuses a file above the paid maximum with that maximum, without the pay dialog', () => {
    const screened = screenUploads(compress, [sized('huge.pdf', 101 * MB)], free);
    expect(screened.tooLarge).toEqual([{ file: expect.objectContaining({ name: 'huge.pdf' }), maximum: 100 * MB }]);
    expect(usePayDialog.getState().opened).toBe(false);
  });

  it('passes a file of another type through for the type check to report', () => {
    const screened = screenUploads(compress, [sized('notes.txt', 500 * MB)], free);
    expect(screened.accepted.map((f) => f.name)).toEqual(['notes.txt']);
  });
});

describe('server refusals in the page', () => {
  it('shows the guest prompt for 1100777 from a guest, without a toast', () => {
    expect(handleLimitRefusal(new ApiError(1100777))).toEqual({ toast: false, limit: true });
    expect(useGuestLimit.getState()).toMatchObject({ opened: true, reason: 'dailyLimit' });
  });

  it('opens the ocr guide for OCR_PREMIUM_ONLY', () => {
    handleLimitRefusal(new ApiError('OCR_PREMIUM_ONLY'));
    expect(usePayDialog.getState()).toMatchObject({ opened: true, guide: 'ocr' });
  });

  it('leaves a task failure that is no limit to the error toast', () => {
    expect(handleLimitRefusal(new ApiError(3125))).toEqual({ toast: true, limit: false });
    expect(usePayDialog.getState().opened).toBe(false);
  });
});
