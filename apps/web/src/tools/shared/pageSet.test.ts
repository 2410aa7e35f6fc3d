import { describe, expect, it } from 'vitest';
import { rangesOf } from './pageSet';

describe('rangesOf', () => {
  it('joins runs of pages into ranges, in order, without repeats', () => {
    expect(rangesOf([5, 1, 2, 3, 3, 9, 8])).toBe('1-3, 5, 8-9');
    expect(rangesOf([])).toBe('');
    expect(rangesOf([4])).toBe('4');
  });
});
