/**
 * Where a ruled table's text sits in a cell taller than it: a header row whose labels stand on
 * its bottom rule, or are centred in it, keeps them there in the DOCX and in LibreOffice's
 * rendering of it, instead of moving them to the top of the row, away from the column they
 * head. Cells about as tall as their text are left at the top.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import { pdfToWord } from '../convert/pdf-to-word.js';
import type { Table } from './layout.js';
import { OfficePool } from '../office/pool.js';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { wordBox } from '../../test/page-tools-fixtures.js';

const tmp = useTempDir('pagewright-cell-valign-');

const SIZE = 9;
const TOP = 700;
const HEADER = 48;
const ROW = 16;
const XS = [60, 180, 280, 380];
/** Header labels: on the bottom rule, centred, at the top. */
const LABELS = ['Territory', 'Permit', 'Totals'];
const BASES = [TOP - HEADER + 4, TOP - HEADER / 2 - SIZE * 0.3, TOP - SIZE - 2];
const BODY = [['Alabama', '18870', '71137'], ['Alaska', '209', '7095'], ['Arizona', '2303', '27087']];

/** A ruled grid: a header row three lines tall, then rows one line tall. */
function headerTablePdf(): Uint8Array {
  const ops = LABELS.map((label, c) => `BT /F1 ${SIZE} Tf ${XS[c]! + 4} ${BASES[c]} Td (${label}) Tj ET`);
  BODY.forEach((row, r) => row.forEach((text, c) => ops.push(`BT /F1 ${SIZE} Tf ${XS[c]! + 4} ${TOP - HEADER - r * ROW - 12} Td (${text}) Tj ET`)));
  const ys = [TOP, TOP - HEADER, ...BODY.map((_, r) => TOP - HEADER - (r + 1) * ROW)];
  for (const y of ys) ops.push(`0.5 w ${XS[0]} ${y} m ${XS[XS.length - 1]} ${y} l S`);
  for (const x of XS) ops.push(`0.5 w ${x} ${TOP} m ${x} ${ys[ys.length - 1]} l S`);
  return opsPdf(ops);
}

let pool: OfficePool;
beforeAll(() => {
  pool = new OfficePool({ instances: 1 });
});
afterAll(async () => {
  await pool.close();
});

describe('vertical alignment of text in ruled cells', () => {
  it('reads a label on the bottom rule of a tall cell as bottom-aligned, a centred one as centred, and one-line rows as top', async () => {
    const layout = await analysePdf({ path: tmp.file('header.pdf', headerTablePdf()) });
    const table = layout.pages[0]!.blocks.find((b): b is Table => b.kind === 'table');
    expect(table?.rows).toHaveLength(1 + BODY.length);
    expect(table!.rows[0]!.cells.map((c) => c.valign)).toEqual(['bottom', 'center', undefined]);
    for (const row of table!.rows.slice(1)) expect(row.cells.map((c) => c.valign)).toEqual([undefined, undefined, undefined]);
  });

  it('writes the alignment and LibreOffice sets the labels as far above the first row as drawn', async () => {
    const pdf = tmp.file('header-w.pdf', headerTablePdf());
    const docx = tmp.out('header.docx');
    await pdfToWord({ path: pdf }, docx);
    const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
    expect(xml).toContain('<w:vAlign w:val="bottom"/>');
    expect(xml).toContain('<w:vAlign w:val="center"/>');
    const rendered = tmp.out('header-lo.pdf');
    await pool.convertToPdf(docx, rendered, { sourceExtension: 'docx' });
    // The gap from each label down to the first row's text, as drawn and as LibreOffice sets it:
    // within a line (the cells' padding above and below the text is not kept, a few points).
    const gap = (path: string, label: string): number => wordBox(path, BODY[0]![0]!).y - wordBox(path, label).y;
    for (const label of LABELS) expect(Math.abs(gap(rendered, label) - gap(pdf, label)), label).toBeLessThan(SIZE);
  });
});
