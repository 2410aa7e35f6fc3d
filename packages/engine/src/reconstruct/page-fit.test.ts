/**
 * A page of the PDF stays a page of the DOCX: tables filling their pages (a listing printed
 * over many pages) keep their first and last rows in the body, keep each cell's text in its
 * cell, and keep each one-line cell on one line in LibreOffice. The PDFs are drawn here with
 * MuPDF: ruled tables of dated rows, as government listings print them.
 */
import { describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import type { Paragraph, Table } from './layout.js';
import { mupdf } from '../mupdf.js';
import { savedBytes } from '../../test/fixtures.js';
import { useTempDir } from '../../test/harness.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';

const tmp = useTempDir('pagewright-page-fit-');
const roundTrip = useWordRoundTrip(tmp);

const WIDTH = 792;
const HEIGHT = 612;
const SIZE = 10.5;
const ROW = 13.1;
const TOP = 18;
const ROWS = 44;
const helvetica = new mupdf.Font('Helvetica');
const widthOf = (text: string): number => [...text].reduce((w, c) => w + helvetica.advanceGlyph(helvetica.encodeCharacter(c.codePointAt(0)!)) * SIZE, 0);
const esc = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * Pages of one ruled table, a row per line from the top of the page to its bottom: cells
 * `rows(page)` (columns at `xs`), text 2 pt after each column's rule.
 */
function listingPdf(pages: number, xs: number[], rows: (page: number) => string[][], pitch = ROW): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(helvetica) };
    for (let p = 0; p < pages; p++) {
      const ops: string[] = ['0.5 w'];
      const cells = rows(p);
      const bottom = HEIGHT - TOP - cells.length * pitch;
      for (let r = 0; r <= cells.length; r++) ops.push(`${xs[0]} ${HEIGHT - TOP - r * pitch} m ${xs[xs.length - 1]} ${HEIGHT - TOP - r * pitch} l S`);
      for (const x of xs) ops.push(`${x} ${HEIGHT - TOP} m ${x} ${bottom} l S`);
      cells.forEach((row, r) => {
        const y = HEIGHT - TOP - r * pitch - 10;
        // One text object per row, as report writers print them: MuPDF reads text close
        // across a rule as one line.
        ops.push(`BT /F1 ${SIZE} Tf ${row.map((text, c) => `1 0 0 1 ${xs[c]! + 2} ${y} Tm (${esc(text)}) Tj`).join(' ')} ET`);
      });
      doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, { Font: fonts }, ops.join('\n')));
    }
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

const XS = [30, 97, 164, 360, 452, 535, 760];
const CITIES = ['San Jose', 'Monterey', 'Long Beach', 'El Segundo', 'Palo Alto'];
/** A listing whose first rows start alike on every page and whose rows end in a lone count. */
const warnRow = (p: number, r: number): string[] => [r === 0 ? '07/17/2015' : `0${1 + (r % 9)}/1${r % 10}/2015`, r === 0 ? '09/18/2015' : `0${1 + ((r + p) % 9)}/2${r % 10}/2015`, `Company number ${p * ROWS + r}`, CITIES[(r + p) % CITIES.length]!, String(10 + ((r * 7 + p) % 90)), r === 0 ? 'Layoff Permanent' : r % 2 ? 'Closure Permanent' : 'Layoff Temporary'];

const textOf = (p: Paragraph): string => p.runs.map((r) => r.text).join('').trim();

