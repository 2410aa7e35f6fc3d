/**
 * The raw reading of a page (extractPage) on PDFs the tests build: what it must keep when it
 * is made faster (one reading of the text for the page's turn and for the analysis).
 */
import { describe, expect, it } from 'vitest';
import { buildPdf } from '../../test/fixtures.js';
import { mupdf } from '../mupdf.js';
import { extractPage } from './extract.js';
import { uprightTurn } from './upright.js';

const SENTENCE = 'This sentence was typed on a turned page';

/** The text of a raw page, segment after segment. */
const textOf = (raw: { segments: { glyphs: { c: string }[] }[] }): string => raw.segments.map((s) => s.glyphs.map((g) => g.c).join('')).join(' ');

describe('reading a page once for its turn and its text', () => {
  it("counts the page's turn on its own reading of the text as uprightTurn does, and stops there when the page must turn", () => {
    for (const rotate of [0, 90, 180, 270] as const) {
      const doc = new mupdf.PDFDocument(buildPdf({ pages: [SENTENCE], size: [595, 842], rotate }));
      try {
        const page = doc.loadPage(0);
        const expected = uprightTurn(page);
        // A /Rotate of 90 reads downwards on the displayed page: a quarter turn back (270).
        expect(expected).toBe((360 - rotate) % 360);
        let counted: number | undefined;
        const raw = extractPage(page, (turn) => (counted = turn) === 0);
        expect(counted).toBe(expected);
        if (expected === 0) expect(textOf(raw!)).toBe(SENTENCE);
        else expect(raw).toBeUndefined();
        page.destroy();
      } finally {
        doc.destroy();
      }
    }
  });
});
