/**
 * A line made of pieces set apart at stops (a title's left, centre and right parts; a name, a
 * party and a count in a listing) keeps its pieces at their places: the analysis marks each
 * piece's stop, and the DOCX sets them with tab stops, where joined by single spaces they ran
 * together at the line's start. The PDF is drawn here with MuPDF in Helvetica (LibreOffice's
 * stand-in, Liberation Sans, has its widths).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import type { Paragraph } from './layout.js';
import { mupdf } from '../mupdf.js';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';

const tmp = useTempDir('pagewright-piece-stops-');
const roundTrip = useWordRoundTrip(tmp);

const helvetica = new mupdf.Font('Helvetica');
const widthOf = (text: string, size: number): number => [...text].reduce((w, c) => w + helvetica.advanceGlyph(helvetica.encodeCharacter(c.codePointAt(0)!)) * size, 0);

const LEFT = 40;
const RIGHT = 555;
const TITLE = ['Weekly Market Report', 'Fri, Feb 24, 2017', 'Market News Service'];
const LISTING = [
  ['NEEL KASHKARI', 'REP', '247'],
  ['EDMUND G BROWN', 'DEM', '69'],
  ['GAVIN NEWSOM', 'DEM', '64'],
];
const PARTY_X = 200;
/** The counts' right edge: they are set flush right there. */
const COUNT_RIGHT = 300;
const BODY = [
  'The survey reached every office in the region and collected answers from staff',
  'members over six weeks. Most answers arrived in the first fortnight, and the',
  'remaining ones followed after two reminders were sent to everyone concerned.',
];

/** One text object per line, its pieces placed by moves within it, as report writers print them. */
function piecesPdf(): Uint8Array {
  const ops: string[] = [];
  const titleXs = [LEFT, (LEFT + RIGHT) / 2 - widthOf(TITLE[1]!, 11) / 2, RIGHT - widthOf(TITLE[2]!, 11)];
  ops.push(`BT /F1 11 Tf ${TITLE.map((t, i) => `1 0 0 1 ${titleXs[i]!.toFixed(2)} 800 Tm (${t}) Tj`).join(' ')} ET`);
  LISTING.forEach((row, r) => {
    const xs = [LEFT, PARTY_X, COUNT_RIGHT - widthOf(row[2]!, 9)];
    ops.push(`BT /F1 9 Tf ${row.map((t, i) => `1 0 0 1 ${xs[i]!.toFixed(2)} ${740 - r * 30} Tm (${t}) Tj`).join(' ')} ET`);
  });
  BODY.forEach((line, i) => ops.push(`BT /F1 10 Tf ${LEFT} ${600 - i * 12} Td (${line}) Tj ET`));
  return opsPdf(ops);
}

/** Where each of the words sits in the rendering of a page: its left and right edges. */
function wordEdges(path: string): Map<string, { x0: number; x1: number }> {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  const words = new Map<string, { x0: number; x1: number }>();
  try {
    let word = '';
    let x0 = 0;
    let x1 = 0;
    const flush = (): void => {
      if (word && !words.has(word)) words.set(word, { x0, x1 });
      word = '';
    };
    doc.loadPage(0).toStructuredText('').walk({
      onChar(c, _origin, _font, _size, quad) {
        if (/\s/.test(c)) return flush();
        if (!word) x0 = quad[0];
        word += c;
        x1 = quad[2];
      },
      endLine: flush,
    });
  } finally {
    doc.destroy();
  }
  return words;
}

describe('a line of pieces set apart at stops', () => {
  it('keeps each piece at its stop (a right-aligned count, a centred date), while running text stays plain', async () => {
    const path = tmp.file('pieces.pdf', piecesPdf());
    const layout = await analysePdf({ path });
    const paragraphs = layout.pages[0]!.blocks.filter((b): b is Paragraph => b.kind === 'paragraph');
    const title = paragraphs.find((p) => p.runs.map((r) => r.text).join('').startsWith(TITLE[0]!))!;
    expect(title.runs.map((r) => r.tab?.align)).toEqual([undefined, 'center', 'right']);
    const body = paragraphs.find((p) => p.runs.some((r) => r.text.includes('fortnight')))!;
    expect(body.runs.some((r) => r.tab)).toBe(false);

    const { rendered, pages } = await roundTrip('pieces', path);
    expect(pages).toBe(1);
    const words = wordEdges(rendered);
    // Joined by spaces, the party and the count followed the name at the line's start.
    expect(Math.abs(words.get('REP')!.x0 - PARTY_X)).toBeLessThan(3);
    expect(Math.abs(words.get('247')!.x1 - COUNT_RIGHT)).toBeLessThan(3);
    expect(Math.abs(words.get('69')!.x1 - COUNT_RIGHT)).toBeLessThan(3);
    expect(Math.abs(words.get('Service')!.x1 - RIGHT)).toBeLessThan(3);
    const date = words.get('Feb')!;
    expect(date.x0).toBeGreaterThan(LEFT + widthOf(TITLE[0]!, 11) + 20);
  });
});

