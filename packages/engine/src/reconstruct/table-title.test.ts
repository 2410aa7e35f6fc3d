/**
 * A ruled table's title inside its frame, above the grid (a statistics table: the title, then
 * group headings over sub-headings, then the figures): no column rule crosses the title's band,
 * and the title stays one cell across the columns even where a column's rule below it falls in
 * the space between two of its words.
 */
import { describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import type { Paragraph, Table } from './layout.js';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';

const tmp = useTempDir('pagewright-table-title-');

const esc = (s: string): string => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
const text = (size: number, x: number, y: number, s: string): string => `BT /F1 ${size} Tf ${x} ${y} Td ${esc(s)} Tj ET`;
const rule = (x0: number, y0: number, x1: number, y1: number): string => `0.5 w ${x0} ${y0} m ${x1} ${y1} l S`;

/** Column edges: a label column, then two groups of two sub-columns. */
const XS = [60, 140, 200, 260, 320, 380];
const TOP = 700;
/** Bottom of the title band, of the group headings (where the sub-columns' rules begin), of the sub-headings. */
const TITLE = 660;
const GROUP = 645;
const HEADS = 630;
const ROW = 14;
const BODY = [
  ['Alabama', '18,870', '23,022', '14', '15'],
  ['Alaska', '209', '3,062', '9', '3'],
  ['Arizona', '2,303', '12,382', '5', '3'],
];
const SUB = ['State', 'Handgun', 'Long Gun', 'Handgun', 'Long Gun'];

function headedTable(): string[] {
  const ops: string[] = [];
  const bottom = HEADS - BODY.length * ROW;
  // The title's word space falls on the first sub-column rule's x (200) below it: "Annual" (43.6
  // pt at 14 pt Helvetica) ends a point before it, "Firearm Checks" starts two points after.
  ops.push(text(14, 155.4, 675, 'Annual'), text(14, 202, 675, 'Firearm Checks'));
  // The first group heading sits within its second sub-column; the second crosses its middle rule.
  ops.push(text(8, 206, 650, 'Pre-Pawn'), text(8, 298.4, 650, 'Redemption'));
  SUB.forEach((s, c) => ops.push(text(8, XS[c]! + 4, 634, s)));
  BODY.forEach((row, r) => row.forEach((s, c) => ops.push(text(8, XS[c]! + 4, HEADS - r * ROW - 10, s))));
  for (const y of [TOP, TITLE, HEADS, ...BODY.map((_, r) => HEADS - (r + 1) * ROW)]) ops.push(rule(XS[0]!, y, XS[5]!, y));
  for (const x of [XS[0]!, XS[5]!]) ops.push(rule(x, TOP, x, bottom));
  for (const x of [XS[1]!, XS[3]!]) ops.push(rule(x, TITLE, x, bottom));
  for (const x of [XS[2]!, XS[4]!]) ops.push(rule(x, GROUP, x, bottom));
  return ops;
}

const textOf = (p: Paragraph): string => p.runs.map((r) => r.text).join('');
const cells = (t: Table): Array<Array<{ text: string; span: number }>> =>
  t.rows.map((row) => row.cells.map((c) => ({ text: c.text.map(textOf).join(' ').replace(/\s+/g, ' ').trim(), span: c.colSpan })));

describe('a title above a ruled grid', () => {
  it('keeps the title one cell across the columns though a column rule below falls in its word space', async () => {
    const layout = await analysePdf({ path: tmp.file('headed.pdf', opsPdf(headedTable())) });
    const tables = layout.pages[0]!.blocks.filter((b): b is Table => b.kind === 'table');
    expect(tables).toHaveLength(1);
    const grid = cells(tables[0]!);
    expect(grid[0]).toEqual([{ text: 'Annual Firearm Checks', span: 5 }]);
    expect(grid.slice(-BODY.length).map((row) => row.map((c) => c.text))).toEqual(BODY);
  });
});
