/**
 * A page of the PDF stays a page of the DOCX in LibreOffice when the word processor would lay
 * it out taller than drawn: justified lines whose typesetter squeezed their spaces, pictures
 * side by side, and a page without the running footer of the pages before it. The PDFs are
 * drawn here with MuPDF.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mupdf } from '../mupdf.js';
import { savedBytes } from '../../test/fixtures.js';
import { useTempDir } from '../../test/harness.js';
import { toolsAvailable } from '../../test/tools.js';
import { pngFile, rgbFrame } from '../../test/image-fixtures.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';

const tmp = useTempDir('pagewright-page-spill-');

const WIDTH = 595;
const HEIGHT = 842;
const LEFT = 72;
const RIGHT = WIDTH - 72;
const times = new mupdf.Font('Times-Roman');
const widthOf = (text: string, size: number): number => [...text].reduce((w, c) => w + times.advanceGlyph(times.encodeCharacter(c.codePointAt(0)!)) * size, 0);

const WORDS = 'the committee reviewed every application received during the quarter and recorded its decision together with the reasons given by each member present at the meeting'.split(' ');

const roundTrip = useWordRoundTrip(tmp);

/** Pages of LibreOffice's rendering of the DOCX written for the PDF `pdf`. */
const roundTripPages = (name: string, pdf: Uint8Array) => roundTrip(name, tmp.file(`${name}.pdf`, pdf));

describe('a page of justified paragraphs whose lines were set with squeezed spaces', () => {
  it('stays one page in LibreOffice: each line of the PDF stays one line (its breaks kept, the line set narrower)', async () => {
    const size = 11;
    const pitch = 13.5;
    // Lines 4 % wider in Times at its own spaces than the column: the typesetter shrank the
    // word spaces (Tw) to justify them.
    const lines: string[] = [];
    let word = 0;
    for (let i = 0; i < 52; i++) {
      let line = '';
      while (widthOf(`${line} ${WORDS[word % WORDS.length]!}`.trim(), size) < (RIGHT - LEFT) * 1.04) line = `${line} ${WORDS[word++ % WORDS.length]!}`.trim();
      lines.push(line);
    }
    const doc = new mupdf.PDFDocument();
    let pdf: Uint8Array;
    try {
      const fonts = { F1: doc.addSimpleFont(times) };
      const ops: string[] = [];
      let y = HEIGHT - 60;
      lines.forEach((line, i) => {
        // Paragraphs of thirteen lines, a blank line between them.
        if (i > 0 && i % 13 === 0) y -= pitch;
        const spaces = line.split(' ').length - 1;
        const last = i % 13 === 12;
        const tw = last ? 0 : (RIGHT - LEFT - widthOf(line, size)) / spaces;
        ops.push(`BT /F1 ${size} Tf ${tw.toFixed(3)} Tw ${LEFT} ${y.toFixed(2)} Td (${line}) Tj ET`);
        y -= pitch;
      });
      doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, { Font: fonts }, ops.join('\n')));
      pdf = savedBytes(doc, 'compress');
    } finally {
      doc.destroy();
    }
    const { pages, xml } = await roundTripPages('squeezed', pdf);
    expect(pages).toBe(1);
    // The PDF's lines, one after the other, as the paragraph's lines.
    expect((xml.match(/<w:br\/>/g) ?? []).length).toBe(48);
  }, 120_000);
});

