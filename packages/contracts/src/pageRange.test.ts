import { describe, expect, it } from 'vitest';
import { checkSplitBound, pageRangeMessages, pagesOf, parsePageRanges } from './pageRange.js';

describe('page-range validator', () => {
  it('accepts the spec example "1, 6-159, 59-100" on a 200-page document', () => {
    const r = parsePageRanges('1, 6-159, 59-100', 200);
    expect(r).toEqual({ ok: true, ranges: [{ from: 1, to: 1 }, { from: 6, to: 159 }, { from: 59, to: 100 }] });
  });

  it('accepts ranges written without spaces', () => {
    expect(parsePageRanges('2-3,5', 5)).toEqual({ ok: true, ranges: [{ from: 2, to: 3 }, { from: 5, to: 5 }] });
  });

  it.each(['', 'abc', '1,,2', '1-', '-3', '1-2-3', '1;2', '1.5'])(
    'answers "%s" with the format message', (input) => {
      expect(parsePageRanges(input, 10)).toEqual({ ok: false, message: pageRangeMessages.format });
    });

  it('uses the exact format message of SPEC §5', () => {
    expect(pageRangeMessages.format).toBe('Please input something like: 1, 6-159, or 59-100');
  });

  it.each(['0', '11', '5-3', '1-11'])('answers "%s" on a 10-page document with the invalid-range message', (input) => {
    expect(parsePageRanges(input, 10)).toEqual({ ok: false, message: 'Please enter a valid page range.' });
  });

  it('merges overlapping ranges into distinct ascending pages', () => {
    const r = parsePageRanges('5-7, 1, 6', 10);
    expect(r.ok && pagesOf(r.ranges)).toEqual([1, 5, 6, 7]);
  });

  it('checks split bounds with the min and max messages', () => {
    expect(checkSplitBound(0, 1, 10)).toBe("Can't be less than min. value");
    expect(checkSplitBound(11, 1, 10)).toBe("Can't be greater than the max. value");
    expect(checkSplitBound(10, 1, 10)).toBeNull();
  });
});
