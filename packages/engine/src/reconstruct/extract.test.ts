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

/** A page with `text` printed at each of the baselines (points from the top) at size 20, and a line below. */
function printedAgainPdf(text: string, baselines: number[], below: string): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    const show = (size: number, x: number, top: number, t: string): string => `BT /F1 ${size} Tf ${x} ${842 - top} Td (${t}) Tj ET`;
    const ops = baselines.map((top, i) => show(20, 72 + i * 0.3, top, text));
    ops.push(show(11, 72, 200, below));
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: { F1: font } }, ops.join('\n')));
    return doc.saveToBuffer('compress').asUint8Array();
  } finally {
    doc.destroy();
  }
}

describe('text printed over itself', () => {
  it('reads a title printed again a fraction of a point lower once, also when the passes straddle a band of baselines, and keeps the same letters elsewhere', () => {
    // 99.9 and 100.1 lie on either side of a multiple of the bands' height: each pass must
    // still be found from the other.
    const doc = new mupdf.PDFDocument(printedAgainPdf('Annual Report', [99.9, 100.1, 100.3], 'Annual Report again, smaller'));
    try {
      const page = doc.loadPage(0);
      expect(textOf(extractPage(page))).toBe('Annual Report Annual Report again, smaller');
      page.destroy();
    } finally {
      doc.destroy();
    }
  });
});