describe('a row of pictures side by side', () => {
  it('stays one page in LibreOffice: the pictures sit beside each other, not one under the other', async () => {
    const doc = new mupdf.PDFDocument();
    let pdf: Uint8Array;
    try {
      const fonts = { F1: doc.addSimpleFont(times) };
      const images = [[200, 60, 60], [60, 160, 60], [60, 60, 200]].map((rgb) => doc.addImage(new mupdf.Image(pngFile(rgbFrame(40, 80, rgb as [number, number, number])))));
      const ops = [`BT /F1 12 Tf ${LEFT} ${HEIGHT - 72} Td (Three screenshots of the tool, side by side:) Tj ET`];
      // Three pictures 300 pt tall in a row, their tops a little apart.
      images.forEach((_, i) => ops.push(`q 140 0 0 ${300 - i * 20} ${LEFT + i * 155} ${HEIGHT - 400 + i * 10} cm /Im${i} Do Q`));
      ops.push(`BT /F1 12 Tf ${LEFT} ${HEIGHT - 440} Td (The palette on the right picks the colour of the line.) Tj ET`);
      const xobjects = Object.fromEntries(images.map((image, i) => [`Im${i}`, image]));
      doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, { Font: fonts, XObject: xobjects }, ops.join('\n')));
      pdf = savedBytes(doc, 'compress');
    } finally {
      doc.destroy();
    }
    const { pages } = await roundTripPages('row', pdf);
    expect(pages).toBe(1);
  }, 120_000);
});

describe('a last page without the running footer of the pages before it', () => {
  it('stays one page in LibreOffice: the empty footer that ends the running one takes no room from the body', async () => {
    const doc = new mupdf.PDFDocument();
    let pdf: Uint8Array;
    try {
      const fonts = { F1: doc.addSimpleFont(times) };
      for (let p = 0; p < 4; p++) {
        const ops = Array.from({ length: 8 }, (_, i) => `BT /F1 11 Tf ${LEFT} ${HEIGHT - 72 - i * 14} Td (Line ${i + 1} of the minutes on page ${p + 1}.) Tj ET`);
        if (p < 3) ops.push(`BT /F1 9 Tf ${LEFT} 20 Td (Minutes of the committee, printed by the secretary) Tj ET`);
        // The last page ends with a note printed at its very bottom.
        else ops.push(`BT /F1 9 Tf 20 5 Td (Created with a trial version of the printer driver) Tj ET`);
        doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, { Font: fonts }, ops.join('\n')));
      }
      pdf = savedBytes(doc, 'compress');
    } finally {
      doc.destroy();
    }
    const { pages } = await roundTripPages('footer', pdf);
    expect(pages).toBe(4);
  }, 120_000);
});

describe('a table with charts placed over its empty cells', () => {
  it('keeps the table at its place on the page: the charts lie over it, the table does not move below them', async () => {
    const doc = new mupdf.PDFDocument();
    let pdf: Uint8Array;
    try {
      const fonts = { F1: doc.addSimpleFont(times) };
      const chart = doc.addImage(new mupdf.Image(pngFile(rgbFrame(60, 40, [60, 60, 200]))));
      const xs = [30, 130, 230, 330, 565];
      const rows = 40;
      const pitch = 18;
      const top = HEIGHT - 40;
      const ops = ['0.5 w'];
      for (let r = 0; r <= rows; r++) ops.push(`${xs[0]} ${top - r * pitch} m ${xs[xs.length - 1]} ${top - r * pitch} l S`);
      for (const x of xs) ops.push(`${x} ${top} m ${x} ${top - rows * pitch} l S`);
      for (let r = 0; r < rows; r++) {
        const cells = [`Market ${r + 1}`, `${(1.3 + r / 100).toFixed(2)} - ${(1.4 + r / 100).toFixed(2)}`, `${(1.2 + r / 100).toFixed(2)}`];
        ops.push(`BT /F1 10 Tf ${cells.map((text, c) => `1 0 0 1 ${xs[c]! + 3} ${top - r * pitch - 13} Tm (${text}) Tj`).join(' ')} ET`);
      }
      // Two charts in the last column's empty cells, as market bulletins print them.
      ops.push(`q 220 0 0 250 ${xs[3]! + 8} ${top - 260} cm /Im0 Do Q`);
      ops.push(`q 220 0 0 250 ${xs[3]! + 8} ${top - 540} cm /Im0 Do Q`);
      doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, { Font: fonts, XObject: { Im0: chart } }, ops.join('\n')));
      pdf = savedBytes(doc, 'compress');
    } finally {
      doc.destroy();
    }
    const { pages } = await roundTripPages('charts', pdf);
    expect(pages).toBe(1);
  }, 120_000);
});