const REPORT_HEADER = ['Page 1', 'CITY POLICE DEPARTMENT', 'Report Run: Tue, May-24-16'];
const REPORT_TITLE = 'FIREARM SEARCH';
/** The report's line pitch: its lines are set as close as its size, a line under the next. */
const PITCH = 10;

/**
 * A report's header line of pieces (page, department centred, run date flush right) over its
 * title, set at the listing's tight pitch, then running text.
 */
function reportHeaderPdf(): Uint8Array {
  const xs = [LEFT, (LEFT + RIGHT) / 2 - widthOf(REPORT_HEADER[1]!, 9) / 2, RIGHT - widthOf(REPORT_HEADER[2]!, 9)];
  const ops = [`BT /F1 9 Tf ${REPORT_HEADER.map((t, i) => `1 0 0 1 ${xs[i]!.toFixed(2)} 780 Tm (${t}) Tj`).join(' ')} ET`];
  ops.push(`BT /F1 9 Tf ${((LEFT + RIGHT) / 2 - widthOf(REPORT_TITLE, 9) / 2).toFixed(2)} ${780 - PITCH} Td (${REPORT_TITLE}) Tj ET`);
  BODY.forEach((line, i) => ops.push(`BT /F1 10 Tf ${LEFT} ${720 - i * 12} Td (${line}) Tj ET`));
  return opsPdf(ops);
}

describe('a line of pieces over a line of text', () => {
  it('keeps its stops apart from the next line, at the pitch drawn', async () => {
    const path = tmp.file('report-header.pdf', reportHeaderPdf());
    const layout = await analysePdf({ path });
    const paragraphs = layout.pages[0]!.blocks.filter((b): b is Paragraph => b.kind === 'paragraph');
    const header = paragraphs.find((p) => p.runs.map((r) => r.text).join('').startsWith(REPORT_HEADER[0]!))!;
    // Joined to the title below it, the header was a paragraph of two lines: no stops.
    expect(header.runs.map((r) => r.tab?.align)).toEqual([undefined, 'center', 'right']);
    const title = paragraphs.find((p) => p.runs.map((r) => r.text).join('') === REPORT_TITLE)!;
    // Each one-line paragraph keeps the lines' pitch: written taller, the page would grow.
    expect(header.lineSpacing).toBeCloseTo(PITCH, 1);
    expect(title.lineSpacing).toBeCloseTo(PITCH, 1);
    expect(title.spaceBefore).toBeLessThan(0.5);

    const { rendered, pages } = await roundTrip('report-header', path);
    expect(pages).toBe(1);
    const words = wordEdges(rendered);
    expect(Math.abs(words.get('May-24-16')!.x1 - RIGHT)).toBeLessThan(3);
    expect(words.get('POLICE')!.x0).toBeGreaterThan(LEFT + widthOf(REPORT_HEADER[0]!, 9) + 100);
  });
});

/** The counts' column in the ruled listing: its left rule, the rule between it and the next, and its right rule. */
const RULES = [LEFT - 4, 240, 400];
const VOTES = [
  ['YES', '90', 'YES'],
  ['NO', '142', 'NO'],
  ['YES', '86', 'YES'],
];

/**
 * A ruled listing of two columns printed a whole line at a time, as report writers do: the count
 * flush right against the rule, a space, and the next column's answer, in one string.
 */
function ruledVotesPdf(): Uint8Array {
  const ops = VOTES.map(([answer, count, next], r) => {
    const y = 740 - r * 14;
    const countX = RULES[1]! - 3 - widthOf(count!, 12);
    return `BT /F1 12 Tf 1 0 0 1 ${LEFT} ${y} Tm (${answer}) Tj 1 0 0 1 ${countX.toFixed(2)} ${y} Tm (${count} ${next}) Tj ET`;
  });
  const bottom = 740 - VOTES.length * 14 + 6;
  for (const y of [754, bottom]) ops.push(`0.5 w ${RULES[0]} ${y} m ${RULES[2]} ${y} l S`);
  for (const x of RULES) ops.push(`0.5 w ${x} 754 m ${x} ${bottom} l S`);
  return opsPdf(ops);
}

describe('a count at a right stop with a space after it in the line', () => {
  it('ends at the stop with its last glyph, not with the space', async () => {
    const path = tmp.file('ruled-votes.pdf', ruledVotesPdf());
    const { rendered } = await roundTrip('ruled-votes', path);
    const words = wordEdges(rendered);
    // Kept before the line's end, the space pushed the count left of its place by its width
    // (more than 3 pt at 12 pt).
    for (const [, count] of VOTES) expect(Math.abs(words.get(count!)!.x1 - (RULES[1]! - 3)), count).toBeLessThan(1.5);
  });
});
