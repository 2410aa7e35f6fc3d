import { describe, expect, it } from 'vitest';
import { layoutPage, reportDocument } from '../test/fixtures.js';
import { chunkDocument, joinLines } from './chunk.js';
import { countWords } from './segment.js';
import type { DocumentText, TextLine } from './types.js';

const line = (text: string, x: number, y: number, width: number, size = 10): TextLine => ({ text, rect: [x, y, width, size * 1.2], size, bold: false });

function single(lines: TextLine[]): DocumentText {
  return { title: null, outline: [], pages: [{ page: 1, width: 595, height: 842, blocks: [{ lines }] }] };
}

describe('chunkDocument', () => {
  const doc = reportDocument();
  const chunks = chunkDocument(doc);

  it('never lets a chunk span pages: every sentence of a chunk is text of the chunk’s page', () => {
    const pageText = new Map(doc.pages.map((page) => [page.page, page.blocks.flatMap((block) => block.lines.map((l) => l.text)).join('').replace(/\s+/g, '')]));
    for (const chunk of chunks) {
      for (const sentence of chunk.sentences) expect(pageText.get(chunk.page)).toContain(sentence.text.replace(/\s+/g, ''));
    }
    expect(new Set(chunks.map((chunk) => chunk.page))).toEqual(new Set(doc.pages.map((page) => page.page)));
  });

  it('keeps chunks to at most 120 words and ids in reading order', () => {
    expect(chunks.every((chunk) => chunk.words <= 120 && chunk.words === countWords(chunk.text))).toBe(true);
    expect(chunks.map((chunk) => chunk.id)).toEqual(chunks.map((_, index) => index));
  });

  it('gives every sentence the rectangles of the lines it covers, within its page’s lines', () => {
    for (const chunk of chunks) {
      const page = doc.pages[chunk.page - 1];
      const lineRects = page?.blocks.flatMap((block) => block.lines.map((l) => l.rect)) ?? [];
      for (const sentence of chunk.sentences) {
        expect(sentence.rects.length).toBeGreaterThan(0);
        for (const [x, y, width] of sentence.rects) {
          const host = lineRects.find((rect) => rect[1] === y);
          expect(host).toBeDefined();
          expect(x).toBeGreaterThanOrEqual(host?.[0] ?? Infinity);
          expect(x + width).toBeLessThanOrEqual((host?.[0] ?? 0) + (host?.[2] ?? 0) + 0.01);
        }
      }
    }
  });

  it('starts a sentence that begins mid-line at its share of the line’s width', () => {
    const [chunk] = chunkDocument(single([line('First one here. Second one', 100, 50, 260), line('ends here.', 100, 62, 100)]));
    const second = chunk?.sentences[1];
    expect(second?.text).toBe('Second one ends here.');
    // "First one here. " is 16 of the line's 26 characters: 16/26 of 260 points.
    expect(second?.rects).toEqual([[260, 50, 100, 12], [100, 62, 100, 12]]);
  });

  it('marks headings and records the section each chunk stands in', () => {
    const treatment = chunks.find((chunk) => chunk.page === 3);
    expect(treatment?.sentences[0]).toMatchObject({ text: '3. Treatment at the Millbrook Plant', heading: true });
    expect(chunks.filter((chunk) => chunk.page === 3).every((chunk) => chunk.section === '3. Treatment at the Millbrook Plant')).toBe(true);
  });

  it('joins a Chinese paragraph’s lines without spaces and splits it at 。', () => {
    const chinese = chunks.filter((chunk) => chunk.page === 9).flatMap((chunk) => chunk.sentences.filter((s) => !s.heading));
    expect(chinese.map((sentence) => sentence.text)).toContain('冷溪水库是最大的水源，蓄水量为一千八百万立方米。');
  });

  it('cuts a long page into several chunks of whole sentences', () => {
    const sentence = 'The pumping station at the northern edge of the city lifts treated water into the high tank every night.';
    const page = layoutPage(1, Array.from({ length: 8 }, () => ({ text: `${sentence} ${sentence} ${sentence}` })));
    const long = chunkDocument({ title: null, outline: [], pages: [page] });
    expect(long.length).toBeGreaterThan(2);
    expect(long.every((chunk) => chunk.words >= 40 && chunk.words <= 120)).toBe(true);
    expect(long.every((chunk) => chunk.sentences.every((s) => s.text === sentence))).toBe(true);
  });
});

describe('joinLines', () => {
  it('rejoins a word hyphenated at a line’s end and keeps the hyphen’s width in the first line', () => {
    const { text } = joinLines([line('The treat-', 0, 0, 100), line('ment works.', 0, 12, 110)]);
    expect(text).toBe('The treatment works.');
    const [chunk] = chunkDocument(single([line('The treat-', 0, 0, 100), line('ment works.', 0, 12, 110)]));
    expect(chunk?.sentences[0]?.rects).toEqual([[0, 0, 100, 12], [0, 12, 110, 12]]);
  });

  it('keeps a hyphen before a capital or a digit, where it belongs to the word', () => {
    expect(joinLines([line('the Anglo-', 0, 0, 100), line('Saxon wells and COVID-', 0, 12, 100), line('19 rules', 0, 24, 80)]).text).toBe(
      'the Anglo-Saxon wells and COVID-19 rules',
    );
  });
});