describe('two columns whose left one starts far below the right one (figures above it)', () => {
  it('keeps the right column at the top of the page in LibreOffice: the left column\'s gap above does not push it down', async () => {
    const size = 10;
    const pitch = 12;
    const gutter = 14;
    const mid = (LEFT + RIGHT) / 2;
    const lineOf = (n: number): string => {
      let line = '';
      let word = n;
      while (widthOf(`${line} ${WORDS[word % WORDS.length]!}`.trim(), size) < mid - gutter / 2 - LEFT - 4) line = `${line} ${WORDS[word++ % WORDS.length]!}`.trim();
      return line;
    };
    const top = HEIGHT - 72;
    const ops: string[] = [];
    // The right column from the top, the left one 150 pt lower (the room of a figure).
    ops.push(`BT /F1 ${size} Tf ${mid + gutter / 2} ${top} Td (Rightmost opening words) Tj ET`);
    for (let i = 1; i < 45; i++) ops.push(`BT /F1 ${size} Tf ${mid + gutter / 2} ${(top - i * pitch).toFixed(2)} Td (${lineOf(i + 3)}) Tj ET`);
    for (let i = 0; i < 32; i++) ops.push(`BT /F1 ${size} Tf ${LEFT} ${(top - 150 - i * pitch).toFixed(2)} Td (${lineOf(i)}) Tj ET`);
    const pdf = opsPdf(ops, 'Times-Roman');
    const { pages, rendered: renderedPath } = await roundTripPages('left-column-lower', pdf);
    const rendered = mupdf.Document.openDocument(readFileSync(renderedPath), 'application/pdf');
    let rightTop = Infinity;
    try {
      let line = '';
      let y = 0;
      rendered.loadPage(0).toStructuredText('').walk({
        onChar(c, origin) {
          if (!line) y = origin[1];
          line += c;
        },
        endLine() {
          if (line.startsWith('Rightmost')) rightTop = y;
          line = '';
        },
      });
    } finally {
      rendered.destroy();
    }
    // Drawn 82 pt below the page's top edge (72 pt to the first baseline).
    expect(rightTop).toBeLessThan(72 + 20);
    expect(pages).toBe(1);
  });
});

