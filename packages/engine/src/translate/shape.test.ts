/**
 * Translations into Hindi and Thai are shaped: the glyphs written into the PDF are those
 * HarfBuzz's own hb-shape program picks for the same font and text (conjuncts, the i-matra
 * before its consonant, Thai tone marks moved over their vowel), at the positions it gives,
 * and text extraction (pdftotext, MuPDF) gives the Unicode text back.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mupdf } from '../mupdf.js';
import { REPORT, reportPdf } from '../../test/layout-fixtures.js';
import { useTempDir } from '../../test/harness.js';
import { readTextBoxes } from './boxes.js';
import { writeTranslation } from './write.js';

const tmp = useTempDir('pagewright-shape-');
const NOTO = '/usr/share/fonts/truetype/noto';
const HINDI = 'क्षत्रिय किताब हिन्दी';
/** Tone marks over upper vowels (นี้, ที่) and over a consonant with a tail (ป่า). */
const THAI = 'นี้คือป่าที่สวย';

interface Glyph {
  gid: number;
  /** Origin on the page, points. */
  x: number;
  y: number;
}

/** The glyphs drawn on page 1 in fonts whose name matches `font`, in drawing order, by MuPDF's interpreter. */
function drawnGlyphs(path: string, font: RegExp): Glyph[] {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  const glyphs: Glyph[] = [];
  try {
    const page = doc.loadPage(0);
    const device = new mupdf.Device({
      fillText(text) {
        text.walk({
          showGlyph(f, trm, gid) {
            // MuPDF adds an ActualText's characters as glyphs -1, which draw nothing.
            if (font.test(f.getName()) && gid >= 0) glyphs.push({ gid, x: trm[4], y: trm[5] });
          },
        });
      },
    });
    page.run(device, mupdf.Matrix.identity);
    device.close();
    page.destroy();
  } finally {
    doc.destroy();
  }
  return glyphs;
}

interface HbGlyph {
  g: number;
  cl: number;
  ax: number;
  dx: number;
  dy: number;
}

/** hb-shape (Debian libharfbuzz-bin) on `text` in `fontFile`: HarfBuzz's reference answer. */
function hbShape(fontFile: string, text: string, lang: string): HbGlyph[] {
  const run = spawnSync('hb-shape', ['--output-format=json', '--no-glyph-names', `--language=${lang}`, fontFile, text], { encoding: 'utf8' });
  if (run.error || run.status !== 0) {
    throw new Error(`hb-shape is missing or failed (install the Debian package libharfbuzz-bin, as scripts/setup.sh does): ${run.error?.message ?? run.stderr}`);
  }
  return JSON.parse(run.stdout) as HbGlyph[];
}

/** pdftotext of page 1 (poppler-utils, installed by scripts/setup.sh). */
function pdftotext(path: string): string {
  const run = spawnSync('pdftotext', ['-f', '1', '-l', '1', path, '-'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) throw new Error(`pdftotext is missing or failed: ${run.error?.message ?? run.stderr}`);
  return run.stdout;
}

function mupdfText(path: string): string {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    const page = doc.loadPage(0);
    const stext = page.toStructuredText('preserve-whitespace');
    const text = stext.asText();
    stext.destroy();
    page.destroy();
    return text;
  } finally {
    doc.destroy();
  }
}

/** The ToUnicode CMap of the page-1 font whose name matches `font`. */
function toUnicodeOf(path: string, font: RegExp): string {
  const doc = new mupdf.PDFDocument(readFileSync(path));
  try {
    const fonts = doc.findPage(0).get('Resources').get('Font');
    let cmap = '';
    fonts.forEach((ref) => {
      const dict = ref.resolve();
      if (font.test(dict.get('BaseFont').asName())) cmap = dict.get('ToUnicode').readStream().asString();
    });
    return cmap;
  } finally {
    doc.destroy();
  }
}

