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

/**
 * A page with "office" set with the ligature glyph "fi" after its first f (code 128, named
 * "fi" in the font's encoding), with or without a ToUnicode map that gives that code as ﬁ.
 */
function ligaturePdf(toUnicode: boolean): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    const encoding = doc.newDictionary();
    encoding.put('BaseEncoding', doc.newName('WinAnsiEncoding'));
    const differences = doc.newArray();
    differences.push(128);
    differences.push(doc.newName('fi'));
    encoding.put('Differences', differences);
    font.put('Encoding', encoding);
    if (toUnicode) {
      const cmap = ['/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap', '/CMapName /Ligature def', '1 begincodespacerange <00> <FF> endcodespacerange', '1 beginbfrange <20> <7E> <0020> endbfrange', '1 beginbfchar <80> <FB01> endbfchar', 'endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end'];
      font.put('ToUnicode', doc.addStream(cmap.join('\n'), {}));
    }
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: { F1: font } }, 'BT /F1 12 Tf 72 700 Td (of\\200ce) Tj ET'));
    return doc.saveToBuffer('compress').asUint8Array();
  } finally {
    doc.destroy();
  }
}

/**
 * A page with the Arabic word "تقرير" drawn in DejaVu Sans by the glyphs of its letters'
 * presentation forms (initial, medial, final), right to left, embedded by MuPDF with a ToUnicode
 * map that gives those glyphs as the presentation forms (U+FE97…), as a PDF writer shaping Arabic
 * text does.
 */
function presentationFormsPdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const font = new mupdf.Font('DejaVuSans', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf');
    const forms = [0xfe97, 0xfed8, 0xfeae, 0xfef3, 0xfeae];
    const gids = [...forms].reverse().map((cp) => font.encodeCharacter(cp).toString(16).padStart(4, '0')).join('');
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: { F1: doc.addFont(font) } }, `BT /F1 24 Tf 72 700 Td <${gids}> Tj ET`));
    return doc.saveToBuffer('compress').asUint8Array();
  } finally {
    doc.destroy();
  }
}

describe('ligatures', () => {
  const read = (toUnicode: boolean): string => {
    const doc = new mupdf.PDFDocument(ligaturePdf(toUnicode));
    try {
      const page = doc.loadPage(0);
      const raw = extractPage(page);
      page.destroy();
      return textOf(raw);
    } finally {
      doc.destroy();
    }
  };

  it('keeps a ligature that the font\'s ToUnicode map gives as one character (U+FB01) as that character', () => {
    expect(read(true)).toBe('of\ufb01ce');
  });

  it('reads Arabic letters drawn in their presentation forms as the letters, not as the forms', () => {
    const doc = new mupdf.PDFDocument(presentationFormsPdf());
    try {
      const page = doc.loadPage(0);
      const raw = extractPage(page);
      page.destroy();
      expect(textOf(raw)).toBe('تقرير');
    } finally {
      doc.destroy();
    }
  });

  it('writes a ligature known only by its glyph\'s name as its letters, each with its share of the glyph', () => {
    const doc = new mupdf.PDFDocument(ligaturePdf(false));
    try {
      const page = doc.loadPage(0);
      const glyphs = extractPage(page).segments.flatMap((s) => s.glyphs);
      page.destroy();
      expect(glyphs.map((g) => g.c).join('')).toBe('office');
      // The f and the i of the ligature split its box: each begins where the one before it ends.
      for (let i = 1; i < glyphs.length; i++) expect(glyphs[i]!.x0).toBeCloseTo(glyphs[i - 1]!.x1, 1);
    } finally {
      doc.destroy();
    }
  });
});