describe.runIf(toolsAvailable('two columns about an em apart: pdftotext reads the round trip', 'pdftotext'))('two justified columns of 10 pt text a little under an em apart, the right one in short paragraphs', () => {
  it('are read column by column by poppler\'s text flow in LibreOffice\'s rendering: the gutter is written wider than an em', async () => {
    const size = 10;
    const pitch = 12;
    const gutter = 9.6;
    const width = (RIGHT - LEFT - gutter) / 2;
    const top = HEIGHT - 100;
    const ops: string[] = [];
    let word = 0;
    /** A paragraph of `count` lines justified to the column (word spacing), its last line flush left. */
    const paragraph = (x: number, y: number, count: number): string => {
      const lines: string[] = [];
      for (let i = 0; i < count; i++) {
        let line = WORDS[word++ % WORDS.length]!;
        while (widthOf(`${line} ${WORDS[word % WORDS.length]!}`, size) <= width) line = `${line} ${WORDS[word++ % WORDS.length]!}`;
        const tw = i === count - 1 ? 0 : (width - widthOf(line, size)) / (line.split(' ').length - 1);
        ops.push(`BT /F1 ${size} Tf ${tw.toFixed(3)} Tw ${x.toFixed(2)} ${(y - i * pitch).toFixed(2)} Td (${line}) Tj ET`);
        lines.push(line);
      }
      return lines.join(' ');
    };
    // The left column runs on from two lines lower (a heading's room above it), its baselines
    // 2 pt below the right column's; the right one is in paragraphs of three lines, a line
    // apart: a PDF reader takes the few lines beside such a short block that end less than an
    // em before it as part of it.
    const left = paragraph(LEFT, top - 2 * pitch - 2, 38);
    const right: string[] = [];
    for (let i = 0; i < 10; i++) right.push(paragraph(LEFT + width + gutter, top - i * 4 * pitch, 3));
    const pdf = opsPdf(ops, 'Times-Roman');
    const { pages, xml, rendered } = await roundTripPages('gutter-em', pdf);
    expect(pages).toBe(1);
    // The gutter is written at least an em and a half point wide.
    expect(Number(/<w:cols w:space="(\d+)"/.exec(xml)?.[1])).toBeGreaterThanOrEqual(210);
    const read = execFileSync('pdftotext', [rendered, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    // Each paragraph of each column is read whole, none with lines of the other column inside.
    expect(read).toContain(left);
    for (const text of right) expect(read).toContain(text);
  }, 120_000);
});

describe('running text on the right of the page while the notes on the left run past it', () => {
  // Lines set tight (the fitting pass cannot make them shorter): the notes fit the page only
  // from and down to where they are drawn.
  const size = 9;
  const pitch = 9.2;
  const lineOf = (n: number): string => {
    let line = '';
    let word = n;
    while (widthOf(`${line} ${WORDS[word % WORDS.length]!}`.trim(), size) < 250) line = `${line} ${WORDS[word++ % WORDS.length]!}`.trim();
    return line;
  };

  /** Two pages of Times, each drawn by `opsOf(page)`. */
  const notesPdf = (opsOf: (page: number) => string[]): Uint8Array => {
    const doc = new mupdf.PDFDocument();
    try {
      const fonts = { F1: doc.addSimpleFont(times) };
      for (let p = 0; p < 2; p++) doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, { Font: fonts }, opsOf(p).join('\n')));
      return savedBytes(doc, 'compress');
    } finally {
      doc.destroy();
    }
  };

  it('keeps each page one page in LibreOffice: the footer takes no room from the notes, which end where they are drawn', async () => {
    const pdf = notesPdf((p) => {
      const ops: string[] = [];
      // Notes from the top down to 20 pt above the page's bottom edge, different on each page.
      for (let i = 0, y = HEIGHT - 40; y >= 20; i++, y -= pitch) ops.push(`BT /F1 ${size} Tf 30 ${y.toFixed(2)} Td (${lineOf(i * 3 + p * 7)}) Tj ET`);
      // The same contact lines on every page, on the right, their top 50 pt above the bottom edge.
      ops.push(`BT /F1 10 Tf 330 42 Td (Call us on 13 2224, 8am to 8pm, 7 days.) Tj ET`);
      ops.push(`BT /F1 10 Tf 330 28 Td (Visit the website or drop into any branch.) Tj ET`);
      return ops;
    });
    const { pages, texts } = await roundTripPages('footer-beside', pdf);
    expect(pages).toBe(2);
    for (const text of texts) expect(text.replace(/\s+/g, ' ')).toContain('Call us on 13 2224');
  }, 120_000);

  it('keeps each page one page in LibreOffice: the header takes no room from the notes, which start where they are drawn', async () => {
    const pdf = notesPdf((p) => {
      const ops: string[] = [];
      // Notes from 12 pt below the page's top edge down to 40 pt above its bottom, different on each page.
      for (let i = 0, y = HEIGHT - 20; y >= 40; i++, y -= pitch) ops.push(`BT /F1 ${size} Tf 30 ${y.toFixed(2)} Td (${lineOf(i * 3 + p * 7)}) Tj ET`);
      // The same heading on every page, on the right, its bottom 47 pt below the top edge.
      ops.push(`BT /F1 10 Tf 330 ${HEIGHT - 32} Td (Effective as at 9 April 2019) Tj ET`);
      ops.push(`BT /F1 10 Tf 330 ${HEIGHT - 44} Td (Rates for home loans, per annum) Tj ET`);
      return ops;
    });
    const { pages, texts } = await roundTripPages('header-beside', pdf);
    expect(pages).toBe(2);
    for (const text of texts) expect(text.replace(/\s+/g, ' ')).toContain('Effective as at 9 April 2019');
  }, 120_000);
});
