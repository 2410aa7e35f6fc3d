/**
 * Drawings laid over a line of text, on PDFs the tests draw: a ring around words (a shape or
 * an annotation's stamp) and a magnifier showing an enlarged copy of a word over the line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';
import { mupdf } from '../mupdf.js';
import { analysePdf } from './analyse.js';
import type { ImageBlock, Paragraph } from './layout.js';

const tmp = useTempDir('pagewright-drawn-over-');
const roundTrip = useWordRoundTrip(tmp);

const esc = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`);
const show = (size: number, x: number, y: number, text: string): string => `BT 0 0 0 rg /F1 ${size} Tf ${x} ${y} Td (${esc(text)}) Tj ET`;
const textOf = (p: Paragraph): string => p.runs.map((r) => r.text).join('');

/** A circle of four Bézier arcs, as a path. */
function circle(cx: number, cy: number, r: number): string {
  const k = r * 0.5523;
  return [
    `${cx + r} ${cy} m`,
    `${cx + r} ${cy + k} ${cx + k} ${cy + r} ${cx} ${cy + r} c`,
    `${cx - k} ${cy + r} ${cx - r} ${cy + k} ${cx - r} ${cy} c`,
    `${cx - r} ${cy - k} ${cx - k} ${cy - r} ${cx} ${cy - r} c`,
    `${cx + k} ${cy - r} ${cx + r} ${cy - k} ${cx + r} ${cy} c`,
    'h',
  ].join(' ');
}

const LINE = 'A line of running text with a ring drawn around its middle words.';

/** The top of the first line of `page` (points from the page's top) containing `word`. */
function lineTop(pdf: string, word: string): number | undefined {
  const doc = mupdf.Document.openDocument(readFileSync(pdf), 'application/pdf');
  try {
    const json = JSON.parse(doc.loadPage(0).toStructuredText('').asJSON()) as { blocks: { lines?: { text: string; bbox: { y: number } }[] }[] };
    return json.blocks.flatMap((b) => b.lines ?? []).find((l) => l.text.includes(word))?.bbox.y;
  } finally {
    doc.destroy();
  }
}

describe('a drawing laid over a line of text', () => {
  it('keeps the line at its drawn place, the picture floating behind it', async () => {
    // A ring 80 pt tall around the middle of the second line: in the flow the picture would
    // push that line down below it.
    const ops = [
      show(11, 72, 760, 'The first line of the page stands above the ring, on its own.'),
      show(11, 72, 700, LINE),
      `0.8 0 0 RG 2 w ${circle(250, 704, 40)} S`,
      show(11, 72, 620, 'The last line of the page stands well below the ring, on its own.'),
    ];
    const path = tmp.file('ring.pdf', opsPdf(ops));
    const page = (await analysePdf({ path })).pages[0]!;
    const ring = page.blocks.find((b): b is ImageBlock => b.kind === 'image');
    expect(ring).toMatchObject({ float: true, behind: true });

    const trip = await roundTrip('ring', path);
    expect(trip.pages).toBe(1);
    expect(trip.xml).toContain('behindDoc="1"');
    // Drawn 842 - 700 - 11 (its ascent, about) = 131 pt from the top.
    const top = lineTop(trip.rendered, 'ring drawn around');
    expect(top).toBeDefined();
    expect(Math.abs(top! - 132)).toBeLessThan(8);
  });

  it('keeps an enlarged copy of a word drawn over the line in the drawing, not as a line of its own', async () => {
    // A magnifier: a white disc with a grey ring over the line's third word (drawn at 153 to
    // 205 pt), showing that word twice as large.
    const ops = [
      show(16, 57, 758, 'Dummy PDF sample file'),
      `1 1 1 rg ${circle(179, 764, 34)} f`,
      show(32, 128, 752, 'sample'),
      `0.5 0.5 0.5 RG 1 w ${circle(179, 764, 34)} S`,
    ];
    const path = tmp.file('magnifier.pdf', opsPdf(ops));
    const page = (await analysePdf({ path })).pages[0]!;
    const texts = page.blocks.filter((b): b is Paragraph => b.kind === 'paragraph').map(textOf);
    expect(texts).toEqual(['Dummy PDF sample file']);
    const picture = page.blocks.find((b): b is ImageBlock => b.kind === 'image');
    expect(picture?.labels?.paragraphs.map(textOf)).toEqual(['sample']);
  });
});
