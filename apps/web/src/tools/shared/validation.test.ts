import { describe, expect, it } from 'vitest';
import { checkBound, checkCropPageRanges, checkPageRanges, isValidRegex } from './validation';

describe('page-range checks of SPEC §5', () => {
  it('accepts ranges within the document and lists their pages', () => {
    expect(checkPageRanges('1, 3-4', 5)).toMatchObject({ ok: true, pages: [1, 3, 4] });
  });
  it('gives the format message for a malformed string and the range message for a bad range', () => {
    expect(checkPageRanges('1,,x', 5)).toEqual({ ok: false, message: 'Please input something like: 1, 6-159, or 59-100' });
    expect(checkPageRanges('4-2', 5)).toEqual({ ok: false, message: 'Please enter a valid page range.' });
    expect(checkPageRanges('6', 5)).toEqual({ ok: false, message: 'Please enter a valid page range.' });
  });
  it('names the page count when a crop range passes the last page', () => {
    expect(checkCropPageRanges('1-9', 5)).toEqual({ ok: false, message: 'Maximum number of pages exceeded: 5' });
    expect(checkCropPageRanges('x', 5)).toEqual({ ok: false, message: 'Please input something like: 1, 6-159, or 59-100' });
    expect(checkCropPageRanges('2-5', 5)).toMatchObject({ ok: true });
  });
  it('checks split bounds against min and max', () => {
    expect(checkBound(0, 1, 5)).toBe("Can't be less than min. value");
    expect(checkBound('', 1, 5)).toBe("Can't be less than min. value");
    expect(checkBound(6, 1, 5)).toBe("Can't be greater than the max. value");
    expect(checkBound(5, 1, 5)).toBeNull();
  });
  it('tells a valid regular expression from a broken one', () => {
    expect(isValidRegex('inv(oice)?\\s+\\d+')).toBe(true);
    expect(isValidRegex('(')).toBe(false);
  });
});
