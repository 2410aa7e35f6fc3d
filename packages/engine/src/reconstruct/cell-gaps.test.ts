/**
 * A tall ruled cell holding a listing (groups of lines with a blank line between them, text
 * starting some lines below the cell's top rule, or ending some way above its bottom rule)
 * keeps those gaps in the DOCX: stacked tight at the cell's top or bottom, its lines would no
 * longer stand beside the lines of the cells next to them, on the page and in the reading order.
 */
import { describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import type { Table } from './layout.js';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { wordBox } from '../../test/page-tools-fixtures.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';

const tmp = useTempDir('pagewright-cell-gaps-');
const roundTrip = useWordRoundTrip(tmp);

const SIZE = 8;
const PITCH = 10;
const XS = [60, 200, 340, 480];
const TOP = 780;
const HEADER = 20;
const BODY = 200;
/** Column 0: three groups of two lines, a blank line between groups, from the first line down. */
const GROUPED = [['Governor', 'Kashkari'], ['Lieutenant', 'Newsom'], ['Secretary', 'Padilla']];
/** Column 1: lines starting three lines below the first line of column 0. */
const LOWER = ['Alpha', 'Bravo', 'Charlie'];
/** Column 2: lines ending well above the bottom rule, the rest of the cell empty above them. */
const BOTTOM = ['Yankee', 'Zulu'];
const FIRST = TOP - HEADER - 14;
const BOTTOM_GAP = 12;

function listingPdf(): Uint8Array {
  const ops: string[] = [];
  const show = (x: number, y: number, text: string): number => ops.push(`BT /F1 ${SIZE} Tf ${x + 4} ${y} Td (${text}) Tj ET`);
  ['Office', 'Measure', 'Count'].forEach((label, c) => show(XS[c]!, TOP - 14, label));
  GROUPED.forEach((group, g) => group.forEach((word, k) => show(XS[0]!, FIRST - (g * 3 + k) * PITCH, word)));
  LOWER.forEach((word, k) => show(XS[1]!, FIRST - (3 + k) * PITCH, word));
  const bottom = TOP - HEADER - BODY;
  BOTTOM.forEach((word, k) => show(XS[2]!, bottom + BOTTOM_GAP + (BOTTOM.length - 1 - k) * PITCH, word));
  for (const y of [TOP, TOP - HEADER, bottom]) ops.push(`0.5 w ${XS[0]} ${y} m ${XS[XS.length - 1]} ${y} l S`);
  for (const x of XS) ops.push(`0.5 w ${x} ${TOP} m ${x} ${bottom} l S`);
  return opsPdf(ops);
}

describe('gaps in tall ruled cells', () => {
  it('gives a cell paragraph after a blank line, and text below the top rule, their drawn gaps', async () => {
    const layout = await analysePdf({ path: tmp.file('listing.pdf', listingPdf()) });
    const table = layout.pages[0]!.blocks.find((b): b is Table => b.kind === 'table');
    const [grouped, lower, bottom] = table!.rows[1]!.cells;
    // A blank line between groups: a line pitch more than the lines of a group.
    const gaps = grouped!.text.map((p) => p.spaceBefore);
    expect(gaps[2]! - gaps[1]!).toBeGreaterThan(PITCH - 1);
    expect(gaps[4]! - gaps[3]!).toBeGreaterThan(PITCH - 1);
    // Three lines below the row's first line: more than two pitches above the first paragraph.
    expect(lower!.text[0]!.spaceBefore - grouped!.text[0]!.spaceBefore).toBeGreaterThan(2 * PITCH);
    expect(bottom!.valign).toBe('bottom');
    expect(bottom!.text[bottom!.text.length - 1]!.spaceAfter).toBeGreaterThan(BOTTOM_GAP - 4);
  });

  it('keeps every line of the row at its drawn height relative to the others in LibreOffice', async () => {
    const pdf = tmp.file('listing-w.pdf', listingPdf());
    const { rendered } = await roundTrip('listing', pdf);
    const words = [...GROUPED.flat(), ...LOWER, ...BOTTOM];
    const shifts = words.map((word) => wordBox(rendered, word).y - wordBox(pdf, word).y);
    // The whole table may sit a little higher or lower than drawn; its lines move together.
    const reference = shifts[0]!;
    for (const [k, word] of words.entries()) expect(Math.abs(shifts[k]! - reference), word).toBeLessThan(2);
  });
});
