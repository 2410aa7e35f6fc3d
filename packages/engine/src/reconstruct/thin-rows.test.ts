/**
 * Thin ruled rows (a statistics table: 7 pt text in rows under 9 pt, ruled along every edge)
 * keep their drawn pitch in LibreOffice's rendering of the DOCX: a row's exact line height
 * plus the rule LibreOffice adds to it stays within the drawn row, so rows do not each grow by
 * a fraction of a point and push the table's last rows down by points.
 */
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { wordBox } from '../../test/page-tools-fixtures.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';

const tmp = useTempDir('pagewright-thin-rows-');
const roundTrip = useWordRoundTrip(tmp);

const SIZE = 7;
const ROW = 8.7;
const ROWS = 30;
const TOP = 760;
const XS = [60, 160, 240, 320];
const label = (r: number): string => `Row${String(r + 1).padStart(2, '0')}`;

/** A grid of ROWS rows ROW points tall, ruled along every edge, SIZE-point text in each cell. */
function thinRowsPdf(): Uint8Array {
  const ops: string[] = [];
  for (let r = 0; r < ROWS; r++) {
    const base = TOP - (r + 1) * ROW + 2;
    ops.push(`BT /F1 ${SIZE} Tf ${XS[0]! + 3} ${base} Td (${label(r)}) Tj ET`);
    for (let c = 1; c < XS.length - 1; c++) ops.push(`BT /F1 ${SIZE} Tf ${XS[c]! + 3} ${base} Td (${(r + 1) * 37 + c}) Tj ET`);
  }
  const bottom = TOP - ROWS * ROW;
  for (let r = 0; r <= ROWS; r++) ops.push(`0.5 w ${XS[0]} ${TOP - r * ROW} m ${XS[XS.length - 1]} ${TOP - r * ROW} l S`);
  for (const x of XS) ops.push(`0.5 w ${x} ${TOP} m ${x} ${bottom} l S`);
  return opsPdf(ops);
}

describe('thin ruled rows in LibreOffice', () => {
  it('keeps the last row of a table of thin ruled rows within a point of its drawn distance from the first', async () => {
    const pdf = tmp.file('thin-rows.pdf', thinRowsPdf());
    const { rendered, pages } = await roundTrip('thin-rows', pdf);
    expect(pages).toBe(1);
    const span = (path: string): number => wordBox(path, label(ROWS - 1)).y - wordBox(path, label(0)).y;
    expect(Math.abs(span(rendered) - span(pdf))).toBeLessThan(1);
  });
});