describe('a table filling its pages', () => {
  it('keeps its first and last rows in the body: dates, counts and cells repeated on every page are not a running header or footer', async () => {
    const path = tmp.file('listing.pdf', listingPdf(3, XS, (p) => Array.from({ length: ROWS }, (_, r) => warnRow(p, r))));
    const layout = await analysePdf({ path });
    for (const page of layout.pages) {
      expect(page.header.map(textOf)).toEqual([]);
      expect(page.footer.map(textOf)).toEqual([]);
      const table = page.blocks.find((b): b is Table => b.kind === 'table');
      expect(table?.rows).toHaveLength(ROWS);
    }
  });

  it('keeps a count in the first or last row of a ruled table in the table, not in the header or footer, when the row has few cells', async () => {
    const xs = [30, 300, 500, 760];
    // Rows far enough apart that no letter of one reaches into the next.
    const rows = 36;
    const path = tmp.file('votes.pdf', listingPdf(1, xs, () => Array.from({ length: rows }, (_, r) => [`CANDIDATE ${r + 1}`, r % 2 ? 'DEM' : 'REP', String(100 + r)]), 16));
    const page = (await analysePdf({ path })).pages[0]!;
    expect(page.header.map(textOf)).toEqual([]);
    expect(page.footer.map(textOf)).toEqual([]);
    expect(page.blocks.find((b): b is Table => b.kind === 'table')?.rows).toHaveLength(rows);
  });

  it('keeps a page number printed under the table in the footer', async () => {
    const path = tmp.file('numbered.pdf', (() => {
      const doc = new mupdf.PDFDocument();
      try {
        const fonts = { F1: doc.addSimpleFont(helvetica) };
        for (let p = 0; p < 2; p++) {
          const ops = Array.from({ length: 30 }, (_, r) => `BT /F1 ${SIZE} Tf 72 ${HEIGHT - 72 - r * ROW} Td (Line ${r + 1} of the report on page ${p + 1}.) Tj ET`);
          ops.push(`BT /F1 ${SIZE} Tf ${WIDTH / 2} 30 Td (${p + 1}) Tj ET`);
          doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, { Font: fonts }, ops.join('\n')));
        }
        return savedBytes(doc, 'compress');
      } finally {
        doc.destroy();
      }
    })());
    const layout = await analysePdf({ path });
    expect(layout.pages.map((p) => p.footer.map(textOf))).toEqual([['1'], ['2']]);
  });

  it('keeps a journal\'s five-digit page number in its running header', async () => {
    const doc = new mupdf.PDFDocument();
    let path: string;
    try {
      const fonts = { F1: doc.addSimpleFont(helvetica) };
      for (let p = 0; p < 2; p++) {
        const ops = [`BT /F1 8 Tf 72 ${HEIGHT - 30} Td (Federal Register / Vol. 85, No. 152 / Proposed Rules) Tj ET`, `BT /F1 8 Tf ${WIDTH - 100} ${HEIGHT - 30} Td (${47699 + p}) Tj ET`];
        ops.push(...Array.from({ length: 20 }, (_, r) => `BT /F1 ${SIZE} Tf 72 ${HEIGHT - 80 - r * ROW} Td (Line ${r + 1} of the rule on page ${p + 1}.) Tj ET`));
        doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, { Font: fonts }, ops.join('\n')));
      }
      path = tmp.file('journal.pdf', savedBytes(doc, 'compress'));
    } finally {
      doc.destroy();
    }
    const layout = await analysePdf({ path });
    expect(layout.pages.map((p) => p.header.map(textOf).join(' '))).toEqual(['Federal Register / Vol. 85, No. 152 / Proposed Rules 47699', 'Federal Register / Vol. 85, No. 152 / Proposed Rules 47700']);
  });

  it('cuts a cell\'s text at the column rule: the next cell\'s words printed close after it stay in their own cell', async () => {
    const company = 'Buca Restaurants 2, Inc.(CANCELLED)**';
    // The company's text ends a point before its column's rule; the city starts two after it.
    const xs = [30, 30 + 2 + widthOf(company) + 1, 520, 760];
    const path = tmp.file('close.pdf', listingPdf(1, xs, () => [[company, 'Santa Monica', 'Closure Permanent']]));
    const table = (await analysePdf({ path })).pages[0]!.blocks.find((b): b is Table => b.kind === 'table');
    expect(table?.rows[0]?.cells.map((c) => c.text.map(textOf).join(' '))).toEqual([company, 'Santa Monica', 'Closure Permanent']);
  });

  it('stays one page in LibreOffice when its cells\' text reaches past their rules: each one-line cell is set narrower rather than wrapped', async () => {
    const company = 'Hank Fisher Properties, Inc. - Chateau at';
    // Every company fills its cell and runs a point past its rule (as report writers print
    // text that does not fit its column).
    const xs = [30, 97, 164, 164 + 2 + widthOf(company) - 1, 560, 640, 760];
    const path = tmp.file('full-cells.pdf', listingPdf(1, xs, () => Array.from({ length: ROWS }, (_, r) => [...warnRow(0, r).slice(0, 2), company, ...warnRow(0, r).slice(3, 6)])));
    expect((await roundTrip('full-cells', path)).pages).toBe(1);
  }, 120_000);
});

/** Ideographs of a résumé's project description, cycled to fill a line. */
const IDEOGRAPHS = '负责四川省甘孜州丹巴磨子电站引水隧洞爆破方案优化设计及爆破震动监测工作沟通协调业主监理和施工三方人员';

describe('a page of lines set in a Chinese font', () => {
  it('stays one page in LibreOffice: a line as wide as its column in the fallback font is set narrower rather than wrapped', async () => {
    let path: string;
    const doc = new mupdf.PDFDocument();
    try {
      const fonts = { F1: doc.addCJKFont(new mupdf.Font('zh-Hans'), 'zh-Hans', 0, false) };
      const hex = (text: string): string => [...text].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0')).join('');
      // Each line a paragraph of its own (a gap under it), every one filling the column.
      const ops = Array.from({ length: 40 }, (_, i) => `BT /F1 7.5 Tf 72 ${842 - 60 - i * 18} Td <${hex((IDEOGRAPHS + IDEOGRAPHS).slice(i % 10, (i % 10) + 40))}> Tj ET`);
      doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
      path = tmp.file('ideographs.pdf', savedBytes(doc, 'compress'));
    } finally {
      doc.destroy();
    }
    expect((await roundTrip('ideographs', path)).pages).toBe(1);
  }, 120_000);
});

describe('a page of lines mixing Chinese with figures', () => {
  it('stays one page in LibreOffice: the room it adds between ideographs and figures is counted when a line is narrowed to fit', async () => {
    let path: string;
    const doc = new mupdf.PDFDocument();
    try {
      const fonts = { F1: doc.addCJKFont(new mupdf.Font('zh-Hans'), 'zh-Hans', 0, false), F2: doc.addSimpleFont(helvetica) };
      const hex = (text: string): string => [...text].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0')).join('');
      // Dates in a report's running text: ideographs and figures side by side, sixteen meetings
      // a line, every line as wide as the column (the figures in Helvetica, as wide as the stand-in's).
      const units = [['公司于', '2017', '年'], ['股东于', '2018', '年'], ['董事于', '2016', '年'], ['法院于', '2015', '年']] as const;
      const line = (i: number): string =>
        Array.from({ length: 8 }, (_, k) => units[(i + k) % units.length]!)
          .map(([before, figures, after]) => `/F1 9 Tf <${hex(before)}> Tj /F2 9 Tf (${figures}) Tj /F1 9 Tf <${hex(after)}> Tj`)
          .join(' ');
      const ops = Array.from({ length: 40 }, (_, i) => `BT 72 ${842 - 60 - i * 18} Td ${line(i)} ET`);
      doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
      path = tmp.file('ideographs-figures.pdf', savedBytes(doc, 'compress'));
    } finally {
      doc.destroy();
    }
    expect((await roundTrip('ideographs-figures', path)).pages).toBe(1);
  }, 120_000);
});
