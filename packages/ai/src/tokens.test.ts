import { describe, expect, it } from 'vitest';
import { estimateTokens } from './tokens.js';

describe('estimateTokens', () => {
  it('counts about four Latin characters a token', () => {
    expect(estimateTokens('abcd'.repeat(25))).toBe(25);
  });

  it('counts one token per Chinese or Japanese character', () => {
    expect(estimateTokens('水库供水')).toBe(4);
    expect(estimateTokens('水道は')).toBe(3);
  });

  it('adds mixed text up and counts nothing as zero', () => {
    expect(estimateTokens('水库 reservoir')).toBe(2 + Math.ceil(10 / 4));
    expect(estimateTokens('')).toBe(0);
  });
});
