/**
 * Text drawn mirrored (a decal or an iron-on transfer printed in reverse): no turn of the page
 * sets such glyphs upright and reading left to right at once. The page is read turned so that
 * its glyphs stand upright, which stacks the lines in the order they are read, and each line's
 * glyphs are taken in the order they were drawn. The PDF is drawn here with MuPDF: three lines
 * of a paragraph, top to bottom in reading order, set with a mirroring text matrix.
 */
import { describe, expect, it } from 'vitest';
import { mupdf } from '../mupdf.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { analyseDocument } from './analyse.js';
import type { Paragraph } from './layout.js';

const LINES = ['The first line of the transfer is read first,', 'the second line is read after it and', 'the third line closes the paragraph.'];
const SIZE = 12;
const PITCH = 15;

/** The page's paragraphs' text, in the order the analysis reads them. */
function readText(ops: string[]): string {
  const doc = new mupdf.PDFDocument(opsPdf(ops));
  try {
    const layout = analyseDocument(doc);
    return layout.pages[0]!.blocks
      .filter((b): b is Paragraph => b.kind === 'paragraph')
      .map((p) => p.runs.map((r) => r.text).join(''))
      .join(' ');
  } finally {
    doc.destroy();
  }
}

describe('text drawn mirrored', () => {
  it('reads lines mirrored left to right top to bottom, each in the order it was drawn', () => {
    // The text matrix -1 0 0 1 draws each line leftwards from x 500, its glyphs upright.
    const ops = LINES.map((line, i) => `BT /F1 ${SIZE} Tf -1 0 0 1 500 ${700 - i * PITCH} Tm (${line}) Tj ET`);
    expect(readText(ops)).toBe(LINES.join(' '));
  });

  it('reads lines turned a quarter and mirrored in the order their upright glyphs stack them', () => {
    // The text matrix 0 1 1 0 draws each line up the page with its glyphs' tops to the right:
    // the first line is the rightmost.
    const ops = LINES.map((line, i) => `BT /F1 ${SIZE} Tf 0 1 1 0 ${400 - i * PITCH} 150 Tm (${line}) Tj ET`);
    expect(readText(ops)).toBe(LINES.join(' '));
  });
});
