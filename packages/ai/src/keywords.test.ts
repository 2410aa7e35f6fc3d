import { describe, expect, it } from 'vitest';
import { reportDocument } from '../test/fixtures.js';
import { chunkDocument } from './chunk.js';
import { extractKeywords } from './keywords.js';
import { stopwordsFor } from './segment.js';

describe('extractKeywords', () => {
  const keywords = extractKeywords(chunkDocument(reportDocument()), 'en');

  it('gives five to eight keywords, the report’s subject among them', () => {
    expect(keywords.length).toBeGreaterThanOrEqual(5);
    expect(keywords.length).toBeLessThanOrEqual(8);
    expect(keywords.some((keyword) => /water/i.test(keyword))).toBe(true);
  });

  it('holds no stopword, number or repeated keyword', () => {
    const stop = stopwordsFor('en');
    for (const keyword of keywords) {
      for (const word of keyword.toLowerCase().split(' ')) expect(stop.has(word)).toBe(false);
      expect(keyword).not.toMatch(/\d/);
    }
    expect(new Set(keywords.map((keyword) => keyword.toLowerCase())).size).toBe(keywords.length);
  });

  it('keeps the capital of a name the document always capitalises, and lowers common words', () => {
    expect(keywords).toContain('Cold Creek');
    expect(keywords).toContain('water');
  });
});
