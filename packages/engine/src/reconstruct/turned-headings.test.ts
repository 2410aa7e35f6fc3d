/**
 * Column headings set sideways in a ruled table's header (turned a quarter to fit narrow
 * columns, reading up the page or down it): the cell's text is read along its own direction and
 * written turned in its cell (Word's text direction), so that LibreOffice sets it turned as
 * drawn. Read upright, a turned heading came out as a line wrapped across the narrow cell.
 */
import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import type { Table } from './layout.js';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';

const tmp = useTempDir('pagewright-turned-headings-');
const roundTrip = useWordRoundTrip(tmp);

const SIZE = 9;
const TOP = 700;
const HEADER = 90;
const ROW = 16;
const XS = [60, 180, 220, 260];
const UP = 'Permits issued';
const DOWN = 'Checks denied';
const BODY = [['Alabama', '18870', '711'], ['Alaska', '209', '70'], ['Arizona', '2303', '270']];

/** A ruled grid whose header row holds a name and two narrow columns' headings, one reading up, one down. */
function turnedHeaderPdf(): Uint8Array {
  const ops = [
    `BT /F1 ${SIZE} Tf ${XS[0]! + 4} ${TOP - HEADER + 4} Td (State) Tj ET`,
    // Turned a quarter anticlockwise: reads up from the bottom rule.
    `BT /F1 ${SIZE} Tf 0 1 -1 0 ${XS[1]! + 26} ${TOP - HEADER + 4} Tm (${UP}) Tj ET`,
    // Turned a quarter clockwise: reads down from the top rule.
    `BT /F1 ${SIZE} Tf 0 -1 1 0 ${XS[2]! + 14} ${TOP - 4} Tm (${DOWN}) Tj ET`,
  ];
  BODY.forEach((row, r) => row.forEach((text, c) => ops.push(`BT /F1 ${SIZE} Tf ${XS[c]! + 4} ${TOP - HEADER - r * ROW - 12} Td (${text}) Tj ET`)));
  const ys = [TOP, TOP - HEADER, ...BODY.map((_, r) => TOP - HEADER - (r + 1) * ROW)];
  for (const y of ys) ops.push(`0.5 w ${XS[0]} ${y} m ${XS[XS.length - 1]} ${y} l S`);
  for (const x of XS) ops.push(`0.5 w ${x} ${TOP} m ${x} ${ys[ys.length - 1]} l S`);
  return opsPdf(ops);
}

/** The box of a word on a PDF's first page, from every corner of its quad (a turned word's too). */
function wordExtent(path: string, word: string): { w: number; h: number } {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    const q = doc.loadPage(0).search(word, '')[0]![0]!;
    const xs = [q[0]!, q[2]!, q[4]!, q[6]!];
    const ys = [q[1]!, q[3]!, q[5]!, q[7]!];
    return { w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
  } finally {
    doc.destroy();
  }
}

describe('column headings set sideways in a ruled header', () => {
  it('reads each turned heading along its own direction as one line, and says which way it reads', async () => {
    const layout = await analysePdf({ path: tmp.file('turned.pdf', turnedHeaderPdf()) });
    const table = layout.pages[0]!.blocks.find((b): b is Table => b.kind === 'table');
    expect(table?.rows).toHaveLength(1 + BODY.length);
    const header = table!.rows[0]!.cells;
    expect(header.map((c) => c.reads)).toEqual([undefined, 'up', 'down']);
    expect(header.slice(1).map((c) => c.text.map((p) => p.runs.map((r) => r.text).join('').trim()))).toEqual([[UP], [DOWN]]);
    for (const row of table!.rows.slice(1)) expect(row.cells.map((c) => c.reads)).toEqual([undefined, undefined, undefined]);
  });

  it('writes the headings turned in their cells, and LibreOffice sets them up and down the header as drawn', async () => {
    const pdf = tmp.file('turned-w.pdf', turnedHeaderPdf());
    const { xml, rendered } = await roundTrip('turned', pdf);
    expect(xml).toContain('<w:textDirection w:val="btLr"/>');
    expect(xml).toContain('<w:textDirection w:val="tbRl"/>');
    // Each heading's longest word stands taller than wide, as in the PDF: turned, on one line.
    for (const word of ['Permits', 'denied']) {
      const box = wordExtent(rendered, word);
      expect(box.h, word).toBeGreaterThan(box.w * 2);
    }
  });
});
