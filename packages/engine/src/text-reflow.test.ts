import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { annotatePdf } from './index.js';
import { walkText } from './mupdf.js';
import { wrapText } from './pdf/text-reflow.js';
import { openPdf, pageChars, wordBox, writeDoc, type PageChar } from '../test/page-tools-fixtures.js';
import { toolsAvailable } from '../test/tools.js';
import { useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-reflow-');
const out = (name: string): string => `${tmp.dir}/${name}`;

/** A four-line paragraph in red 12 pt Times at a 15 pt pitch (PDF y, bottom-left origin), and a footer line well below it. */
const PARAGRAPH = [
  'The committee met on Monday to review',
  'the plans for the new library and agreed',
  'that the reading room should open early',
  'next spring once the roof is finished.',
];
const TOP_BASELINE = 700;

async function paragraphPdf(): Promise<string> {
  return writeDoc(tmp.dir, 'paragraph.pdf', {
    pages: [{
      size: [612, 792],
      texts: [
        ...PARAGRAPH.map((text, i) => ({ text, x: 72, y: TOP_BASELINE - 15 * i, size: 12, font: 'Times-Roman', rgb: '0.8 0 0' })),
        { text: 'Footer stays where it was', x: 72, y: 400, size: 10 },
      ],
    }],
  });
}

/** The tops and bottoms (display space) of the glyph boxes of `size` on page 1. */
function quadEdges(path: string, size: number): { top: number; bottom: number }[] {
  const doc = openPdf(path);
  const page = doc.loadPage(0);
  const stext = page.toStructuredText('preserve-whitespace');
  const edges: { top: number; bottom: number }[] = [];
  walkText(stext, {
    onChar(c, _origin, _font, charSize, quad) {
      if (/\S/.test(c) && Math.abs(charSize - size) < 0.01) edges.push({ top: Math.min(quad[1], quad[3]), bottom: Math.max(quad[5], quad[7]) });
    },
  });
  stext.destroy();
  page.destroy();
  doc.destroy();
  return edges;
}
const quadTops = (path: string, size: number): number[] => quadEdges(path, size).map((e) => e.top);
const quadBottoms = (path: string, size: number): number[] => quadEdges(path, size).map((e) => e.bottom);

const pdftotext = (path: string): string => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();

describe('wrapText', () => {
  it('breaks at spaces so that no line is wider than its width, a longer word alone on its line', () => {
    const measure = (s: string): number => s.length * 5;
    const lines = wrapText('aa bb cc dd eeeeeeeeeeee ff', measure, (n) => (n === 0 ? 30 : 40));
    expect(lines).toEqual(['aa bb', 'cc dd', 'eeeeeeeeeeee', 'ff']);
    for (const [n, line] of lines.entries()) if (line.includes(' ')) expect(measure(line)).toBeLessThanOrEqual(n === 0 ? 30 : 40);
  });
});

describe.runIf(toolsAvailable('edit mode reflow: pdftotext reads the edited paragraph', 'pdftotext'))('edit mode reflows the paragraph', () => {
  it('a longer word reflows its paragraph inside the block width, same size, colour, first baseline and pitch; pdftotext shows the new text', async () => {
    const path = await paragraphPdf();
    const before = pageChars(path);
    const right = Math.max(...before.filter((g) => g.size === 12).map((g) => g.right));
    await annotatePdf({ path }, out('longer.pdf'), { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'Monday'), find: 'Monday', replace: 'Wednesday afternoon' }] });

    const expected = PARAGRAPH.join(' ').replace('Monday', 'Wednesday afternoon');
    expect(pdftotext(out('longer.pdf'))).toBe(`${expected} Footer stays where it was`);
    const after = pageChars(out('longer.pdf'));
    const body = after.filter((g) => g.size === 12);
    expect(body.filter((g) => g.c !== ' ').map((g) => g.c).join('')).toBe(expected.replace(/ /g, ''));
    for (const g of body) {
      expect(g.right).toBeLessThanOrEqual(right + 0.5);
      expect(g.color).toEqual([0.8, 0, 0].map((v) => expect.closeTo(v, 2)));
    }
    const baselines = [...new Set(body.map((g) => Math.round(g.baseline * 10) / 10))].sort((a, b) => a - b);
    expect(baselines[0]).toBeCloseTo(792 - TOP_BASELINE, 1);
    // One more line than before: the longer text no longer fits in four.
    expect(baselines.length).toBe(5);
    for (let i = 1; i < baselines.length; i++) expect(baselines[i]! - baselines[i - 1]!).toBeCloseTo(15, 1);
    const footer = after.filter((g) => g.size === 10);
    expect(footer.map((g) => g.c).join('')).toBe('Footer stays where it was');
    expect(footer[0]!.baseline).toBeCloseTo(792 - 400, 1);
  });

  it('a paragraph that grows by a line above another one close below it closes up its line spacing (not below the font size) so it does not overlap it', async () => {
    // The next paragraph (10 pt) starts 23 pt under the last line: a fifth line at the 15 pt pitch would run into it.
    const next = ['The next paragraph starts close below', 'and must not be overlapped.'];
    const path = await writeDoc(tmp.dir, 'close-below.pdf', {
      pages: [{
        size: [612, 792],
        texts: [
          ...PARAGRAPH.map((text, i) => ({ text, x: 72, y: TOP_BASELINE - 15 * i, size: 12, font: 'Times-Roman' })),
          ...next.map((text, i) => ({ text, x: 72, y: TOP_BASELINE - 15 * 3 - 23 - 12 * i, size: 10, font: 'Times-Roman' })),
        ],
      }],
    });
    const before = pageChars(path);
    const nextTop = Math.min(...quadTops(path, 10));
    await annotatePdf({ path }, out('close-below-edited.pdf'), { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'Monday'), find: 'Monday', replace: 'Wednesday afternoon' }] });
    expect(pdftotext(out('close-below-edited.pdf'))).toBe(`${PARAGRAPH.join(' ').replace('Monday', 'Wednesday afternoon')} ${next.join(' ')}`);
    const after = pageChars(out('close-below-edited.pdf'));
    const baselines = [...new Set(after.filter((g) => g.size === 12).map((g) => Math.round(g.baseline * 100) / 100))].sort((a, b) => a - b);
    expect(baselines.length).toBe(5);
    expect(baselines[0]).toBeCloseTo(792 - TOP_BASELINE, 1);
    const pitches = baselines.slice(1).map((b, i) => b - baselines[i]!);
    for (const p of pitches) expect(p).toBeCloseTo(pitches[0]!, 1);
    // Closer than the paragraph's own 15 pt, never closer than its 12 pt size.
    expect(pitches[0]!).toBeLessThan(15);
    expect(pitches[0]!).toBeGreaterThanOrEqual(12);
    // The new last line's glyph boxes end above the next paragraph's, which has not moved.
    const lastBottom = Math.max(...quadBottoms(out('close-below-edited.pdf'), 12));
    expect(lastBottom).toBeLessThanOrEqual(nextTop);
    const at = (list: PageChar[]): string[] => list.filter((g) => g.size === 10).map((g) => `${g.c}@${g.x.toFixed(2)},${g.baseline.toFixed(2)}`);
    expect(at(after)).toEqual(at(before));
    console.log(`reflow above a close paragraph: 5 lines at a ${pitches[0]!.toFixed(2)} pt pitch (was 15); last line's bottom ${lastBottom.toFixed(2)}, next paragraph's top ${nextTop.toFixed(2)}`);
  });

  it('a slightly longer word is narrowed in place: the other lines of its paragraph keep every glyph where it was', async () => {
    const path = await paragraphPdf();
    const before = pageChars(path);
    await annotatePdf({ path }, out('slightly.pdf'), { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'Monday'), find: 'Monday', replace: 'Mondays' }] });
    expect(pdftotext(out('slightly.pdf'))).toBe(`${PARAGRAPH.join(' ').replace('Monday', 'Mondays')} Footer stays where it was`);
    const firstBaseline = 792 - TOP_BASELINE;
    const rest = (list: PageChar[]): string[] => list.filter((g) => g.baseline > firstBaseline + 1).map((g) => `${g.c}@${g.x.toFixed(2)},${g.baseline.toFixed(2)}`);
    expect(rest(pageChars(out('slightly.pdf')))).toEqual(rest(before));
  });

  it('a word hyphenated across two lines is whole again in the reflowed paragraph', async () => {
    const lines = ['We met on Monday to review the plans for the li-', 'brary and the reading room', 'for the coming spring.'];
    const path = await writeDoc(tmp.dir, 'hyphen.pdf', {
      pages: [{ size: [612, 792], texts: lines.map((text, i) => ({ text, x: 72, y: TOP_BASELINE - 15 * i, size: 12, font: 'Times-Roman' })) }],
    });
    await annotatePdf({ path }, out('hyphen-edited.pdf'), { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'Monday'), find: 'Monday', replace: 'Wednesday afternoon' }] });
    expect(pdftotext(out('hyphen-edited.pdf'))).toBe('We met on Wednesday afternoon to review the plans for the library and the reading room for the coming spring.');
  });

  it('a paragraph with a bold first line is set again in the style most of it has', async () => {
    const path = await writeDoc(tmp.dir, 'lead-in.pdf', {
      pages: [{
        size: [612, 792],
        texts: PARAGRAPH.map((text, i) => ({ text, x: 72, y: TOP_BASELINE - 15 * i, size: 12, font: i === 0 ? 'Times-Bold' : 'Times-Roman' })),
      }],
    });
    await annotatePdf({ path }, out('lead-in-edited.pdf'), { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'library'), find: 'library', replace: 'public library' }] });
    const fonts = new Set(pageChars(out('lead-in-edited.pdf')).filter((g) => g.c !== ' ').map((g) => g.font));
    expect([...fonts]).toEqual(['Times-Roman']);
  });

  it('a justified paragraph (every line but the last at the right edge) is set again justified', async () => {
    // Courier: lines of as many characters are as wide, which is how this paragraph is justified.
    const lines = ['the first line of this paragraph runs on', 'to its second line where it meets a word', 'and then its third line also reaches out', 'until the end.'];
    const path = await writeDoc(tmp.dir, 'justified.pdf', {
      pages: [{ size: [612, 792], texts: lines.map((text, i) => ({ text, x: 72, y: TOP_BASELINE - 15 * i, size: 12, font: 'Courier' })) }],
    });
    const right = Math.max(...pageChars(path).map((g) => g.right));
    await annotatePdf({ path }, out('justified-edited.pdf'), { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'second'), find: 'second', replace: 'second and longer' }] });
    expect(pdftotext(out('justified-edited.pdf'))).toBe(lines.join(' ').replace('second', 'second and longer'));
    const after = pageChars(out('justified-edited.pdf')).filter((g) => g.c !== ' ');
    const baselines = [...new Set(after.map((g) => Math.round(g.baseline)))].sort((a, b) => a - b);
    expect(baselines.length).toBeGreaterThan(2);
    for (const baseline of baselines.slice(0, -1)) {
      const lineRight = Math.max(...after.filter((g) => Math.round(g.baseline) === baseline).map((g) => g.right));
      expect(lineRight).toBeCloseTo(right, 0);
    }
  });

  it('a whole paragraph replaced by new text is set in its block; pdftotext shows the new text, not the old', async () => {
    const path = await paragraphPdf();
    const old = PARAGRAPH.join(' ');
    const replacement = 'The library opens next week.';
    await annotatePdf({ path }, out('paragraph.pdf'), { annotations: [], textEdits: [{ page: 1, box: wordBox(path, 'The committee'), find: old, replace: replacement }] });
    expect(pdftotext(out('paragraph.pdf'))).toBe(`${replacement} Footer stays where it was`);
    const body = pageChars(out('paragraph.pdf')).filter((g) => g.size === 12);
    expect(body[0]!.x).toBeCloseTo(72, 1);
    expect(body[0]!.baseline).toBeCloseTo(792 - TOP_BASELINE, 1);
  });
});
