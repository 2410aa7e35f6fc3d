import { describe, expect, it } from 'vitest';
import { CatalogueError, analyticsCategory, errorCatalogue, isErrorCode, messageFor } from './errors.js';

describe('error catalogue', () => {
  it('gives the spec message for 3125, 11005, 41003 and 4012', () => {
    expect(messageFor(3125)).toBe('Task failed. Please try again later.');
    expect(messageFor(11005)).toBe('Too few words to summarize. At least 250 characters required.');
    expect(messageFor(41003)).toBe('File size exceeded. Please upgrade permissions.');
    expect(messageFor(4012)).toBe('File size exceeds the limit.');
  });

  it('falls back to the default toast for an unknown code', () => {
    expect(messageFor(987654)).toBe('Something error, please try again later.');
    expect(isErrorCode(987654)).toBe(false);
  });

  it('has a message for every code except the silent ERR_CANCELED', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      if (code === 'ERR_CANCELED') continue;
      expect(entry.message.length, code).toBeGreaterThan(0);
    }
  });

  it('maps analytics categories as SPEC §8 lists them', () => {
    expect(analyticsCategory(500)).toBe('servererror');
    expect(analyticsCategory('ERR_NETWORK')).toBe('neterror');
    expect(analyticsCategory('ECONNABORTED')).toBe('extimefail');
    expect(analyticsCategory(11003)).toBe('exquestionfail');
    expect(analyticsCategory(11012)).toBe('analyzefail');
    expect(analyticsCategory(3125)).toBe('others');
  });

  it('CatalogueError carries its code and the catalogue message', () => {
    const e = new CatalogueError(3122);
    expect(e.code).toBe(3122);
    expect(e.message).toBe(errorCatalogue[3122].message);
  });
});
