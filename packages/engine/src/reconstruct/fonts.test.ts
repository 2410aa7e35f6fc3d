/** Font styles from PDF font names and descriptor flags. */
import { describe, expect, it } from 'vitest';
import { mupdf } from '../mupdf.js';
import { analyseDocument } from './analyse.js';
import { fontStyle } from './fonts.js';
import type { Paragraph } from './layout.js';

describe('font styles', () => {
  it('reads Arial Unicode MS as proportional Arial even when its descriptor says fixed pitch', () => {
    const style = fontStyle('AAAAAA+ArialUnicodeMS', { bold: false, italic: false, mono: true, serif: false });
    expect(style.family).toBe('Arial');
    expect(style.mono).toBe(false);
  });
});

/** Descriptor flags: fixed pitch, serif, non-symbolic. */
const FIXED = 1;
const SERIF = 2;
const NONSYMBOLIC = 32;

/**
 * A page with a line in each of the given fonts: a name no word processor knows, the
 * descriptor's flags, and the /Widths of the base-14 face given, scaled (not embedded, so MuPDF
 * draws a substitute at those advances).
 */
function unknownFontsPage(fonts: { name: string; flags: number; widthsOf: string; scale?: number }[]): InstanceType<typeof mupdf.PDFDocument> {
  const doc = new mupdf.PDFDocument();
  const resources: Record<string, unknown> = {};
  const ops: string[] = [];
  fonts.forEach(({ name, flags, widthsOf, scale = 1 }, i) => {
    const face = new mupdf.Font(widthsOf);
    const widths: number[] = [];
    for (let c = 32; c <= 126; c++) widths.push(Math.round(face.advanceGlyph(face.encodeCharacter(c)) * scale * 1000));
    const descriptor = doc.addObject({ Type: doc.newName('FontDescriptor'), FontName: doc.newName(name), Flags: flags, FontBBox: [-200, -250, 1000, 950], ItalicAngle: 0, Ascent: 750, Descent: -250, CapHeight: 700, StemV: 80 });
    resources[`F${i}`] = doc.addObject({ Type: doc.newName('Font'), Subtype: doc.newName('Type1'), BaseFont: doc.newName(name), FirstChar: 32, LastChar: 126, Widths: widths, FontDescriptor: descriptor, Encoding: doc.newName('WinAnsiEncoding') });
    ops.push(`BT /F${i} 11 Tf 72 ${760 - i * 60} Td (The quick brown fox jumps over the lazy dog, 1234567890 times) Tj ET`);
  });
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: resources }, ops.join('\n')));
  return doc;
}

describe('stand-in fonts chosen by the advances drawn', () => {
  it('sets an unknown font flagged serif but drawn at Helvetica\'s advances in the sans stand-in, one flagged fixed pitch at them (or condensed, like no stand-in) as proportional, and one flagged serif at Courier\'s as mono', () => {
    const doc = unknownFontsPage([
      { name: 'Frobnitz-Regular', flags: SERIF | NONSYMBOLIC, widthsOf: 'Helvetica' },
      { name: 'Quuxface', flags: FIXED | NONSYMBOLIC, widthsOf: 'Helvetica' },
      { name: 'Narrowface', flags: FIXED | NONSYMBOLIC, widthsOf: 'Helvetica', scale: 0.8 },
      { name: 'Typewriterish', flags: SERIF | NONSYMBOLIC, widthsOf: 'Courier' },
      { name: 'Bookface', flags: NONSYMBOLIC, widthsOf: 'Times-Roman' },
    ]);
    try {
      const runs = analyseDocument(doc).pages[0]!.blocks.filter((b): b is Paragraph => b.kind === 'paragraph').flatMap((p) => p.runs);
      const kind = (font: string): { serif?: boolean; mono?: boolean } => {
        const run = runs.find((r) => r.font === font)!;
        return { serif: run.serif, mono: run.mono };
      };
      expect(kind('Frobnitz')).toEqual({ serif: false, mono: false });
      expect(kind('Quuxface')).toEqual({ serif: false, mono: false });
      expect(kind('Narrowface')).toEqual({ serif: false, mono: false });
      expect(kind('Typewriterish')).toEqual({ serif: false, mono: true });
      expect(kind('Bookface')).toEqual({ serif: true, mono: false });
    } finally {
      doc.destroy();
    }
  });
});
