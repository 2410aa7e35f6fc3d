/**
 * Where a ruled table's text sits under its row's top: a grid ruled every few rows (a monthly
 * report's quarters), whose rows the analysis cuts between the lines of text, keeps each row's
 * text at its drawn depth in LibreOffice's rendering of the DOCX, so its rows stand as far apart
 * as drawn. Set at the top of each row, the text of a quarter's first row sat higher than drawn
 * and the rows cut between lines lower: a point or more off, enough to split or join the
 * columns' lines for a reader (poppler's text flow) that groups lines by their spacing. A
 * cell's lines set wide apart (paragraphs of one line each) keep their spacing too: they were
 * closed up to the writer's line height.
 */
import { describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import type { Table } from './layout.js';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { wordBox } from '../../test/page-tools-fixtures.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';

const tmp = useTempDir('pagewright-cell-depth-');
const roundTrip = useWordRoundTrip(tmp);

const SIZE = 10;
const TOP = 700;
const HEADER = 20;
/** Each quarter: three rows of figures between two rules, the first baseline DEPTH under the rule. */
const QUARTERS = [
  ['Jan', 'Feb', 'Mar'],
  ['Apr', 'May', 'Jun'],
  ['Jul', 'Aug', 'Sep'],
];
const DEPTH = 14;
const PITCH = 16;
const BAND = DEPTH + PITCH * 2 + 6;
const XS = [60, 160, 260, 360];

/** The label row's baselines as drawn, PDF coordinates (y up). */
const bases = QUARTERS.flatMap((months, q) => months.map((_, k) => TOP - HEADER - q * BAND - DEPTH - k * PITCH));

function quartersPdf(): Uint8Array {
  const ops = ['Month', 'Seats', 'Share'].map((h, c) => `BT /F1 ${SIZE} Tf ${XS[c]! + 4} ${TOP - 14} Td (${h}) Tj ET`);
  QUARTERS.flat().forEach((month, r) => {
    const figures = [month, `${(r + 3) * 1117},${(r * 37) % 1000 + 100}`, `${98 + (r % 5)}.${r}`];
    figures.forEach((text, c) => ops.push(`BT /F1 ${SIZE} Tf ${XS[c]! + 4} ${bases[r]} Td (${text}) Tj ET`));
  });
  const ys = [TOP, TOP - HEADER, ...QUARTERS.map((_, q) => TOP - HEADER - (q + 1) * BAND)];
  for (const y of ys) ops.push(`0.5 w ${XS[0]} ${y} m ${XS[XS.length - 1]} ${y} l S`);
  for (const x of XS) ops.push(`0.5 w ${x} ${TOP} m ${x} ${ys[ys.length - 1]} l S`);
  return opsPdf(ops);
}

/** A shareholder list: a name set on three lines LEADING apart in the first cell, one-line figures beside it. */
const NAME = ['Hongkong', 'Nominees', 'Limited'];
const LEADING = 17;

function holdersPdf(): Uint8Array {
  const top = TOP - 30;
  const ops = NAME.map((line, k) => `BT /F1 ${SIZE} Tf ${XS[0]! + 4} ${top - 14 - k * LEADING} Td (${line}) Tj ET`);
  ops.push(`BT /F1 ${SIZE} Tf ${XS[1]! + 4} ${top - 14 - LEADING} Td (29.43%) Tj ET`, `BT /F1 ${SIZE} Tf ${XS[2]! + 4} ${top - 14 - LEADING} Td (257,055,899) Tj ET`);
  const ys = [TOP, top, top - 14 - LEADING * 2 - 8];
  ops.push(...['Holder', 'Share', 'Count'].map((h, c) => `BT /F1 ${SIZE} Tf ${XS[c]! + 4} ${TOP - 18} Td (${h}) Tj ET`));
  for (const y of ys) ops.push(`0.5 w ${XS[0]} ${y} m ${XS[XS.length - 1]} ${y} l S`);
  for (const x of XS) ops.push(`0.5 w ${x} ${TOP} m ${x} ${ys[ys.length - 1]} l S`);
  return opsPdf(ops);
}

describe('depth of the text in the rows of a ruled grid', () => {
  it('cuts the quarters into rows of one month each, with their text at the top', async () => {
    const layout = await analysePdf({ path: tmp.file('quarters.pdf', quartersPdf()) });
    const table = layout.pages[0]!.blocks.find((b): b is Table => b.kind === 'table');
    expect(table?.rows).toHaveLength(1 + QUARTERS.flat().length);
    for (const row of table!.rows.slice(1)) expect(row.cells.map((c) => c.valign)).toEqual([undefined, undefined, undefined]);
  });

  it('sets every row of the quarters as far below the one above as drawn, within half a point', async () => {
    const pdf = tmp.file('quarters-w.pdf', quartersPdf());
    const { rendered, pages } = await roundTrip('quarters', pdf);
    expect(pages).toBe(1);
    const months = QUARTERS.flat();
    const drawn = months.map((m) => wordBox(pdf, m).y);
    const written = months.map((m) => wordBox(rendered, m).y);
    for (let r = 1; r < months.length; r++) {
      expect(Math.abs(written[r]! - written[r - 1]! - (drawn[r]! - drawn[r - 1]!)), `${months[r - 1]} to ${months[r]}`).toBeLessThan(0.5);
    }
  });

  it('keeps the lines of a cell set wide apart as far apart as drawn, within half a point', async () => {
    const pdf = tmp.file('holders.pdf', holdersPdf());
    const { rendered, pages } = await roundTrip('holders', pdf);
    expect(pages).toBe(1);
    const drawn = NAME.map((w) => wordBox(pdf, w).y);
    const written = NAME.map((w) => wordBox(rendered, w).y);
    for (let k = 1; k < NAME.length; k++) expect(Math.abs(written[k]! - written[k - 1]! - (drawn[k]! - drawn[k - 1]!)), `${NAME[k - 1]} to ${NAME[k]}`).toBeLessThan(0.5);
  });
});
