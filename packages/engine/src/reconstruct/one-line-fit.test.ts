/**
 * A line that is one line in the PDF stays one line in LibreOffice when its stand-in font is
 * wider than the PDF's: a heading in several colours, and a running header. The PDFs are drawn
 * here with MuPDF; LibreOffice renders the DOCX written for them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mupdf } from '../mupdf.js';
import { savedBytes } from '../../test/fixtures.js';
import { useTempDir } from '../../test/harness.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';

const tmp = useTempDir('pagewright-one-line-fit-');

const WIDTH = 595;
const HEIGHT = 842;
const LEFT = 72;

const roundTrip = useWordRoundTrip(tmp);

/** A PDF of pages drawn by `ops` (one list of content operators a page), Helvetica-Bold as /F1 and Helvetica as /F2. */
function pagesPdf(pages: string[][]): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold')), F2: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
    for (const ops of pages) doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/** The lines of text (by baseline) of each page of LibreOffice's rendering of the DOCX written for the PDF. */
async function roundTripLines(name: string, pdf: Uint8Array): Promise<string[][]> {
  const { rendered } = await roundTrip(name, tmp.file(`${name}.pdf`, pdf));
  const doc = mupdf.Document.openDocument(readFileSync(rendered), 'application/pdf');
  try {
    const pages: string[][] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const lines = new Map<number, string>();
      doc.loadPage(i).toStructuredText('').walk({
        onChar(c, origin) {
          const base = Math.round(origin[1]!);
          lines.set(base, (lines.get(base) ?? '') + c);
        },
      });
      pages.push([...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text));
    }
    return pages;
  } finally {
    doc.destroy();
  }
}

describe('a one-line heading in five colours, drawn 4 % narrower than its stand-in sets it', () => {
  it('stays one line in LibreOffice: the narrowing counts the last letter of each colour, which LibreOffice does not space', async () => {
    const size = 40;
    const words = ['Red', 'Green', 'Blue', 'Gold', 'Grey'];
    const colours = ['0.8 0 0', '0 0.6 0', '0 0 0.8', '0.7 0.6 0', '0.4 0.4 0.4'];
    // Letters drawn 4 % of the size closer than Helvetica-Bold sets them (Tc).
    const ops = [`BT /F1 ${size} Tf ${-size * 0.04} Tc ${LEFT} ${HEIGHT - 120} Td ${words.map((w, i) => `${colours[i]} rg (${w}) Tj`).join(' ')} ET`];
    const pages = await roundTripLines('heading', pagesPdf([ops]));
    expect(pages[0]).toContain(words.join(''));
  });
});

describe('a running header as wide as the text, in a font a little wider than its stand-in', () => {
  it('stays one line in LibreOffice: the header is narrowed to its room like a body line', async () => {
    const header = 'Quarterly report of the regional committee on housing, transport and public works';
    const size = 10;
    const helvetica = new mupdf.Font('Helvetica');
    // A sans face 1.8 % wider than Helvetica: its stand-in Arial's letters are spaced 0.1 pt
    // apart to match (the twentieths of a point round 0.083 pt up), and the line ends up 2 pt
    // wider than drawn.
    const advance = (c: number): number => helvetica.advanceGlyph(helvetica.encodeCharacter(c)) * 1.018;
    const widthOf = (text: string): number => [...text].reduce((w, c) => w + advance(c.codePointAt(0)!) * size, 0);
    const width = widthOf(header);
    const body = (page: number, line: number): string => `Item ${page}.${line + 1}: the committee met in the quarter and approved the plans set out below`;
    const page = (n: number): string[] => [
      `BT /F1 ${size} Tf ${LEFT} ${HEIGHT - 40} Td (${header}) Tj ET`,
      // Body lines justified to the header's width: the header is as wide as the text.
      ...Array.from({ length: 20 }, (_, i) => {
        const text = body(n, i);
        const tw = (width - widthOf(text)) / (text.split(' ').length - 1);
        return `BT /F1 ${size} Tf ${tw.toFixed(4)} Tw ${LEFT} ${HEIGHT - 90 - i * 16} Td (${text}) Tj ET`;
      }),
      `BT /F1 ${size} Tf ${WIDTH / 2} 40 Td (${n}) Tj ET`,
    ];
    const doc = new mupdf.PDFDocument();
    let pdf: Uint8Array;
    try {
      const widths: number[] = [];
      for (let c = 32; c <= 126; c++) widths.push(Math.round(advance(c) * 1000));
      const descriptor = doc.addObject({ Type: doc.newName('FontDescriptor'), FontName: doc.newName('Widesans'), Flags: 32, FontBBox: [-200, -250, 1000, 950], ItalicAngle: 0, Ascent: 750, Descent: -250, CapHeight: 700, StemV: 80 });
      const font = doc.addObject({ Type: doc.newName('Font'), Subtype: doc.newName('Type1'), BaseFont: doc.newName('Widesans'), FirstChar: 32, LastChar: 126, Widths: widths, FontDescriptor: descriptor, Encoding: doc.newName('WinAnsiEncoding') });
      for (const n of [1, 2, 3]) doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, { Font: { F1: font } }, page(n).join('\n')));
      pdf = savedBytes(doc, 'compress');
    } finally {
      doc.destroy();
    }
    const pages = await roundTripLines('header', pdf);
    expect(pages).toHaveLength(3);
    for (const lines of pages) expect(lines[0]).toBe(header);
  });
});

describe('a ruled table whose cells hold two lines each, set closer than the stand-in sets them and as wide as the cell', () => {
  it('keeps each line of a cell one line in LibreOffice: every line is narrowed to the cell like a one-line cell', async () => {
    const size = 9;
    const helvetica = new mupdf.Font('Helvetica');
    // Letters drawn 9 % of the size closer than Helvetica sets them (Tc): each line as written
    // in the stand-in, wider than its cell, would carry its last word over.
    const tc = -size * 0.09;
    const widthOf = (text: string): number => [...text].reduce((w, c) => w + helvetica.advanceGlyph(helvetica.encodeCharacter(c.codePointAt(0)!)) * size + tc, 0);
    const cells = [
      ['Extra Home Loan (2 Year', 'Introductory Rate)*'],
      ['Extra Home Loan (4 Year', 'Introductory Period)*'],
      ['Viridian Line of Credit', 'Residential Equity'],
    ];
    const padding = 3;
    const first = Math.max(...cells.flat().map(widthOf)) + 2 * padding;
    const xs = [LEFT, LEFT + first, LEFT + first + 60];
    const row = 30;
    const top = HEIGHT - 100;
    const pdfString = (text: string): string => text.replace(/[()\\]/g, '\\$&');
    const ops: string[] = [];
    cells.forEach(([a, b], r) => {
      const y = top - r * row;
      ops.push(`BT /F2 ${size} Tf ${tc} Tc ${xs[0]! + padding} ${y - 12} Td (${pdfString(a!)}) Tj 0 -11 Td (${pdfString(b!)}) Tj ET`);
      ops.push(`BT /F2 ${size} Tf ${xs[2]! - padding - widthOf('3.84%')} ${y - 18} Td (3.84%) Tj ET`);
    });
    for (let r = 0; r <= cells.length; r++) ops.push(`0.5 w ${xs[0]} ${top - r * row} m ${xs[2]} ${top - r * row} l S`);
    for (const x of xs) ops.push(`0.5 w ${x} ${top} m ${x} ${top - cells.length * row} l S`);
    const pages = await roundTripLines('condensed-cells', pagesPdf([ops]));
    for (const line of cells.flat()) expect(pages[0]!.some((l) => l.includes(line))).toBe(true);
  });
});
