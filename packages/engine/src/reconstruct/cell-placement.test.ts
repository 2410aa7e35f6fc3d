/**
 * Where a ruled table's text sits: numbers set against the right rule of their cells with a
 * few points of padding (right-aligned, the padding kept), text kept off the left rule by its
 * padding, and a table drawn to the right of the margin kept there in the DOCX. Text of two
 * cells set against their common rule reads as one line running across them.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Packer } from 'docx';
import { describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import { layoutToDocx, pdfToWord } from '../convert/pdf-to-word.js';
import type { Paragraph, Table } from './layout.js';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';

const tmp = useTempDir('pagewright-cell-placement-');

const SIZE = 9;
/** Helvetica's digits are all this wide, em. */
const DIGIT = 0.556;

const NAMES = ['Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado'];
const COUNTS = [['18870', '23022'], ['209', '3062'], ['2303', '12382'], ['3298', '6359'], ['98452', '41'], ['4144', '19784']];
/** The table's left edge: well right of the page's text margin (the paragraph above). */
const LEFT = 160;
const WIDTHS = [90, 60, 60];
const ROW = 16;
const TOP = 700;
/** Points between a cell's rule and its text, on the side the text keeps to. */
const PADDING = 6;

/**
 * A paragraph at the margin, then a ruled grid of three columns: names kept PADDING off the
 * left rule, counts right-aligned PADDING before the right rule.
 */
function paddedTablePdf(): Uint8Array {
  const ops = ['BT /F1 10 Tf 50 760 Td (Counts by state, drawn in a grid set to the right of this paragraph.) Tj ET'];
  const xs = WIDTHS.reduce((edges, w) => [...edges, edges[edges.length - 1]! + w], [LEFT]);
  NAMES.forEach((name, r) => {
    const base = TOP - r * ROW - 12;
    ops.push(`BT /F1 ${SIZE} Tf ${xs[0]! + PADDING} ${base} Td (${name}) Tj ET`);
    COUNTS[r]!.forEach((count, c) => {
      const width = count.length * DIGIT * SIZE;
      ops.push(`BT /F1 ${SIZE} Tf ${xs[c + 2]! - PADDING - width} ${base} Td (${count}) Tj ET`);
    });
  });
  const bottom = TOP - NAMES.length * ROW;
  for (let r = 0; r <= NAMES.length; r++) ops.push(`0.5 w ${LEFT} ${TOP - r * ROW} m ${xs[xs.length - 1]} ${TOP - r * ROW} l S`);
  for (const x of xs) ops.push(`0.5 w ${x} ${TOP} m ${x} ${bottom} l S`);
  return opsPdf(ops);
}

const textOf = (p: Paragraph): string => p.runs.map((r) => r.text).join('');

describe('text placement in ruled cells', () => {
  it('right-aligns a column of numbers set against the right rule with padding, and keeps the padding', async () => {
    const layout = await analysePdf({ path: tmp.file('padded.pdf', paddedTablePdf()) });
    const table = layout.pages[0]!.blocks.find((b): b is Table => b.kind === 'table');
    expect(table?.rows).toHaveLength(NAMES.length);
    for (const [r, row] of table!.rows.entries()) {
      expect(row.cells.map((c) => c.text.map(textOf).join(' '))).toEqual([NAMES[r], ...COUNTS[r]!]);
      for (const cell of row.cells.slice(1)) {
        expect(cell.text[0]).toMatchObject({ align: 'right' });
        expect(cell.text[0]!.rightIndent).toBeCloseTo(PADDING, 0);
      }
      expect(row.cells[0]!.text[0]).toMatchObject({ align: 'left' });
      expect(row.cells[0]!.text[0]!.leftIndent).toBeCloseTo(PADDING, 0);
    }
  });

  it('writes the cells\' padding as indents and the table at its distance from the margin', async () => {
    const docx = tmp.out('padded.docx');
    await pdfToWord({ path: tmp.file('padded-w.pdf', paddedTablePdf()) }, docx);
    const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
    // The paragraph above starts at x 50, the page's left margin; the table at LEFT.
    expect(xml).toMatch(new RegExp(`<w:tblInd w:type="dxa" w:w="${(LEFT - 50) * 20}"/>`));
    const cells = [...xml.matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((m) => m[0]);
    const counts = cells.filter((c) => /<w:t[^>]*>\d+<\/w:t>/.test(c));
    expect(counts).toHaveLength(NAMES.length * 2);
    // The padding less what the cell's margin and rule already keep (1.5 points).
    const indent = (cell: string, side: string): number => Number(new RegExp(`<w:ind w:${side}="(\\d+)"/>`).exec(cell)?.[1] ?? 0) / 20;
    for (const cell of counts) {
      expect(cell).toContain('<w:jc w:val="right"/>');
      expect(indent(cell, 'right')).toBeCloseTo(PADDING - 1.5, 0);
    }
    const names = cells.filter((c) => NAMES.some((n) => c.includes(`>${n}<`)));
    expect(names).toHaveLength(NAMES.length);
    for (const cell of names) expect(indent(cell, 'left')).toBeCloseTo(PADDING - 1.5, 0);
  });
});

/**
 * Two ruled grids one under the other: an indented header grid of three columns, then a grid
 * of five columns from the margin, `gap` points below it.
 */
function stackedTablesPdf(gap: number): Uint8Array {
  const ops = ['BT /F1 10 Tf 72 780 Td (Rates by product, as at the first of the month, in percent a year.) Tj ET'];
  const grid = (x0: number, widths: number[], top: number, rows: number, text: (r: number, c: number) => string): number => {
    const xs = widths.reduce((edges, w) => [...edges, edges[edges.length - 1]! + w], [x0]);
    for (let r = 0; r <= rows; r++) ops.push(`0.5 w ${x0} ${top - r * 18} m ${xs[xs.length - 1]} ${top - r * 18} l S`);
    for (const x of xs) ops.push(`0.5 w ${x} ${top} m ${x} ${top - rows * 18} l S`);
    for (let r = 0; r < rows; r++) widths.forEach((_, c) => ops.push(`BT /F1 ${SIZE} Tf ${xs[c]! + 4} ${top - r * 18 - 12} Td (${text(r, c)}) Tj ET`));
    return top - rows * 18;
  };
  const bottom = grid(240, [90, 90, 90], 740, 2, (r, c) => ['Principal', 'Interest', 'Package'][c]! + (r ? ' rate' : ''));
  grid(72, [168, 90, 90, 90, 60], bottom - gap, 4, (r, c) => (c === 0 ? `Product number ${r + 1}` : c === 4 ? 'Full' : `${(3 + r * 0.25 + c * 0.1).toFixed(2)}%`));
  return opsPdf(ops);
}

describe('two tables of different grids, one right under the other', () => {
  it('are written with a paragraph between them, which keeps LibreOffice from joining the second to the first (its indent and grid)', async () => {
    const layout = await analysePdf({ path: tmp.file('stacked.pdf', stackedTablesPdf(3)) });
    const tables = layout.pages[0]!.blocks.filter((b): b is Table => b.kind === 'table');
    expect(tables.map((t) => t.columns.length)).toEqual([3, 5]);
    // No room left between them (a page squeezed to fit takes the gaps first).
    tables[1]!.spaceBefore = 0;
    const docx = tmp.out('stacked.docx');
    writeFileSync(docx, await Packer.toBuffer(layoutToDocx(layout)));
    const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
    expect(xml.match(/<w:tbl>/g)).toHaveLength(2);
    expect(xml).not.toContain('</w:tbl><w:tbl>');
  });
});
