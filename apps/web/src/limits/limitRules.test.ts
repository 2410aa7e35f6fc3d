import { MB } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { decideFileSize, decidePageCount, refusalAction, type LimitAccount } from './limitRules';

const guest: LimitAccount = { tier: 'guest', pay: false, ai: false, group: 'control' };
const free: LimitAccount = { tier: 'nonMember', pay: false, ai: false, group: 'control' };
const premium: LimitAccount = { tier: 'toolMember', pay: true, ai: false, group: 'control' };
const aiMember: LimitAccount = { tier: 'aiMember', pay: false, ai: true, group: 'control' };
const member: LimitAccount = { tier: 'Member', pay: true, ai: true, group: 'control' };

describe('file size before upload (SPEC §5)', () => {
  it('takes a file at the free maximum of 20 MB from a free user in the control group', () => {
    expect(decideFileSize(20 * MB, 'PDF', free)).toEqual({ kind: 'ok' });
  });

  it('opens the upgrade prompt for a free user between 20 MB and 100 MB', () => {
    expect(decideFileSize(50 * MB, 'PDF', free)).toEqual({ kind: 'upgrade', guide: 'fileSize', freeMaximum: 20 * MB, paidMaximum: 100 * MB });
    expect(decideFileSize(50 * MB, 'PDF', guest).kind).toBe('upgrade');
  });

  it('takes a file between 20 MB and 100 MB from a premium user', () => {
    expect(decideFileSize(50 * MB, 'PDF', premium)).toEqual({ kind: 'ok' });
  });

  it('refuses a file above the paid maximum for every tier', () => {
    for (const account of [guest, free, premium, member]) {
      expect(decideFileSize(100 * MB + 1, 'PDF', account)).toEqual({ kind: 'tooLarge', maximum: 100 * MB });
    }
  });

  it('gives free users of the experiment group the 100 MB maximum without a prompt', () => {
    expect(decideFileSize(50 * MB, 'PDF', { ...free, group: 'experiment' })).toEqual({ kind: 'ok' });
  });

  it('caps OCR at 50 MB and offers the upgrade above 20 MB in the control group', () => {
    expect(decideFileSize(30 * MB, 'OCR', free).kind).toBe('upgrade');
    expect(decideFileSize(51 * MB, 'OCR', premium)).toEqual({ kind: 'tooLarge', maximum: 50 * MB });
  });

  it('offers the AI plan, not Premium, on AI pages and counts the AI flag as the upgrade', () => {
    expect(decideFileSize(50 * MB, 'ChatPDF', free)).toMatchObject({ kind: 'upgrade', guide: 'AiUpgrade' });
    expect(decideFileSize(50 * MB, 'ChatPDF', aiMember)).toEqual({ kind: 'ok' });
  });

  it('refuses images above 20 MB for everyone, premium included', () => {
    expect(decideFileSize(21 * MB, 'Image', premium)).toEqual({ kind: 'tooLarge', maximum: 20 * MB });
  });
});

describe('page count after document/info (SPEC §5)', () => {
  it('takes 100 pages from a free user in the control group', () => {
    expect(decidePageCount(100, 'PDF', free)).toEqual({ kind: 'ok' });
  });

  it('opens the upgrade prompt for a free user between 100 and 2,000 pages', () => {
    expect(decidePageCount(101, 'PDF', free)).toEqual({ kind: 'upgrade', guide: 'pageLimit', maximum: 100 });
  });

  it('gives the page-limit message above the paid maximum', () => {
    expect(decidePageCount(2_001, 'PDF', free)).toEqual({ kind: 'tooManyPages', maximum: 100 });
    expect(decidePageCount(2_001, 'PDF', premium)).toEqual({ kind: 'tooManyPages', maximum: 2_000 });
  });

  it('takes 2,000 pages from a premium user', () => {
    expect(decidePageCount(2_000, 'PDF', premium)).toEqual({ kind: 'ok' });
  });

  it('gives the message for AI pages above 260 pages, where no plan lifts the limit', () => {
    expect(decidePageCount(261, 'ChatPDF', free)).toEqual({ kind: 'tooManyPages', maximum: 260 });
  });
});

describe('server refusals and their pay dialog guides (SPEC §8)', () => {
  it('asks a guest over the daily limit to sign in, and offers Premium to a signed-in user', () => {
    expect(refusalAction(1100777, guest)).toEqual({ kind: 'guestSignIn', reason: 'dailyLimit' });
    expect(refusalAction(1100777, free)).toEqual({ kind: 'pay', guide: 'limit', alert: false });
  });

  it('opens the size guide on 41003 for users without Premium', () => {
    expect(refusalAction(41003, free)).toEqual({ kind: 'pay', guide: 'fileSize', alert: true });
    expect(refusalAction(41003, premium)).toEqual({ kind: 'message' });
  });

  it('shows only the message on 4012, which no plan lifts', () => {
    expect(refusalAction(4012, free)).toEqual({ kind: 'message' });
  });

  it('picks the 11003 token guide by tier: AI member, VIP, others', () => {
    expect(refusalAction(11003, aiMember)).toEqual({ kind: 'pay', guide: 'AiUpgradeAgain', alert: true });
    expect(refusalAction(11003, member)).toEqual({ kind: 'pay', guide: 'AiUpgradeAgain', alert: true });
    expect(refusalAction(11003, premium)).toEqual({ kind: 'pay', guide: 'AiUpgradeForVip', alert: false });
    expect(refusalAction(11003, free)).toEqual({ kind: 'pay', guide: 'AiUpgrade', alert: false });
  });

  it('alerts a VIP on 11007 and 11009, and opens AiUpgrade and detectorLimit for others', () => {
    expect(refusalAction(11007, premium)).toEqual({ kind: 'message' });
    expect(refusalAction(11007, free)).toEqual({ kind: 'pay', guide: 'AiUpgrade', alert: false });
    expect(refusalAction(11009, premium)).toEqual({ kind: 'message' });
    expect(refusalAction(11009, free)).toEqual({ kind: 'pay', guide: 'detectorLimit', alert: false });
  });

  it('asks a guest to sign in when the server refuses a download', () => {
    expect(refusalAction('LOGIN_TO_DOWNLOAD', guest)).toEqual({ kind: 'guestSignIn', reason: 'download' });
  });

  it('opens the guide the catalogue names for other limit codes: OCR, pages, files per task', () => {
    expect(refusalAction('OCR_PREMIUM_ONLY', free)).toEqual({ kind: 'pay', guide: 'ocr', alert: false });
    expect(refusalAction('PAGES_UPGRADE', guest)).toEqual({ kind: 'pay', guide: 'pageLimit', alert: false });
    expect(refusalAction('TOO_MANY_FILES', free)).toEqual({ kind: 'pay', guide: 'limit', alert: false });
    expect(refusalAction('PAGES_EXCEEDED', free)).toBeNull();
  });

  it('leaves other codes to the ordinary error toast', () => {
    expect(refusalAction(3125, free)).toBeNull();
  });
});