/** The report's heading translated into `text` (a one-line box wide enough for it). */
async function translateHeading(text: string, lang: string, name: string): Promise<{ output: string; size: number; x0: number }> {
  const input = tmp.file('report.pdf', reportPdf());
  const pages = await readTextBoxes({ path: input });
  const heading = pages[0]!.boxes.find((b) => b.text === REPORT.heading)!;
  const output = tmp.out(name);
  const fit = await writeTranslation({ path: input }, output, {
    pages: [{ ...pages[0]!, boxes: [heading] }], translations: { [heading.id]: text }, layout: 'translated', rtl: false, breakAnywhere: lang === 'th', lang,
  });
  expect(fit.overflowing).toBe(0);
  return { output, size: heading.size, x0: heading.room.x0 };
}

/** Glyph ids drawn equal hb-shape's, and each glyph stands where hb-shape's advances and offsets put it. */
function expectShapedAsHarfBuzz(drawn: Glyph[], reference: HbGlyph[], x0: number): void {
  expect(drawn.map((g) => g.gid)).toEqual(reference.map((g) => g.g));
  // hb-shape gives font units, 1000 per em in the Noto fonts.
  let pen = 0;
  const size = sizeOf(drawn, reference);
  drawn.forEach((glyph, i) => {
    const want = reference[i]!;
    expect(glyph.x - x0).toBeCloseTo((pen + want.dx) * size / 1000, 1);
    pen += want.ax;
  });
  const baseline = drawn[0]!.y + (reference[0]!.dy * size) / 1000;
  drawn.forEach((glyph, i) => expect(glyph.y).toBeCloseTo(baseline - (reference[i]!.dy * size) / 1000, 1));
}

/** The size the line was set at, from its drawn width against hb-shape's (the fitting may have shrunk it). */
function sizeOf(drawn: Glyph[], reference: HbGlyph[]): number {
  const last = reference.length - 1;
  const units = reference.slice(0, last).reduce((sum, g) => sum + g.ax, 0) + reference[last]!.dx - reference[0]!.dx;
  return ((drawn[last]!.x - drawn[0]!.x) * 1000) / units;
}

describe('shaping translations into Indic scripts and Thai', () => {
  it('writes a Hindi translation with the glyphs and positions hb-shape gives: conjuncts क्ष त्र, the i-matra before its consonant, न् as a half form', async () => {
    const { output, x0 } = await translateHeading(HINDI, 'hi', 'report-hi.pdf');
    const reference = hbShape(`${NOTO}/NotoSansDevanagari-Regular.ttf`, HINDI, 'hi');
    const drawn = drawnGlyphs(output, /Devanagari/u);
    // Fewer glyphs than characters: conjuncts and half forms are single glyphs.
    expect(reference.length).toBeLessThan([...HINDI].length);
    expectShapedAsHarfBuzz(drawn, reference, x0);
  });

  it('writes a Thai translation with the glyphs and mark offsets hb-shape gives (tone marks over the vowels)', async () => {
    const { output, x0 } = await translateHeading(THAI, 'th', 'report-th.pdf');
    const reference = hbShape(`${NOTO}/NotoSansThai-Regular.ttf`, THAI, 'th');
    // The marks are positioned (GPOS): an unshaped writer would set them at their nominal place.
    expect(reference.some((g) => g.dx !== 0 || g.dy !== 0)).toBe(true);
    expectShapedAsHarfBuzz(drawnGlyphs(output, /Thai/u), reference, x0);
  });

  it('gives the Hindi and Thai text back to pdftotext and to MuPDF: a conjunct glyph maps to its letters, a reordered i-matra in logical order', async () => {
    const hindi = (await translateHeading(HINDI, 'hi', 'report-hi-text.pdf')).output;
    const conjunct = hbShape(`${NOTO}/NotoSansDevanagari-Regular.ttf`, 'क्ष', 'hi');
    expect(conjunct).toHaveLength(1);
    const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');
    expect(toUnicodeOf(hindi, /Devanagari/u)).toContain(`<${hex(conjunct[0]!.g, 4)}> <${[...'क्ष'].map((c) => hex(c.codePointAt(0)!, 4)).join('')}>`);
    const thai = (await translateHeading(THAI, 'th', 'report-th-text.pdf')).output;
    expect(pdftotext(hindi)).toContain(HINDI);
    expect(mupdfText(hindi)).toContain(HINDI);
    expect(pdftotext(thai)).toContain(THAI);
    expect(mupdfText(thai)).toContain(THAI);
  });
});
