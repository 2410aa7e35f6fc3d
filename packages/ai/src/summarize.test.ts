import { describe, expect, it } from 'vitest';
import { REPORT_TITLE, reportDocument, reportSentences } from '../test/fixtures.js';
import { chunkDocument } from './chunk.js';
import { documentSentences, summarizeDocument, summarizeSentences } from './summarize.js';

const wordCount = (texts: string[]): number => texts.join(' ').split(/\s+/).filter(Boolean).length;

describe('summarizeDocument', () => {
  const doc = reportDocument();
  const summary = summarizeDocument(doc);

  it('summarizes the ten-page report in under 200 words that mention its title’s subject, the water supply', () => {
    expect(REPORT_TITLE).toMatch(/Water Supply/);
    const text = summary.map((sentence) => sentence.text).join(' ');
    expect(text).toMatch(/water supply/i);
    expect(wordCount(summary.map((sentence) => sentence.text))).toBeLessThan(200);
    expect(summary.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps to the default budget of 150 words', () => {
    expect(wordCount(summary.map((sentence) => sentence.text))).toBeLessThanOrEqual(150);
  });

  it('is made of the document’s own sentences, each with the page it stands on, in document order', () => {
    const sentences = reportSentences();
    const chunks = chunkDocument(doc);
    const order = documentSentences(chunks).map((sentence) => sentence.text);
    for (const sentence of summary) {
      expect(sentences).toContain(sentence.text);
      expect(documentSentences(chunks, new Set([sentence.page])).map((s) => s.text)).toContain(sentence.text);
    }
    const positions = summary.map((sentence) => order.indexOf(sentence.text));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('summarizes only the pages asked for', () => {
    const pages = summarizeDocument(doc, { pages: new Set([3, 4]) });
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((sentence) => sentence.page === 3 || sentence.page === 4)).toBe(true);
  });

  it('never goes past 200 words, whatever budget is asked', () => {
    expect(wordCount(summarizeDocument(doc, { words: 5_000 }).map((sentence) => sentence.text))).toBeLessThanOrEqual(200);
  });
});

describe('summarizeSentences', () => {
  it('keeps one of two sentences that repeat each other', () => {
    const sentences = [
      { text: 'The reservoir holds eighteen million cubic metres of water for the city.' },
      { text: 'The reservoir holds eighteen million cubic metres of water for the whole city.' },
      { text: 'The treatment plant filters the reservoir water through sand and carbon.' },
      { text: 'Leaks in old water mains waste a sixth of the treated water of the city.' },
    ];
    const summary = summarizeSentences(sentences, { words: 60, language: 'en' });
    expect(summary.filter((sentence) => sentence.text.startsWith('The reservoir holds'))).toHaveLength(1);
    expect(summary.every((sentence) => sentences.includes(sentence))).toBe(true);
  });

  it('ranks the sentence that shares the most with the others first when the budget allows one', () => {
    const sentences = [
      { text: 'Pumps lift water from the river into the plant.' },
      { text: 'The plant treats river water and pumps it to the city tanks.' },
      { text: 'The city tanks store treated water overnight.' },
      { text: 'A brass band played at the opening ceremony of the library.' },
    ];
    expect(summarizeSentences(sentences, { words: 13, language: 'en' })).toEqual([sentences[1]]);
  });
});
